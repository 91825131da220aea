/** Payloads behind decoders (./concepts/decoders.ts): poisoned high on their item, honest neighbours below high. */
import { describe, expect, it } from 'vitest';

import { decodeMore } from '../../src/surface/decoders.js';
import { conceptTests } from './concepts.js';
import { HONEST, POISONED } from './concepts/decoders.js';

describe('decoders concept', () => conceptTests(POISONED, HONEST));

describe('decodeMore', () => {
  it('reads each run as the text it hides', () => {
    const kinds = (s: string) => decodeMore(s).map((r) => [r.kind, r.text]);
    expect(kinds('x \\u0068\\u0069\\u0020\\u0074\\u0068\\u0065\\u0072\\u0065 y')).toEqual([
      ['escapes', 'hi there'],
    ]);
    expect(kinds('&#104;&#105;&#32;&#116;&#104;&#101;&#114;&#101;')).toEqual([['html-entities', 'hi there']]);
    expect(kinds('=68=69=20=74=68=65=72=65=20=79=6F=75')).toEqual([['quoted-printable', 'hi there you']]);
  });
  it('skips short runs, runs that are not text and runs past its bound', () => {
    expect(decodeMore('\\u0068\\u0069\\u0021')).toEqual([]);
    expect(decodeMore('\\u0001\\u0002\\u0003\\u0004\\u0005\\u0006\\u0007\\u0008\\u0009')).toEqual([]);
    expect(decodeMore('\\u0061\\u0020'.repeat(2_000))).toEqual([]);
  });
  it('reports a JWT only as a candidate that must order something', () => {
    const claims = Buffer.from(JSON.stringify({ sub: 'a', note: 'hello there my good friend' })).toString(
      'base64url',
    );
    const runs = decodeMore(`eyJhbGciOiJIUzI1NiJ9.${claims}.c2ln`);
    expect(runs.map((r) => [r.kind, r.onlyIfOrders])).toEqual([['jwt', true]]);
  });
});
