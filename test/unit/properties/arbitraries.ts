/** Shared fast-check arbitraries for the property tests: text a hostile server could send. */
import fc from 'fast-check';

import { INJECTION } from '../../fixtures/servers/hostile.js';

/** One of every kind of character the outputs must neutralise, plus the markup around them. */
export const NASTY_CHARS = [
  '\u0000',
  '\u0007',
  '\u0008',
  '\t',
  '\n',
  '\r',
  '\u000b',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009b',
  '\u061c',
  '\u200b',
  '\u200d',
  '\u200e',
  '\u2028',
  '\u2029',
  '\u202a',
  '\u202e',
  '\u2060',
  '\u2066',
  '\u2069',
  '\ufeff',
  '\u{e0001}',
  '\u{e0041}',
  '\u{e007f}',
  '\ud800',
  '\udfff',
  '\u{1f600}',
  '<',
  '>',
  '&',
  '"',
  "'",
  '[',
  ']',
  '(',
  ')',
  '!',
  '\\',
  '`',
  '|',
  ']]>',
  '<script>',
  'javascript:',
] as const;

/** A single UTF-16 code unit, lone surrogates included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));

/** Strings mixing arbitrary code points, lone surrogates, the nasty characters and the corpus payloads. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: codeUnit }),
  fc.string({ unit: fc.constantFrom(...NASTY_CHARS) }),
  fc
    .array(
      fc.oneof(
        fc.constantFrom(...NASTY_CHARS, INJECTION.terminal, INJECTION.markup, INJECTION.unicode),
        fc.string({ maxLength: 4 }),
      ),
      { maxLength: 16 },
    )
    .map((parts) => parts.join('')),
);
