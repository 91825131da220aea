import { describe, expect, it } from 'vitest';

import { backoffMs, parseRetryAfter } from '../../src/fleet/retry-after.js';

describe('Retry-After and backoff', () => {
  it('parses delay-seconds and HTTP-dates; ignores garbage', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('-5', now)).toBeNull();
    expect(parseRetryAfter('1.5', now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });

  it('honours the server within the cap, else backs off exponentially with jitter', () => {
    const policy = { baseMs: 1_000, maxMs: 10_000 };
    expect(backoffMs(3_000, 1, policy)).toBe(3_000);
    expect(backoffMs(999_999_999, 1, policy)).toBe(10_000);
    expect(backoffMs(null, 1, policy, () => 0.5)).toBe(1_000);
    expect(backoffMs(null, 3, policy, () => 0.5)).toBe(4_000);
    expect(backoffMs(null, 3, policy, () => 0)).toBe(3_200);
    expect(backoffMs(null, 30, policy, () => 1)).toBe(10_000);
  });
});
