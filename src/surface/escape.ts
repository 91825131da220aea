/**
 * Inert excerpts: anything outside printable ASCII and ordinary letters is shown as `<U+XXXX>`,
 * so no report format renders a server's control, bidi or invisible characters.
 */

const VISIBLE = /[\p{L}\p{M}\p{N}\p{P}\p{S} ]/u;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

export function showCodePoint(cp: number): string {
  return `<U+${cp.toString(16).toUpperCase().padStart(4, '0')}>`;
}

/** The text with every non-visible code point spelled out, cut to `max` characters of output. */
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
