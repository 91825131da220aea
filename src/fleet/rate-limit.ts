/**
 * Did the target rate-limit this scan? Any exchange with the target's own origin answered 429
 * means some probes saw a rate limiter instead of the server: the scan is not trustworthy and
 * is repeated after the wait the server asked for (the longest `Retry-After` seen).
 */
import type { Evidence } from '../evidence/types.js';
import { parseRetryAfter } from './retry-after.js';

export interface RateLimit {
  readonly limited: boolean;
  /** The longest Retry-After among the 429 answers, ms; null when none gave one. */
  readonly retryAfterMs: number | null;
}

export function rateLimitOf(ev: Evidence, now = Date.now()): RateLimit {
  let limited = false;
  let retryAfterMs: number | null = null;
  for (const x of ev.exchanges) {
    if (x.response?.status !== 429) continue;
    let origin: string;
    try {
      origin = new URL(x.request.url).origin;
    } catch {
      continue;
    }
    if (origin !== ev.endpoint?.origin) continue;
    limited = true;
    const wait = parseRetryAfter(x.response.headers['retry-after']?.[0], now);
    if (wait !== null) retryAfterMs = Math.max(retryAfterMs ?? 0, wait);
  }
  return { limited, retryAfterMs };
}
