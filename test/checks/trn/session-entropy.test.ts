import { describe, expect, it } from 'vitest';

import {
  commonAffixes,
  detectSequence,
  duplicates,
  estimateEntropy,
  hasInvalidCharset,
  inferAlphabet,
  MIN_SESSION_ENTROPY_BITS,
} from '../../../src/checks/trn/session-entropy.js';

const V4 = [
  'a3f1c2d4-5b6e-4f70-8a9b-0c1d2e3f4a5b',
  '0f9e8d7c-6b5a-4c3d-9e2f-1a0b9c8d7e6f',
  '7c2e9a41-d3b8-4e05-b1f6-52a9c0e8d347',
];
const V7 = ['01890a5d-ac96-774b-bcce-b302099a8057', '01890a5d-ad12-7c1e-9a4f-03c5e7f1b2d9'];

describe('session-entropy', () => {
  it('credits UUIDv4 with 122 bits', () => {
    const e = estimateEntropy(V4);
    expect(e.bits).toBeGreaterThanOrEqual(MIN_SESSION_ENTROPY_BITS);
    expect(e.bits).toBe(122);
    expect(e.method).toContain('UUIDv4');
  });

  it('strips a constant prefix before crediting the UUID (mcp-session-<uuid>)', () => {
    const e = estimateEntropy(V4.map((u) => `mcp-session-${u}`));
    expect(e.prefix).toBe('mcp-session-');
    expect(e.bits).toBeGreaterThanOrEqual(MIN_SESSION_ENTROPY_BITS);
    expect(e.bits).toBe(122);
  });

  it('subtracts UUID digits shared by chance', () => {
    // Both start with `a`: that digit is stripped and costs 4 bits.
    const e = estimateEntropy([
      'a3f1c2d4-5b6e-4f70-8a9b-0c1d2e3f4a5b',
      'af9e8d7c-6b5a-4c3d-9e2f-1a0b9c8d7e6f',
    ]);
    expect(e.bits).toBe(118);
  });

  it('credits UUIDv7 with its 74 random bits only', () => {
    const e = estimateEntropy(V7);
    expect(e.bits).toBe(74);
    expect(e.method).toContain('UUIDv7');
  });

  it('rates 1, 2, 3 as short and sequential', () => {
    const values = ['1', '2', '3'];
    expect(estimateEntropy(values).bits).toBeLessThan(MIN_SESSION_ENTROPY_BITS);
    expect(detectSequence(values)).toEqual({ base: 10, maxDelta: 1n });
  });

  it('rates 16 random hex characters at about 64 bits', () => {
    const e = estimateEntropy(['9f86d081884c7d65', '2c26b46b68ffc68f', 'e3b0c44298fc1c14']);
    expect(e.bits).toBe(64);
    expect(detectSequence(['9f86d081884c7d65', '2c26b46b68ffc68f'])).toBeNull();
  });

  it('measures base64url and decimal IDs by their alphabet', () => {
    const b64 = ['Zx3_kP9-aQ2mWv7tLr5yBc', 'Hq8-Tn4_sJ6eXu1oVd0fGp'];
    expect(estimateEntropy(b64).bits).toBe(132); // 22 × 6
    expect(inferAlphabet('abc123XYZ').size).toBe(62);
    expect(inferAlphabet('abc123').size).toBe(16);
    expect(inferAlphabet('xyz123').size).toBe(36);
    expect(inferAlphabet('0123').size).toBe(10);
  });

  it('finds timestamps and hex counters but not random values', () => {
    expect(detectSequence(['sess-1735689600123', 'sess-1735689600456'])?.base).toBe(10);
    expect(detectSequence(['id-00ff3a10', 'id-00ff3b2c'])?.base).toBe(16);
    expect(detectSequence(['482913', '093847'])).toBeNull(); // random 6 digits: short, not a sequence
    expect(detectSequence(V4)).toBeNull();
  });

  it('treats separators as zero bits and shared affixes as non-random', () => {
    expect(commonAffixes(['tok-abc-end', 'tok-xyz-end'])).toEqual({ prefix: 'tok-', suffix: '-end' });
    expect(estimateEntropy(['tok-abc-end', 'tok-xyz-end']).bits).toBeLessThan(20);
  });

  it('flags charset and duplicates', () => {
    expect(hasInvalidCharset('abc def')).toBe(true);
    expect(hasInvalidCharset('')).toBe(true);
    expect(hasInvalidCharset('abc~!')).toBe(false);
    expect(duplicates(['a', 'b', 'a'])).toEqual(['a']);
  });
});
