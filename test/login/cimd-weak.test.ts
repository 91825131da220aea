/**
 * CIMD10–CIMD19, the failing cases: an intrusive scan (with the special-use opt-in) of an MCP
 * resource server whose authorization server handles URL client IDs correctly except for one
 * switchable weakness (test/fixtures/servers/cimd-as.ts); the variants are served by the scanner's
 * own loopback variants server over https. Without a flaw every check passes (CIMD14 excepted: no
 * consent page without login); each flaw turns exactly its check's key to a fail. Never a request
 * to the unregistered redirect host, even when the AS redirects there.
 */
import { describe, expect, it } from 'vitest';

import { scan } from '../../src/index.js';
import { buildPlan } from '../../src/probe/plan.js';
import type { ScanOutput } from '../../src/api.js';
import { testCerts } from '../helpers/certs.js';
import { startCimdAs } from '../fixtures/servers/cimd-as.js';
import type { CimdFlaw } from '../fixtures/servers/cimd-as.js';
import { startResourceServer } from '../fixtures/servers/resource-server.js';

const IDS = [10, 11, 12, 13, 14, 15, 16, 17, 18, 19].map((n) => `MCPP-CIMD${n}`);

async function run(
  flaw: CimdFlaw | undefined,
  cimd: { specialUse?: boolean; base?: string } = { specialUse: true },
): Promise<{ out: ScanOutput; fails: string[]; clientIds: string[] }> {
  const certs = testCerts();
  const as = await startCimdAs({ ca: certs.ca, ...(flaw ? { flaw } : {}) });
  try {
    const rs = await startResourceServer({ issuer: as.issuer });
    try {
      const out = await scan({
        url: rs.url,
        mode: 'intrusive',
        cimd: { ...cimd, tls: certs.leaf },
        requestTimeoutMs: 5_000,
        scanTimeoutMs: 90_000,
      });
      // Nothing ever reached the unregistered redirect host (every request is recorded, failures included).
      expect(
        out.evidence.exchanges.some((x) => new URL(x.request.url).hostname === 'mcp-posture-probe.invalid'),
      ).toBe(false);
      // --plan lists every request the scan sent.
      const planned = new Set(buildPlan(rs.url, 'intrusive').map((p) => p.probe));
      expect([...new Set(out.evidence.exchanges.map((x) => x.probe))].filter((p) => !planned.has(p))).toEqual(
        [],
      );
      const fails = out.results
        .filter((r) => IDS.includes(r.checkId) && r.status === 'fail')
        .map((r) => `${r.checkId}:${r.key ?? ''}:${r.severity}`);
      return { out, fails, clientIds: [...as.clientIds] };
    } finally {
      await rs.close();
    }
  } finally {
    await as.close();
  }
}

const statuses = (out: ScanOutput): Record<string, string[]> => {
  const got: Record<string, string[]> = {};
  for (const r of out.results)
    if (IDS.includes(r.checkId))
      (got[r.checkId] ??= []).push(`${r.key ?? ''}:${r.status}${r.reason ? `:${r.reason}` : ''}`);
  return got;
};

describe('CIMD10–CIMD19 against an authorization server with one weakness', () => {
  it('passes everything without a flaw', async () => {
    const { out, fails } = await run(undefined);
    expect(fails).toEqual([]);
    const got = statuses(out);
    expect(got['MCPP-CIMD11']).toEqual([
      'loopback-v4:pass',
      'metadata-link-local:pass',
      'private-10:pass',
      'loopback-v6:pass',
    ]);
    expect(got['MCPP-CIMD14']).toEqual([':inconclusive:ambiguous']);
    expect(got['MCPP-CIMD17']).toEqual(['ignores-cache-headers:pass', 'caches-errors:pass']);
    for (const id of ['MCPP-CIMD12', 'MCPP-CIMD13', 'MCPP-CIMD15', 'MCPP-CIMD16', 'MCPP-CIMD18'])
      expect(got[id], id).toEqual([':pass']);
  }, 60_000);

  const cases: [CimdFlaw, string[]][] = [
    // The userinfo shape passes even here: the fixture's fetch (undici) refuses URLs with
    // credentials, so it is rejected without a fetch — what the check can observe.
    [
      'accepts-malformed',
      [
        'MCPP-CIMD10:http-scheme:medium',
        'MCPP-CIMD10:no-path:medium',
        'MCPP-CIMD10:fragment:medium',
        'MCPP-CIMD10:dot-segment:medium',
      ],
    ],
    [
      'fetches-special-use',
      [
        'MCPP-CIMD11:loopback-v4:medium',
        'MCPP-CIMD11:metadata-link-local:medium',
        'MCPP-CIMD11:private-10:medium',
        'MCPP-CIMD11:loopback-v6:medium',
      ],
    ],
    ['accepts-mismatch', ['MCPP-CIMD12:accepted:high']],
    ['redirects-unregistered', ['MCPP-CIMD13:redirect:critical']],
    ['follows-redirects', ['MCPP-CIMD15:accepted:low']],
    ['accepts-oversized', ['MCPP-CIMD16:accepted:low']],
    ['ignores-cache', ['MCPP-CIMD17:ignores-cache-headers:low']],
    ['caches-errors', ['MCPP-CIMD17:caches-errors:low']],
    ['not-advertised', ['MCPP-CIMD18:working-not-advertised:medium']],
    ['accepts-invalid', ['MCPP-CIMD19:invalid-json:medium', 'MCPP-CIMD19:no-redirects:medium']],
  ];
  for (const [flaw, expected] of cases)
    it(`${flaw}: fails ${[...new Set(expected.map((e) => e.split(':').slice(0, 2).join(':')))].join(', ')}`, async () => {
      const { fails } = await run(flaw);
      expect(fails).toEqual(expected);
    }, 60_000);

  it('with --cimd-base the client IDs name the base, and there is no request log', async () => {
    // A base nothing answers at (loopback port 1): the AS cannot fetch the valid document.
    const base = 'https://127.0.0.1:1/variants';
    const { out, clientIds } = await run(undefined, { base });
    const cimd = out.evidence.oauth?.cimd;
    expect(cimd?.kind === 'ok' && cimd.value.host === 'base' && cimd.value.log === null).toBe(true);
    expect(clientIds.filter((c) => !c.startsWith(base) && !c.startsWith('http://127.0.0.1:1/'))).toEqual([
      'https://127.0.0.1:1',
      'https://mcp-posture@127.0.0.1:1/variants/valid.json',
    ]);
    const got = statuses(out);
    expect(got['MCPP-CIMD17']).toEqual([':inconclusive:needs_callback_host']);
    expect(got['MCPP-CIMD18']).toEqual(['advertised-not-working:fail']);
    // The control failed: a rejection shows nothing.
    expect(got['MCPP-CIMD12']).toEqual([':inconclusive:ambiguous']);
    expect(out.results.find((r) => r.checkId === 'MCPP-CIMD18')?.confidence).toBe('medium');
  }, 60_000);

  it('the special-use client IDs are sent only with the separate opt-in', async () => {
    const { out, clientIds } = await run(undefined, {});
    expect(
      clientIds.some((c) => /169\.254|10\.0\.0\.1|\[::1\]|https:\/\/127\.0\.0\.1\/mcp-posture/.test(c)),
    ).toBe(false);
    expect(statuses(out)['MCPP-CIMD11']).toEqual([':inconclusive:mode_disabled']);
  }, 60_000);
});
