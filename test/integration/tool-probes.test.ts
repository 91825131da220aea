/**
 * s.tool.unknown and s.cursor against real servers on 127.0.0.1: the official SDKs (1.x and 2.x,
 * over Streamable HTTP and stdio), the fixture server over both HTTP transports with the flaws
 * switched off and on, and the fixture protecting only tools/call (the AUTHN07 link).
 */
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import type { CheckResult } from '../../src/checks/define-check.js';
import type { FixtureOptions } from '../../src/demo/fixture-server.js';
import { startFixtureServer } from '../../src/demo/fixture-server.js';
import { summaryStatus } from '../../src/engine/merge-revisions.js';
import type { Evidence } from '../../src/evidence/types.js';
import { scan } from '../../src/index.js';
import type { Mode } from '../../src/evidence/types.js';
import { NONEXISTENT_TOOL_PREFIX } from '../../src/probe/stages/tool-probes.js';
import { startSdk1 } from '../fixtures/servers/sdk1.js';
import { startSdk2 } from '../fixtures/servers/sdk2.js';
import { FIXTURE as FLAWED, scanCommand } from '../stdio/helpers.js';

interface Outcome {
  readonly evidence: Evidence;
  readonly results: readonly CheckResult[];
}

async function scanOf(
  start: () => Promise<{ url: string; close(): Promise<void> }>,
  mode?: Mode,
): Promise<Outcome> {
  const server = await start();
  try {
    const out = await scan({ url: server.url, requestTimeoutMs: 5_000, ...(mode ? { mode } : {}) });
    return { evidence: out.evidence, results: out.report.results };
  } finally {
    await server.close();
  }
}

const verdict = (o: Outcome, id: string) => {
  const rs = o.results.filter((r) => r.checkId === id);
  const failing = rs.filter((r) => r.status === 'fail').map((r) => r.key);
  return { status: summaryStatus(rs.map((r) => r.status)), keys: [...new Set(failing)] };
};

const sentProbes = (o: Outcome) => o.evidence.exchanges.map((x) => x.probe);

const fixture = (o: Partial<FixtureOptions>) => () => startFixtureServer(o);

