/**
 * Server-supplied text is hostile. Each output format gets one escaping
 * function, applied to every string that did not come from the scanner itself.
 */

/**
 * C0/C1 controls, DEL, and the Unicode format characters that reorder or hide text (bidi,
 * zero-width), including the tag characters U+E0000–U+E007F: invisible, yet read by language
 * models, they smuggle hidden instructions into tool descriptions.
 */
const TERMINAL_UNSAFE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\u{e0000}-\u{e007f}]/gu;

/** Makes a string inert in a terminal: control and invisible characters become visible escapes. */
export function escapeTerminal(text: string): string {
  return text.replace(TERMINAL_UNSAFE, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}

/** Single line for the terminal: newlines and tabs become visible too. */
export function escapeTerminalLine(text: string): string {
  // Newlines and tabs first: escapeTerminal would otherwise turn \r into \u{d}.
  return escapeTerminal(text.replace(/\r/g, '\\r').replace(/\n/g, '\\n').replace(/\t/g, '\\t'));
}
