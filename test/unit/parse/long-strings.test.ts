/**
 * Very long strings in server JSON are cut when parsed (src/evidence/parse/long-strings.ts), so
 * a reply kept as evidence never holds a megabyte of one string; and UTF-8 validity is checked
 * without decoding a second copy of the body (utf8Issue), with the same verdicts as before.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { parseJsonRpcBody, utf8Issue } from '../../../src/evidence/parse/json-rpc.js';
import {
  boundLongStrings,
  cutMarker,
  cutString,
  excerptOf,
  MAX_SERVER_STRING_CHARS,
} from '../../../src/evidence/parse/long-strings.js';

const MAX = MAX_SERVER_STRING_CHARS;

describe('long server strings', () => {
  it('keeps strings up to the bound as they are and cuts longer ones with a marker', () => {
    const exact = 'a'.repeat(MAX);
    expect(cutString(exact)).toBe(exact);
    const long = 'b'.repeat(MAX + 1234);
    const cut = cutString(long);
    expect(cut).toBe('b'.repeat(MAX) + cutMarker(1234));
    expect(cut.length).toBeLessThan(MAX + 100);
  });

  it('never splits a surrogate pair', () => {
    const s = `${'x'.repeat(MAX - 1)}😀${'y'.repeat(10)}`;
    const cut = cutString(s);
    expect(cut.startsWith('x'.repeat(MAX - 1) + '…')).toBe(true);
    expect(excerptOf(s, MAX)).toBe('x'.repeat(MAX - 1));
  });

  it('cuts strings and keys at any depth of parsed JSON, and keeps `__proto__` a plain key', () => {
    const long = 'z'.repeat(MAX * 2);
    const text = JSON.stringify({
      a: [long, { b: long, short: 'ok' }],
      [long]: 1,
      n: 3,
    }).replace('"n":3', '"n":3,"__proto__":{"polluted":"' + long + '"}');
    const value = boundLongStrings(JSON.parse(text), text.length) as Record<string, unknown>;
    const a = value['a'] as [string, Record<string, unknown>];
    expect(a[0]).toBe(cutString(long));
    expect(a[1]['b']).toBe(cutString(long));
    expect(a[1]['short']).toBe('ok');
    expect(value[cutString(long)]).toBe(1);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(JSON.stringify(value).length).toBeLessThan(6 * MAX);
  });

  it('leaves a text shorter than the bound untouched (no walk)', () => {
    const parsed = { s: 'short' };
    expect(boundLongStrings(parsed, 100)).toBe(parsed);
  });

  it('parseJsonRpcBody keeps a 1 MB member of a result as a bounded string', () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { pad: 'p'.repeat(1_000_000), ok: true } });
    const parsed = parseJsonRpcBody(body);
    const m = parsed.messages[0];
    expect(m?.kind).toBe('response');
    const result = (m as { result: { pad: string; ok: boolean } }).result;
    expect(result.ok).toBe(true);
    expect(result.pad.length).toBeLessThan(MAX + 100);
    expect(result.pad).toContain('more characters not kept by mcp-posture');
    expect(parsed.issues).toEqual([]);
  });
});

describe('utf8Issue', () => {
  it('agrees with a strict decoder, whole and cut at the cap', () => {
    const strict = (bytes: Uint8Array, truncated: boolean): boolean => {
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: truncated });
        return true;
      } catch {
        return false;
      }
    };
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 20 }).map((s) => new TextEncoder().encode(s)),
      fc.tuple(fc.string({ unit: 'binary', maxLength: 10 }), fc.nat({ max: 3 })).map(([s, cut]) => {
        const b = new TextEncoder().encode(s);
        return b.subarray(0, Math.max(0, b.length - cut));
      }),
    );
    fc.assert(
      fc.property(bytes, fc.boolean(), (b, truncated) => {
        expect(utf8Issue(b, truncated) === null).toBe(strict(b, truncated));
      }),
      { numRuns: 2_000 },
    );
  });
});
