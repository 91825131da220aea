/**
 * The characters that hide or reorder text, in one place, and the two ways the scanner spells
 * them out as visible text. Server-supplied text is hostile: a tool description can carry ANSI
 * sequences, bidi overrides, zero-width characters and the invisible tag characters
 * U+E0000–U+E007F (read by language models, shown by nothing) to smuggle instructions.
 *
 * The per-format escapers (./terminal.ts, ./json.ts, ./html.ts, ./markdown.ts, ./xml.ts,
 * ./sarif.ts) build their character classes from the pieces below.
 */

/** DEL and the C1 controls (U+009B starts an escape sequence on some terminals); a regex class body. */
export const DEL_AND_C1 = '\\u007f-\\u009f';

/**
 * The format characters that reorder or hide text (a regex class body): the Arabic letter mark,
 * zero-width space/joiners and LRM/RLM, the line and paragraph separators, the bidi embeddings
 * and overrides, the word joiner, invisible operators and bidi isolates, and the BOM.
 */
export const REORDERING_OR_ZERO_WIDTH = '\\u061c\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u2069\\ufeff';

/** The tag characters U+E0000–U+E007F, for a regex with the `u` flag (a class body). */
export const TAG_CHARACTERS = '\\u{e0000}-\\u{e007f}';

/** A code point as `<U+XXXX>`: the visible form in excerpts and lock diffs. */
export function showCodePoint(cp: number): string {
  return `<U+${cp.toString(16).toUpperCase().padStart(4, '0')}>`;
}

const VISIBLE = /[\p{L}\p{M}\p{N}\p{P}\p{S} ]/u;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * An inert one-line excerpt of server text, for a check's message: anything outside letters,
 * marks, numbers, punctuation, symbols and the space (private-use and planes 15–16 included) is
 * shown as `<U+XXXX>`, newlines and tabs as `\n` and `\t`, so no report format renders a
 * server's control, bidi or invisible characters. Cut to `max` characters of output.
 */
export function escapeExcerpt(text: string, max = 160): string {
  // Printable ASCII is shown as it is: the common case, without a per-character walk.
  if (PRINTABLE_ASCII.test(text)) return text.length >= max ? `${text.slice(0, max)}…` : text;
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const visible = VISIBLE.test(ch) && !(cp >= 0xe000 && cp <= 0xf8ff) && cp < 0xf0000;
    out += visible ? ch : ch === '\n' ? '\\n' : ch === '\t' ? '\\t' : showCodePoint(cp);
    if (out.length >= max) return `${out.slice(0, max)}…`;
  }
  return out;
}

/**
 * Code points that render as nothing or reorder text, and other controls (inclusive ranges): what
 * a lock diff must show, line breaks and tabs excepted (a diff is multi-line). Unlike an excerpt,
 * a diff keeps every visible letter and mark, but spells out the blank letters (Hangul fillers)
 * and invisible marks (combining grapheme joiner, variation selectors) that make two names
 * look alike.
 */
const INVISIBLE: readonly (readonly [number, number])[] = [
  [0x00, 0x08],
  [0x0b, 0x1f],
  [0x7f, 0x9f],
  [0xad, 0xad],
  [0x34f, 0x34f],
  [0x61c, 0x61c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xe0000, 0xe007f],
  [0xe0100, 0xe01ef],
];

const invisible = (cp: number): boolean => INVISIBLE.some(([a, b]) => cp >= a && cp <= b);

/** The text with every invisible or reordering code point shown as `<U+XXXX>` (lock diffs). */
export function showInvisible(text: string): string {
  let out = '';
  for (const c of text) {
    const cp = c.codePointAt(0)!;
    out += invisible(cp) ? showCodePoint(cp) : c;
  }
  return out;
}
