/**
 * The terminal (and every plain-text output that a terminal or CI log may print): C0/C1
 * controls, DEL, and the format characters that reorder or hide text become visible escapes.
 */
import { DEL_AND_C1, REORDERING_OR_ZERO_WIDTH, TAG_CHARACTERS } from './invisible.js';

/** Every C0 control but tab and line feed. */
const C0_BUT_TAB_LF = '\\u0000-\\u0008\\u000b-\\u001f';

const TERMINAL_UNSAFE = new RegExp(
  `[${C0_BUT_TAB_LF}${DEL_AND_C1}${REORDERING_OR_ZERO_WIDTH}${TAG_CHARACTERS}]`,
  'gu',
);

/** Makes a string inert in a terminal: control and invisible characters become visible `\u{…}` escapes. */
export function escapeTerminal(text: string): string {
  return text.replace(TERMINAL_UNSAFE, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}

/** Single line for the terminal: newlines and tabs become visible too. */
export function escapeTerminalLine(text: string): string {
  // Newlines and tabs first: escapeTerminal would otherwise turn \r into \u{d}.
  return escapeTerminal(text.replace(/\r/g, '\\r').replace(/\n/g, '\\n').replace(/\t/g, '\\t'));
}
