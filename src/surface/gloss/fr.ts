import type { GlossTable } from './types.js';

/** French (./types.ts explains the format). */
export const FRENCH: GlossTable = {
  language: 'fr',
  markers:
    'le|la|les|et|est|pas|des|une|pour|avec|vous|ne|du|au|aux|tu|ton|ta|tes|votre|vos|avant|chaque|toujours|jamais|dans|sur|qui|que',
  words: {
    you: 'vous|tu|te|toi',
    always: 'toujours',
    never: 'jamais',
    send: 'envo*',
  },
};
