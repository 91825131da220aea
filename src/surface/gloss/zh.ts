import type { GlossTable } from './types.js';

/** Chinese (./types.ts explains the format). */
export const CHINESE: GlossTable = {
  language: 'zh',
  markers: '',
  words: {
    you: '你|您',
    always: '总是|始终|务必',
    send: '发送|发到|传送',
  },
};
