/** RFC 8785 canonical JSON: fixed vectors written from the RFC's rules, and properties. */
import { createHash } from 'node:crypto';

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { canonicalJson, hashOf, prettyJson } from '../../src/lock/canonical.js';

/** Rebuilds an object with its members inserted in a shuffled order. */
function shuffled(v: unknown, seed: number): unknown {
  if (Array.isArray(v)) return v.map((x, i) => shuffled(x, seed + i));
  if (typeof v !== 'object' || v === null) return v;
  const keys = Object.keys(v);
  const order = keys.map((k, i) => ({ k, r: Math.sin(seed * 31 + i) })).sort((a, b) => a.r - b.r);
  const out: Record<string, unknown> = {};
  for (const { k } of order) out[k] = shuffled((v as Record<string, unknown>)[k], seed + 1);
  return out;
}

describe('canonicalJson (RFC 8785)', () => {
  it('orders members by UTF-16 code units, not by insertion, numeric value or code points', () => {
    // "\u20ac" (U+20AC) sorts before "\ud83d\ude00" (U+1F600, surrogates D83D DE00) by code
    // units only if U+20AC < U+D83D, which holds; U+FB33 sorts after the surrogate pair,
    // although its code point is smaller than U+1F600.
    const v = { '\ufb33': 5, '\ud83d\ude00': 4, '\u20ac': 3, '10': 2, '9': 1, a: 0, B: -1 };
    expect(canonicalJson(v)).toBe('{"10":2,"9":1,"B":-1,"a":0,"€":3,"😀":4,"דּ":5}');
  });

  it('serializes numbers as ECMAScript does (RFC 8785 §3.2.2.3)', () => {
    const cases: [number, string][] = [
      [0, '0'],
      [-0, '0'],
      [1e21, '1e+21'],
      [1e-7, '1e-7'],
      [0.000001, '0.000001'],
      [123456789012345680000, '123456789012345680000'],
      [4.5, '4.5'],
      [-1.5e-10, '-1.5e-10'],
    ];
    for (const [n, s] of cases) expect(canonicalJson(n)).toBe(s);
    expect(() => canonicalJson(Number.NaN)).toThrow();
    expect(() => canonicalJson(Number.POSITIVE_INFINITY)).toThrow();
  });

  it('escapes strings minimally and keeps Unicode as is (no normalisation)', () => {
    expect(canonicalJson('\u0000\b\t\n\f\r"\\/\u001f\u007f')).toBe(
      '"\\u0000\\b\\t\\n\\f\\r\\"\\\\/\\u001f\u007f"',
    );
    // é as one code point and as e + combining accent stay different.
    expect(canonicalJson('\u00e9')).not.toBe(canonicalJson('e\u0301'));
    expect(canonicalJson('\u200b')).toBe('"\u200b"');
  });

  it('has no whitespace and drops undefined members', () => {
    expect(canonicalJson({ b: [1, { d: null, c: true }], a: undefined })).toBe(
      '{"b":[1,{"c":true,"d":null}]}',
    );
  });

  it('property: member order never matters', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer(), (v, seed) => {
        expect(canonicalJson(shuffled(v, seed))).toBe(canonicalJson(v));
      }),
      { numRuns: 300 },
    );
  });

  it('property: the output is JSON for the same value, and canonical again (idempotent)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const c = canonicalJson(v);
        const back: unknown = JSON.parse(c);
        expect(back).toEqual(JSON.parse(JSON.stringify(v)));
        expect(canonicalJson(back)).toBe(c);
      }),
      { numRuns: 300 },
    );
  });

  it('property: the pretty form parses to the same value and has the same member order', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const p = prettyJson(v);
        expect(p.endsWith('\n')).toBe(true);
        expect(canonicalJson(JSON.parse(p))).toBe(canonicalJson(v));
        // Same order: removing the layout whitespace of the pretty form gives the canonical form.
        expect(JSON.stringify(JSON.parse(p))).toBe(JSON.stringify(JSON.parse(canonicalJson(v))));
      }),
      { numRuns: 200 },
    );
  });

  it('hashOf is SHA-256 over the UTF-8 of the canonical form', () => {
    const v = { z: 'é', a: [1, 2] };
    const hex = createHash('sha256').update('{"a":[1,2],"z":"é"}', 'utf8').digest('hex');
    expect(hashOf(v)).toBe(`sha256:${hex}`);
  });
});
