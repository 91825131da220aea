/**
 * Characters JSON.stringify leaves raw that a terminal or editor acts on: DEL and C1 controls
 * (U+009B starts an escape sequence on some terminals), bidi controls and zero-width characters,
 * and the invisible tag characters U+E0000–U+E007F (the surrogate pairs \udb40\udc00–\udb40\udc7f).
 * They can only occur inside JSON strings, so escaping them keeps the same JSON value. Shared by
 * every writer of JSON (reports, evidence bundles, locks), so it lives below all of them.
 */
const UNSAFE_IN_OUTPUT =
  /[\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]|\udb40[\udc00-\udc7f]/g;

export function escapeJsonText(json: string): string {
  // A tag character is two UTF-16 code units: each becomes its own \u escape.
  return json.replace(UNSAFE_IN_OUTPUT, (m) =>
    m
      .split('')
      .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
      .join(''),
  );
}
