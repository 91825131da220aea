/** --plan must list every kind of request a scan can send: checked against real scans. */
import { describe, expect, it } from 'vitest';

import { startFixtureServer } from '../../src/demo/fixture-server.js';
import { scan } from '../../src/index.js';
import { buildPlan } from '../../src/probe/plan.js';
import { startSdk2 } from '../fixtures/servers/sdk2.js';

async function probesOf(
  start: () => Promise<{ url: string; close(): Promise<void> }>,
): Promise<{ url: string; probes: Set<string> }> {
  const server = await start();
  try {
    const out = await scan({ url: server.url });
    return { url: server.url, probes: new Set(out.evidence.exchanges.map((x) => x.probe)) };
  } finally {
    await server.close();
  }
}

describe.concurrent('request plan', () => {
  const targets = {
    'legacy Streamable HTTP': () => startFixtureServer({ responseMode: 'sse' }),
    'HTTP+SSE': () => startFixtureServer({ transport: 'http+sse' }),
    'dual-era SDK 2.x': () => startSdk2({ variant: 'express', legacy: 'stateless' }),
  };
  for (const [name, start] of Object.entries(targets)) {
    it(`covers every probe a scan of a ${name} server sent`, async () => {
      const { url, probes } = await probesOf(start);
      const planned = new Set(buildPlan(url, 'safe').map((p) => p.probe));
      expect([...probes].filter((p) => !planned.has(p))).toEqual([]);
      expect(probes.size).toBeGreaterThan(3);
    });
  }

  it('plans the i.cimd requests in intrusive mode only', () => {
    const cimd = (mode: 'safe' | 'intrusive') =>
      buildPlan('http://127.0.0.1:1/mcp', mode)
        .filter((p) => p.probe.startsWith('i.cimd('))
        .map((p) => p.probe);
    expect(cimd('safe')).toEqual([]);
    expect(cimd('intrusive')).toContain('i.cimd(valid)');
    expect(cimd('intrusive')).toContain('i.cimd(special-use:metadata-link-local)');
    expect(cimd('intrusive')).toHaveLength(21);
  });

  it('passive mode plans no safe probe', () => {
    expect(buildPlan('http://127.0.0.1:1/mcp', 'passive').every((p) => p.tier === 'passive')).toBe(true);
  });

  it('plans TLS and cleartext probes only for https targets', () => {
    expect(buildPlan('http://127.0.0.1:1/mcp', 'safe').some((p) => p.probe === 'p.tls')).toBe(false);
    const https = buildPlan('https://mcp.example.test/mcp', 'safe');
    expect(https.find((p) => p.probe === 'p.plain')?.url).toBe('http://mcp.example.test/mcp');
  });
});