describe.concurrent('s.tool.unknown and s.cursor', () => {
  it('the default fixture (Streamable HTTP): -32602 to both, on the session, with a fresh name', async () => {
    const o = await scanOf(fixture({}));
    const t = o.evidence.toolProbes!;
    expect(t.unknownTool.startsWith(`${NONEXISTENT_TOOL_PREFIX}-`)).toBe(true);
    expect(['echo', 'get_time']).not.toContain(t.unknownTool);
    const call = o.evidence.exchanges.find((x) => x.probe === 's.tool.unknown')!;
    expect(call.request.headers['mcp-session-id']).toBeDefined();
    expect(JSON.parse(call.request.body ?? '{}')).toMatchObject({
      method: 'tools/call',
      params: { name: t.unknownTool, arguments: {} },
    });
    expect(verdict(o, 'MCPP-TOOL18')).toEqual({ status: 'pass', keys: [] });
    expect(verdict(o, 'MCPP-TOOL19')).toEqual({ status: 'pass', keys: [] });
  });

  it('the fixture over HTTP+SSE: both probes go to the message endpoint', async () => {
    const o = await scanOf(fixture({ transport: 'http+sse' }));
    const call = o.evidence.exchanges.find((x) => x.probe === 's.tool.unknown')!;
    expect(call.request.url).toMatch(/\/messages\?sessionId=/);
    expect(verdict(o, 'MCPP-TOOL18').status).toBe('pass');
    expect(verdict(o, 'MCPP-TOOL19').status).toBe('pass');
  });

  it('flaw unknownToolResult fails TOOL18 (result) on both HTTP transports', async () => {
    for (const transport of ['streamable-http', 'http+sse'] as const) {
      const o = await scanOf(fixture({ transport, unknownToolResult: true }));
      expect(verdict(o, 'MCPP-TOOL18'), transport).toEqual({ status: 'fail', keys: ['result'] });
      expect(verdict(o, 'MCPP-TOOL19').status, transport).toBe('pass');
    }
  });

  it('flaw cursorIgnored fails TOOL19 (ignored)', async () => {
    const o = await scanOf(fixture({ cursorIgnored: true }));
    expect(verdict(o, 'MCPP-TOOL19')).toEqual({ status: 'fail', keys: ['ignored'] });
    expect(verdict(o, 'MCPP-TOOL18').status).toBe('pass');
  });

  it('passive mode sends neither probe', async () => {
    const o = await scanOf(fixture({}), 'passive');
    expect(sentProbes(o).filter((p) => p === 's.tool.unknown' || p === 's.cursor')).toEqual([]);
  });

  it('behind an authorization wall without a token neither probe is sent', async () => {
    const o = await scanOf(fixture({ requireAuth: 'secret' }));
    expect(sentProbes(o).filter((p) => p === 's.tool.unknown' || p === 's.cursor')).toEqual([]);
    expect(o.results.find((r) => r.checkId === 'MCPP-TOOL18')?.reason).toBe('auth_wall');
  });

  it('a server without the tools capability is not probed (stdio): TOOL18 and TOOL19 not applicable', async () => {
    const s = await scanCommand([FLAWED, '--flaw', 'no-tools']);
    const t = s.evidence.toolProbes!;
    expect([t.toolUnknown.kind, t.invalidCursor.kind]).toEqual(['skipped', 'skipped']);
    const lines = s.evidence.stdio!.launches.flatMap((l) => JSON.stringify(l));
    expect(lines.join('')).not.toContain(NONEXISTENT_TOOL_PREFIX);
    expect(s.status('MCPP-TOOL18')).toBe('not_applicable');
    expect(s.status('MCPP-TOOL19')).toBe('not_applicable');
    // Control: the same server with tools is probed, and its -32601 to tools/call is a protocol error.
    const withTools = await scanCommand([FLAWED]);
    expect(withTools.evidence.toolProbes!.toolUnknown.kind).toBe('ok');
    expect(withTools.status('MCPP-TOOL18')).toBe('pass');
  }, 60_000);

  it('SDK 1.x over Streamable HTTP: an isError result for the unknown tool, the cursor ignored', async () => {
    const o = await scanOf(() => startSdk1({ responseMode: 'json', hostValidation: true }));
    expect(verdict(o, 'MCPP-TOOL18')).toEqual({ status: 'fail', keys: ['result'] });
    expect(verdict(o, 'MCPP-TOOL19')).toEqual({ status: 'fail', keys: ['ignored'] });
    expect(o.results.find((r) => r.checkId === 'MCPP-TOOL19' && r.status === 'fail')?.severity).toBe('info');
  });

  it('SDK 2.x, dual era: -32602 on the legacy session', async () => {
    const o = await scanOf(() => startSdk2({ variant: 'express', legacy: 'stateless' }));
    expect(verdict(o, 'MCPP-TOOL18')).toEqual({ status: 'pass', keys: [] });
    expect(verdict(o, 'MCPP-TOOL19')).toEqual({ status: 'fail', keys: ['ignored'] });
  });

  it('SDK 2.x, modern only: the modern stage’s s.tool.unknown is reused, s.cursor sent on the modern wire', async () => {
    const o = await scanOf(() => startSdk2({ variant: 'node', legacy: 'reject' }));
    expect(sentProbes(o).filter((p) => p === 's.tool.unknown')).toHaveLength(1);
    const cursor = o.evidence.exchanges.find((x) => x.probe === 's.cursor')!;
    expect(cursor.request.headers['mcp-method']).toBe('tools/list');
    expect(o.evidence.toolProbes?.unknownTool).toBe(o.evidence.modern?.probeNames.body);
    expect(verdict(o, 'MCPP-TOOL18').status).toBe('pass');
    expect(verdict(o, 'MCPP-TOOL19').keys).toEqual(['ignored']);
  });

  it('stdio: SDK 1.x fails TOOL18 (result), SDK 2.x passes it', async () => {
    const at = (f: string) => join(import.meta.dirname, '..', 'fixtures', 'stdio', f);
    const one = await scanCommand([at('sdk1-server.mjs')]);
    const two = await scanCommand([at('sdk2-server.mjs')]);
    expect([one.status('MCPP-TOOL18'), one.failKeys('MCPP-TOOL18')]).toEqual(['fail', ['result']]);
    expect(one.status('MCPP-TOOL19')).toBe('fail');
    expect(two.status('MCPP-TOOL18')).toBe('pass');
    expect(two.evidence.toolProbes?.toolUnknown.kind).toBe('ok');
  }, 60_000);
});

describe.concurrent('the AUTHN07 link: a server that protects only tools/call', () => {
  it('s.tool.unknown gets 401 while the listing is served: the OAuth walk runs and AUTHN07 fails', async () => {
    const o = await scanOf(fixture({ requireAuthForToolCalls: 'secret' }));
    const call = o.evidence.toolProbes!.toolUnknown;
    expect(call.kind === 'ok' && 'status' in call.value && call.value.status).toBe(401);
    expect(o.evidence.auth.inUse).toBe(true);
    expect(verdict(o, 'MCPP-TOOL18').status).toBe('inconclusive');
    const authn07 = verdict(o, 'MCPP-AUTHN07');
    expect(authn07.status).toBe('fail');
    expect(authn07.keys).toContain('tools/list');
  });
});
