/**
 * How long to wait before asking a host again after it said 429 (or 503): the server's
 * `Retry-After` (RFC 9110 §10.2.3: delay-seconds or an HTTP-date) when it gave one, an
 * exponential backoff with jitter when it did not, and never longer than the cap (a hostile
 * `Retry-After: 999999999` must not park the fleet).
 */

export interface BackoffPolicy {
  /** First wait without a Retry-After, doubled per attempt. */
  readonly baseMs: number;
  /** No wait is longer than this, whatever the server asked. */
  readonly maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1_000, maxMs: 60_000 };

/** Milliseconds a Retry-After value asks for, or null when absent or unparseable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (value === undefined) return null;
  const v = value.trim();
  if (/^[0-9]{1,10}$/.test(v)) return Number(v) * 1000;
  // IMF-fixdate and the obsolete forms Date.parse understands; a bare number was handled above.
  if (!/^[A-Za-z]{3},? /.test(v) && !/^[A-Za-z]+, /.test(v)) return null;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * The wait before attempt `attempt + 1` (attempt counts from 1): the server's value when it
 * gave one, else base × 2^(attempt-1) with ±20 % jitter; both capped at `maxMs`.
 */
export function backoffMs(
  retryAfterMs: number | null,
  attempt: number,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== null) return Math.min(policy.maxMs, Math.max(0, retryAfterMs));
  const exp = policy.baseMs * 2 ** Math.max(0, Math.min(20, attempt - 1));
  const jitter = 1 + (random() * 0.4 - 0.2);
  return Math.min(policy.maxMs, Math.round(exp * jitter));
}
