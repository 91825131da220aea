import type { GlossTable } from './types.js';

/** Italian (./types.ts explains the format). */
export const ITALIAN: GlossTable = {
  language: 'it',
  markers:
    'il|lo|gli|le|della|delle|dei|una|per|con|che|non|è|sempre|mai|prima|ogni|anche|quando|ma|senza|al|del|di|tu|tuo|tua',
  words: {
    you: 'tu|ti|te',
    always: 'sempre',
    never: 'mai',
    send: 'invi*|mand*',
  },
};
