import type { GlossTable } from './types.js';

/** Portuguese (./types.ts explains the format). */
export const PORTUGUESE: GlossTable = {
  language: 'pt',
  markers:
    'o|os|as|do|da|dos|das|uma|para|com|por|que|não|você|seu|sua|antes|cada|sempre|nunca|também|quando|mas|sem|ao|em|no|na',
  words: {
    you: 'você|vocês|tu',
    always: 'sempre',
    never: 'nunca|jamais',
    send: 'envi*|mand*',
  },
};
