/**
 * JSON text: the characters JSON.stringify leaves raw that a terminal or editor acts on (DEL and
 * C1 controls, bidi controls and zero-width characters, the tag characters). They can only occur
 * inside JSON strings, so escaping them keeps the same JSON value. Every writer of JSON (reports,
 * SARIF, evidence bundles) passes its output through `escapeJsonText`.
 */
import { DEL_AND_C1, REORDERING_OR_ZERO_WIDTH } from './invisible.js';

/** Without the `u` flag a tag character is its surrogate pair \udb40\udc00–\udb40\udc7f. */
const UNSAFE_IN_OUTPUT = new RegExp(
  `[${DEL_AND_C1}${REORDERING_OR_ZERO_WIDTH}]|\\udb40[\\udc00-\\udc7f]`,
  'g',
);

export function escapeJsonText(json: string): string {
  // A tag character is two UTF-16 code units: each becomes its own \u escape.
  return json.replace(UNSAFE_IN_OUTPUT, (m) =>
    m
      .split('')
      .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
      .join(''),
  );
}
