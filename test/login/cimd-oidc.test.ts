/**
 * CIMD10–CIMD19 end to end against oidc-provider with Client ID Metadata Documents enabled
 * (draft-02): an intrusive scan whose variants the scanner serves itself on loopback, over https
 * with the test CA (the provider is told to trust it, and to let its fetches reach 127.0.0.1).
 * The provider handles URL client IDs correctly, so these are the passing cases (the failing ones
 * are in cimd-weak.test.ts) — with one real finding: oidc-provider 9.13.3 accepts a client ID URL
 * without a path (`https://127.0.0.1:<port>`) as far as fetching `/` before it rejects it.
 * No request goes to the unregistered redirect host; the variants server is closed afterwards.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';

import { scan } from '../../src/index.js';
import { testCerts } from '../helpers/certs.js';
import { startOidcProvider } from '../fixtures/servers/oidc.js';
import { startResourceServer } from '../fixtures/servers/resource-server.js';

const IDS = [10, 11, 12, 13, 14, 15, 16, 17, 18, 19].map((n) => `MCPP-CIMD${n}`);

/** Resolves true when nothing accepts a connection on the port. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(false)));
    s.once('error', () => resolve(true));
  });
}

describe('CIMD10–CIMD19 against oidc-provider (CIMD enabled)', () => {
  it('passes the URL client ID checks, with the variants served by the scanner', async () => {
    const certs = testCerts();
    const oidc = await startOidcProvider({ toggles: { cimd: true, cimdFetchCa: certs.ca } });
    try {
      const rs = await startResourceServer({ issuer: oidc.issuer });
      try {
        const out = await scan({
          url: rs.url,
          mode: 'intrusive',
          cimd: { tls: certs.leaf },
          requestTimeoutMs: 5_000,
          scanTimeoutMs: 90_000,
        });
        const got: Record<string, string[]> = {};
        for (const r of out.results)
          if (IDS.includes(r.checkId))
            (got[r.checkId] ??= []).push(`${r.key ?? ''}:${r.status}${r.reason ? `:${r.reason}` : ''}`);
        expect(got).toEqual({
          'MCPP-CIMD10': [
            'http-scheme:pass',
            'no-path:fail',
            'userinfo:pass',
            'fragment:pass',
            'dot-segment:pass',
          ],
          'MCPP-CIMD11': [':inconclusive:mode_disabled'],
          'MCPP-CIMD12': [':pass'],
          'MCPP-CIMD13': [':pass'],
          // oidc-provider's login comes before consent.
          'MCPP-CIMD14': [':inconclusive:ambiguous'],
          'MCPP-CIMD15': [':pass'],
          'MCPP-CIMD16': [':pass'],
          'MCPP-CIMD17': ['ignores-cache-headers:pass', 'caches-errors:pass'],
          'MCPP-CIMD18': [':pass'],
          'MCPP-CIMD19': ['invalid-json:pass', 'no-redirects:pass'],
        });
        const cimd = out.evidence.oauth?.cimd;
        expect(cimd?.kind).toBe('ok');
        if (cimd?.kind !== 'ok') return;
        // The valid document was fetched once (then cached), the redirect's target never.
        const log = cimd.value.log ?? [];
        expect(log.filter((f) => f.variant === 'valid')).toHaveLength(1);
        expect(log.some((f) => f.variant === 'redirect-target')).toBe(false);
        // Never a request to the unregistered redirect host, to the registered one, or to the AS's login page.
        const hosts = out.evidence.exchanges.map((x) => new URL(x.request.url));
        expect(hosts.some((u) => u.hostname === 'mcp-posture-probe.invalid')).toBe(false);
        expect(hosts.some((u) => u.pathname.startsWith('/interaction/'))).toBe(false);
        expect(await refused(Number(new URL(cimd.value.base).port))).toBe(true);
      } finally {
        await rs.close();
      }
    } finally {
      await oidc.close();
    }
  }, 120_000);
});
