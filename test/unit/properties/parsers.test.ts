/**
 * Header parsers on hostile input. Media types: never throw, and any result is well-formed and
 * case-insensitive. WWW-Authenticate: the pathological shapes of the hostile corpus at full
 * size (the transport's 16 KiB header limit keeps them from reaching the parser in a scan, so
 * they are fed directly here) parse in linear time.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { parseMediaType } from '../../../src/evidence/parse/media-type.js';
import { parseWwwAuthenticate } from '../../../src/evidence/parse/www-authenticate.js';

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9a-z]+$/;
const tokenArb = fc.stringMatching(/^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,12}$/);

describe('parseMediaType properties', () => {
  it('never throws; a result has lower-case token type and subtype and a matching essence', () => {
    const piece = fc.constantFrom(
      '/',
      ';',
      '=',
      '"',
      '\\',
      ' ',
      '\t',
      ',',
      'a',
      'B',
      '\u00e9',
      '\u0000',
      '*',
    );
    const input = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string({ unit: piece }),
      fc.array(fc.string({ unit: piece, maxLength: 20 }), { maxLength: 3 }),
    );
    fc.assert(
      fc.property(input, (v) => {
        const m = parseMediaType(v);
        if (m === null) return;
        expect(TOKEN.test(m.type) && TOKEN.test(m.subtype)).toBe(true);
        expect(m.essence).toBe(`${m.type}/${m.subtype}`);
        for (const k of Object.keys(m.params)) expect(TOKEN.test(k)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('is case-insensitive in type, subtype and parameter names', () => {
    fc.assert(
      fc.property(tokenArb, tokenArb, tokenArb, tokenArb, (type, sub, name, value) => {
        const text = `${type}/${sub}; ${name}=${value}`;
        const a = parseMediaType(text);
        const b = parseMediaType(text.toUpperCase());
        expect(a?.essence).toBe(`${type}/${sub}`.toLowerCase());
        expect(b?.essence).toBe(a?.essence);
        expect(Object.keys(b?.params ?? {})).toEqual(Object.keys(a?.params ?? {}));
      }),
    );
  });
});

describe('WWW-Authenticate parser on the corpus shapes at full size', () => {
  const shapes: [string, string][] = [
    ['100 000 commas', `Bearer ${','.repeat(100_000)}`],
    ['50 000 params', `Bearer ${Array.from({ length: 50_000 }, (_, i) => `a${i}=b`).join(',')}`],
    ['100 000 escaped quotes, unterminated', `Bearer realm="${'\\"'.repeat(100_000)}`],
    ['nested quotes', `Bearer realm="${'"'.repeat(100_000)}`],
    ['100 000 challenges', 'Basic, '.repeat(100_000)],
    ['a 1 MiB token68', `Bearer ${'A'.repeat(1 << 20)}=`],
  ];
  for (const [name, header] of shapes) {
    // Scaling is measured by `npm run bench parsers`; here, only that it answers.
    it(`${name}: parses or fails`, () => {
      const r = parseWwwAuthenticate([header]);
      expect('error' in r || Array.isArray(r.challenges)).toBe(true);
    });
  }
});
