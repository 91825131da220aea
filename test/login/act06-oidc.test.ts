/**
 * ACT06 (and ACT12) end to end: an intrusive scan with the pre-registered public client against oidc-provider.
 * With `strictResources` the provider refuses the foreign resource with an `invalid_target` error
 * redirect (pass); by default it accepts any resource up front and binds the token to it (ambiguous:
 * accepting is not by itself a violation). The foreign resource's host is never contacted.
 */
import { describe, expect, it } from 'vitest';

import { scan } from '../../src/index.js';
import { PUBLIC_CLIENT, startOidcProvider } from '../fixtures/servers/oidc.js';
import type { OidcToggles } from '../fixtures/servers/oidc.js';
import { startResourceServer } from '../fixtures/servers/resource-server.js';

interface Run {
  readonly status: string;
  readonly reason: string | null;
  readonly urls: string[];
  readonly act12: string[];
  readonly act13: string[];
  readonly statuses: Record<string, (number | undefined)[]>;
}

async function act06(toggles: OidcToggles): Promise<Run> {
  const oidc = await startOidcProvider({ toggles });
  try {
    const rs = await startResourceServer({ issuer: oidc.issuer });
    try {
      const out = await scan({
        url: rs.url,
        mode: 'intrusive',
        oauthClient: { clientId: PUBLIC_CLIENT, redirectUri: 'http://127.0.0.1:3999/callback' },
        requestTimeoutMs: 5_000,
        scanTimeoutMs: 60_000,
      });
      const r = out.results.filter((x) => x.checkId === 'MCPP-ACT06');
      expect(r).toHaveLength(1);
      const statuses: Record<string, (number | undefined)[]> = {};
      for (const x of out.evidence.exchanges)
        if (x.probe.startsWith('i.proxy')) (statuses[x.probe] ??= []).push(x.response?.status);
      return {
        status: r[0]!.status,
        reason: r[0]!.reason,
        urls: out.evidence.exchanges.map((x) => x.request.url),
        act12: out.results.filter((x) => x.checkId === 'MCPP-ACT12').map((x) => `${x.status}:${x.reason}`),
        act13: out.results.filter((x) => x.checkId === 'MCPP-ACT13').map((x) => `${x.status}:${x.reason}`),
        statuses,
      };
    } finally {
      await rs.close();
    }
  } finally {
    await oidc.close();
  }
}

describe('MCPP-ACT06 against oidc-provider', () => {
  it('passes when the provider refuses resources it does not serve (invalid_target)', async () => {
    const r = await act06({ strictResources: true });
    expect(`${r.status}:${r.reason}`).toBe('pass:null');
    expect(r.urls.some((u) => u.includes('resource=https%3A%2F%2Fmcp-posture-foreign.invalid%2Fmcp'))).toBe(
      true,
    );
    expect(r.urls.some((u) => new URL(u).hostname === 'mcp-posture-foreign.invalid')).toBe(false);
  });

  it('is ambiguous when the provider accepts any resource up front', async () => {
    const r = await act06({});
    expect(`${r.status}:${r.reason}`).toBe('inconclusive:ambiguous');
    // ACT12 in the same scan: two fresh clients, each sent to the provider's own login step, each deleted.
    expect(r.act12).toEqual(['pass:null']);
    // ACT13: the provider's login comes before consent, so the consent page cannot be judged.
    expect(r.act13).toEqual(['inconclusive:ambiguous']);
    expect(r.statuses).toEqual({
      'i.proxy.register(1)': [201],
      'i.proxy.authorize(1)': [303],
      'i.proxy.cleanup(1)': [204],
      'i.proxy.register(2)': [201],
      'i.proxy.authorize(2)': [303],
      'i.proxy.cleanup(2)': [204],
    });
  });
});
