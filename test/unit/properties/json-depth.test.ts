/** The linear depth pre-check that keeps deep server JSON out of the evidence agrees with the real depth. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { jsonDepthExceeds, parseJsonRpcBody, MAX_JSON_DEPTH } from '../../../src/evidence/parse/json-rpc.js';

function depth(v: unknown): number {
  if (Array.isArray(v)) return 1 + Math.max(0, ...v.map(depth));
  if (typeof v === 'object' && v !== null) return 1 + Math.max(0, ...Object.values(v).map(depth));
  return 0;
}

/** JSON values whose strings are full of brackets and escapes, which must not count. */
const tricky = fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a') });
const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    tricky,
    fc.integer(),
    fc.constant(null),
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(tricky, tie('node'), { maxKeys: 3 }),
  ),
})).node;

describe('JSON depth bound', () => {
  it('jsonDepthExceeds(text, max) is exactly depth > max', () => {
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 8 }), (v, max) => {
        expect(jsonDepthExceeds(JSON.stringify(v), max)).toBe(depth(v) > max);
      }),
      { numRuns: 500 },
    );
  });

  it('parseJsonRpcBody refuses any nesting past the bound, at any size, without throwing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: MAX_JSON_DEPTH + 1, max: 200_000 }),
        fc.constantFrom('[', '{"a":'),
        (n, open) => {
          const close = open === '[' ? ']' : '}';
          const r = parseJsonRpcBody(
            `{"jsonrpc":"2.0","id":1,"result":${open.repeat(n)}1${close.repeat(n)}}`,
          );
          expect(r.json).toBe(false);
          expect(r.issues.some((i) => i.key === 'json')).toBe(true);
        },
      ),
      { numRuns: 20 },
    );
  });
});
