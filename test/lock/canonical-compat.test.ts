/**
 * One canonical JSON (src/lock/canonical.ts) replaced two: the lock's RFC 8785 serializer and the
 * fleet's own (src/fleet/canonical-json.ts, removed). Both former implementations are frozen below
 * exactly as they were, so this proves that existing lock files and fleet records (surface and
 * document hashes in journals and history databases) keep their bytes: for any JSON value, with
 * Unicode keys, -0, integer-like keys and nested member orders, and for nesting past the fleet's cut.
 */
import { createHash } from 'node:crypto';

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { canonicalJson, FLEET_MAX_DEPTH, hashOf, sha256Hex } from '../../src/lock/canonical.js';

/** The lock's serializer before the merge (src/lock/canonical.ts at 2080e8e). */
function lockBefore(v: unknown): string {
  const scalar = (x: unknown): string | null => {
    if (x === null) return 'null';
    if (typeof x === 'boolean') return x ? 'true' : 'false';
    if (typeof x === 'number') {
      if (!Number.isFinite(x)) throw new TypeError('non-finite');
      return JSON.stringify(x);
    }
    if (typeof x === 'string') return JSON.stringify(x);
    if (typeof x === 'object') return null;
    throw new TypeError('not JSON');
  };
  const s = scalar(v);
  if (s !== null) return s;
  if (Array.isArray(v)) return `[${v.map((x) => (x === undefined ? 'null' : lockBefore(x))).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((k) => `${JSON.stringify(k)}:${lockBefore(o[k])}`)
    .join(',')}}`;
}

/** The fleet's serializer and hash before the merge (src/fleet/canonical-json.ts at 2080e8e). */
function fleetBefore(v: unknown, depth = 0): string {
  if (depth > 64) return '"[depth limit]"';
  if (Array.isArray(v)) return `[${v.map((x) => fleetBefore(x, depth + 1)).join(',')}]`;
  if (typeof v === 'object' && v !== null) {
    const o = v as Readonly<Record<string, unknown>>;
    return `{${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${fleetBefore(o[k], depth + 1)}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}
const fleetHashBefore = (text: string): string => createHash('sha256').update(text).digest('hex');

const nested = (depth: number, leaf: unknown): unknown => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { k: v, '\u00e9': -0 };
  return v;
};

const SAMPLES: unknown[] = [
  -0,
  [-0, 0, 1e21, 1e-7, -1.5e-10],
  { '\ufb33': 5, '\ud83d\ude00': 4, '\u20ac': 3, '10': 2, '9': 1, a: 0, B: -1 },
  { z: { y: { x: [{ b: 'e\u0301', a: '\u00e9' }] } }, a: '\u202e\u200b\u0000"\\' },
  { '\ud800': 'lone surrogate \udc00', dropped: undefined, kept: null },
  nested(40, 'leaf'),
  nested(64, 'at the cut'),
  nested(65, 'past the cut'),
  nested(200, 'deep'),
];

describe('one canonical JSON, byte-compatible with both former implementations', () => {
  it('gives a lock the bytes and the hash it had, for fixed samples and any JSON value', () => {
    for (const v of SAMPLES) expect(canonicalJson(v)).toBe(lockBefore(v));
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(canonicalJson(v)).toBe(lockBefore(v));
        expect(hashOf(v)).toBe(`sha256:${fleetHashBefore(lockBefore(v))}`);
      }),
      { numRuns: 500 },
    );
  });

  it('gives a fleet record the bytes and the hash it had, the depth cut included', () => {
    for (const v of SAMPLES) {
      expect(canonicalJson(v, FLEET_MAX_DEPTH)).toBe(fleetBefore(v));
      expect(sha256Hex(canonicalJson(v, FLEET_MAX_DEPTH))).toBe(fleetHashBefore(fleetBefore(v)));
    }
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(canonicalJson(v, FLEET_MAX_DEPTH)).toBe(fleetBefore(v));
      }),
      { numRuns: 500 },
    );
    expect(canonicalJson(nested(65, 'x'), FLEET_MAX_DEPTH)).toContain('[depth limit]');
    expect(canonicalJson(nested(64, 'x'), FLEET_MAX_DEPTH)).not.toContain('[depth limit]');
  });

  it('cuts hostile nesting for the fleet instead of overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(canonicalJson(deep, FLEET_MAX_DEPTH)).toContain('[depth limit]');
  });
});
