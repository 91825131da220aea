import type { GlossTable } from './types.js';

/** Spanish (./types.ts explains the format). */
export const SPANISH: GlossTable = {
  language: 'es',
  markers:
    'el|los|las|del|una|para|con|por|que|es|no|tu|tus|usted|antes|cada|siempre|nunca|también|cuando|pero|sin|al|se',
  words: {
    you: 'tú|usted',
    always: 'siempre',
    never: 'nunca|jamás',
    send: 'envi*|mand*',
  },
};
