import type { GlossTable } from './types.js';

/** Japanese (./types.ts explains the format). */
export const JAPANESE: GlossTable = {
  language: 'ja',
  markers: '',
  words: {
    you: 'あなた',
    always: '必ず|常に|いつも',
    send: '送信|送って|送る',
  },
};
