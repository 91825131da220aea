/**
 * `--expired-token-env` / config `expiredTokenEnv`: resolved like the other token variables, and the
 * token travels as its own credential set, bound to the target origin and redacted like `--token`.
 */
import { describe, expect, it } from 'vitest';

import { parseConfig } from '../../src/config/load.js';
import { resolveTargetSettings } from '../../src/config/resolve.js';
import { EXPIRED_TOKEN_SET, ScanCredentials } from '../../src/probe/credentials.js';
import { createRedactor } from '../../src/probe/http/redact.js';

const URL_ = 'https://mcp.example.com/mcp';

describe('the expired token', () => {
  it('is read from the variable a flag or the config names (the flag wins)', () => {
    const cfg = parseConfig(JSON.stringify({ targets: [{ url: URL_, expiredTokenEnv: 'FROM_CONFIG' }] }));
    expect(resolveTargetSettings(null, URL_, {}).expiredTokenEnv).toBeNull();
    const s = resolveTargetSettings(cfg, URL_, {});
    expect([s.expiredTokenEnv, s.sources.expiredTokenEnv]).toEqual(['FROM_CONFIG', 'target']);
    expect(resolveTargetSettings(cfg, URL_, {}, { expiredTokenEnv: 'FROM_FLAG' }).expiredTokenEnv).toBe(
      'FROM_FLAG',
    );
  });

  it('is a credential set of its own for the target origin, redacted from what is recorded', () => {
    const supplied = new ScanCredentials(
      { token: 'user-token-1', expiredToken: 'expired-token-1' },
      new URL(URL_).origin,
    );
    expect(supplied.has(EXPIRED_TOKEN_SET)).toBe(true);
    expect(String(supplied)).not.toContain('expired-token-1');
    const c = supplied.forClient();
    expect(c.origin).toBe('https://mcp.example.com');
    expect(c.alternates?.[EXPIRED_TOKEN_SET]).toEqual({ authorization: 'Bearer expired-token-1' });
    expect(c.headers['authorization']).toBe('Bearer user-token-1');
    expect(createRedactor(c).text('echo: expired-token-1')).toBe('echo: [REDACTED]');
  });
});
