import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  decodeHeaderValue,
  encodeHeaderValue,
  encodeSentinel,
  needsEncoding,
} from '../../../src/evidence/parse/header-sentinel.js';

/** Strings without lone surrogates: UTF-8 cannot carry those, so they cannot round-trip. */
function wellFormed(s: string): boolean {
  try {
    encodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
}

const anyText = fc.string({ unit: 'binary', maxLength: 64 }).filter(wellFormed);

describe('header sentinel', () => {
  it.each([
    ['get_weather', 'get_weather'],
    ['a b', 'a b'],
    ['', ''],
  ])('leaves the header-safe value %j plain', (value, expected) => {
    expect(encodeHeaderValue(value)).toBe(expected);
  });

  it.each([
    ['café', '=?base64?Y2Fmw6k=?='],
    [' lead', '=?base64?IGxlYWQ=?='],
    ['trail\t', '=?base64?dHJhaWwJ?='],
    ['line\nbreak', '=?base64?bGluZQpicmVhaw==?='],
    ['=?base64?abc?=', '=?base64?PT9iYXNlNjQ/YWJjPz0=?='],
  ])('encodes %j', (value, expected) => {
    expect(needsEncoding(value)).toBe(true);
    expect(encodeHeaderValue(value)).toBe(expected);
  });

  it.each([
    ['=?base64?Y2Fmw6k=?=', { kind: 'encoded', value: 'café' }],
    ['  =?base64?Z2V0X3dlYXRoZXI=?=  ', { kind: 'encoded', value: 'get_weather' }],
    ['  get_weather ', { kind: 'plain', value: 'get_weather' }],
    ['=?BASE64?Y2Fmw6k=?=', { kind: 'plain', value: '=?BASE64?Y2Fmw6k=?=' }],
    ['=?base64?Y2Fmw6k?=', { kind: 'invalid', reason: 'base64' }],
    ['=?base64?Y2Fm w6k=?=', { kind: 'invalid', reason: 'base64' }],
    ['=?base64?/w==?=', { kind: 'invalid', reason: 'utf8' }],
    ['=?base64??=', { kind: 'encoded', value: '' }],
  ])('decodes %j', (raw, expected) => {
    expect(decodeHeaderValue(raw)).toEqual(expected);
  });

  it('round-trips every well-formed string through the header encoding', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        const decoded = decodeHeaderValue(encodeHeaderValue(s));
        expect(decoded.kind === 'invalid' ? null : decoded.value).toBe(s);
      }),
    );
  });

  it('round-trips through the sentinel even when encoding was optional', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        expect(decodeHeaderValue(encodeSentinel(s))).toEqual({ kind: 'encoded', value: s });
      }),
    );
  });

  it('always produces printable ASCII without surrounding whitespace', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        expect(encodeHeaderValue(s)).toMatch(/^(?:[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?)?$/);
      }),
    );
  });

  it('never throws on arbitrary input, sentinel-shaped or not', () => {
    const sentinelish = fc
      .tuple(fc.string({ unit: 'binary', maxLength: 40 }), fc.boolean())
      .map(([inner, wrap]) => (wrap ? `=?base64?${inner}?=` : inner));
    fc.assert(
      fc.property(sentinelish, (raw) => {
        const d = decodeHeaderValue(raw);
        expect(['plain', 'encoded', 'invalid']).toContain(d.kind);
      }),
    );
  });
});
