/**
 * The credentials of one scan, as the HTTP client attaches them: the user's token and
 * `--header` values, and the named alternate sets (second, narrow-scope and expired tokens), all bound
 * to the target's exact origin and redacted from everything recorded.
 */
import { EXPIRED_TOKEN_SET, NARROW_TOKEN_SET, SECOND_TOKEN_SET } from './auth/token-tier.js';
import type { Credentials } from './http/types.js';
import type { CollectOptions } from './scan-options.js';

export function scanCredentials(opts: CollectOptions, target: URL): Credentials {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers['authorization'] = `Bearer ${opts.token}`;
  const alternates: Record<string, Record<string, string>> = {};
  if (opts.secondToken) alternates[SECOND_TOKEN_SET] = { authorization: `Bearer ${opts.secondToken}` };
  if (opts.narrowToken) alternates[NARROW_TOKEN_SET] = { authorization: `Bearer ${opts.narrowToken}` };
  if (opts.expiredToken) alternates[EXPIRED_TOKEN_SET] = { authorization: `Bearer ${opts.expiredToken}` };
  return { origin: target.origin, headers, alternates };
}

/** True when there is anything to attach. */
export function hasCredentials(c: Credentials): boolean {
  return Object.keys(c.headers).length > 0 || Object.keys(c.alternates ?? {}).length > 0;
}
