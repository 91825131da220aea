/**
 * i.tool(name), intrusive: the 2026-07-28 fixture with a designated tool. The clean
 * server passes MCPP-MOD30 and MCPP-MOD31, each designated-tool defect fails exactly its
 * key, and without intrusive mode or a designation no tool is ever called.
 */
import { describe, expect, it } from 'vitest';

import type { ModernDefect, ModernFixtureOptions } from '../../src/demo/modern-fixture.js';
import { MODERN_DEFECTS, REGION_DESIGNATION, startModernFixture } from '../../src/demo/modern-fixture.js';
import type { CollectOptions } from '../../src/index.js';
import { scan } from '../../src/index.js';
import { buildPlan } from '../../src/probe/plan.js';
import { parseReport } from '../../src/report/parse-report.js';
import { renderJson } from '../../src/report/json.js';
import { runCli, STACK_TRACE } from '../helpers/cli.js';
import { validateReport } from '../helpers/schema.js';

type Out = Awaited<ReturnType<typeof scan>>;
const CHECKS = ['MCPP-MOD30', 'MCPP-MOD31'];
const TOOL_PROBES = [
  'i.tool.control',
  'i.tool.param-missing',
  'i.tool.param-mismatch',
  'i.tool.no-capabilities',
];

async function scanFixture(
  fixture: Partial<ModernFixtureOptions>,
  opts: Partial<CollectOptions> = {},
): Promise<Out> {
  const server = await startModernFixture(fixture);
  try {
    return await scan({
      url: server.url,
      requestTimeoutMs: 5_000,
      mode: 'intrusive',
      designatedTool: REGION_DESIGNATION,
      ...opts,
    });
  } finally {
    await server.close();
  }
}

/** [status, key, reason] of every result of a check. */
function outcomes(out: Out, id: string): [string, string | null, string | null][] {
  return out.report.results
    .filter((r) => r.checkId === id)
    .map((r) => [r.status, r.key, r.reason] as [string, string | null, string | null]);
}

/** Failing checks other than AUTHN01 (the fixture lists its tools without authentication). */
function failing(out: Out): string[] {
  return [
    ...new Set(
      out.report.results
        .filter((r) => r.status === 'fail' && r.checkId !== 'MCPP-AUTHN01')
        .map((r) => r.checkId),
    ),
  ].sort();
}

function assertSound(out: Out): void {
  expect(out.report.results.filter((r) => r.status === 'error').map((r) => r.message)).toEqual([]);
  expect(validateReport(renderJson(out.report))).toEqual([]);
}

function exchange(out: Out, probe: string) {
  const x = out.evidence.exchanges.find((e) => e.probe === probe);
  expect(x, probe).toBeDefined();
  return x!;
}

const toolExchanges = (out: Out) => out.evidence.exchanges.filter((x) => x.probe.startsWith('i.tool'));

describe.concurrent('designated tool (intrusive): MOD30 and MOD31 on the 2026-07-28 fixture', () => {
  it('the clean server passes both; the wire carries exactly the planned variants', async () => {
    const out = await scanFixture({});
    expect(outcomes(out, 'MCPP-MOD30')).toEqual([
      ['pass', 'missing', null],
      ['pass', 'mismatch', null],
    ]);
    expect(outcomes(out, 'MCPP-MOD31')).toEqual([['pass', null, null]]);
    expect(out.report.results.filter((r) => CHECKS.includes(r.checkId)).map((r) => r.location)).toEqual([
      'tool:region_report',
      'tool:region_report',
      'tool:region_report',
    ]);
    expect(failing(out)).toEqual([]);
    assertSound(out);

    // Exactly the four calls, each once, each in the intrusive plan.
    expect(toolExchanges(out).map((x) => x.probe)).toEqual(TOOL_PROBES);
    const planned = new Set(buildPlan(out.report.target.url, 'intrusive').map((p) => p.probe));
    expect(out.evidence.exchanges.map((x) => x.probe).filter((p) => !planned.has(p))).toEqual([]);

    const control = exchange(out, 'i.tool.control');
    expect(control.request.headers).toMatchObject({
      'mcp-method': 'tools/call',
      'mcp-name': 'region_report',
      'mcp-param-region': 'us-west1',
      'mcp-protocol-version': '2026-07-28',
    });
    const params = (x: typeof control) =>
      (JSON.parse(x.request.body ?? '{}') as { params: Record<string, unknown> }).params;
    expect(params(control)).toMatchObject({
      name: 'region_report',
      arguments: { region: 'us-west1' },
      _meta: { 'io.modelcontextprotocol/clientCapabilities': { elicitation: {}, sampling: {}, roots: {} } },
    });
    expect(exchange(out, 'i.tool.param-missing').request.headers['mcp-param-region']).toBeUndefined();
    expect(exchange(out, 'i.tool.param-mismatch').request.headers['mcp-param-region']).toBe(
      'mcp-posture-probe-mismatch',
    );
    const noCaps = exchange(out, 'i.tool.no-capabilities');
    const meta = params(noCaps)['_meta'] as Record<string, unknown>;
    expect(meta['io.modelcontextprotocol/clientCapabilities']).toEqual({});
    expect(noCaps.request.headers['mcp-param-region']).toBe('us-west1');
    expect(noCaps.response?.status).toBe(400);

    const d = out.evidence.modern?.designated;
    expect(d?.kind).toBe('ok');
    if (d?.kind === 'ok')
      expect(d.value.param).toEqual({
        path: 'region',
        header: 'Mcp-Param-Region',
        value: 'us-west1',
        mismatch: 'mcp-posture-probe-mismatch',
      });
  });

  it('the dual-era fixture passes both too', async () => {
    const out = await scanFixture({ dualEra: true });
    expect(outcomes(out, 'MCPP-MOD30').map((o) => o[0])).toEqual(['pass', 'pass']);
    expect(outcomes(out, 'MCPP-MOD31').map((o) => o[0])).toEqual(['pass']);
    expect(failing(out)).toEqual([]);
    assertSound(out);
  });

  const KEYS: Partial<Record<ModernDefect, Record<string, [string, string | null, string | null][]>>> = {
    paramHeaderNotChecked: {
      'MCPP-MOD30': [
        ['fail', 'missing-executed', null],
        ['fail', 'mismatch-executed', null],
      ],
      'MCPP-MOD31': [['pass', null, null]],
    },
    paramHeaderValueNotCompared: {
      'MCPP-MOD30': [
        ['pass', 'missing', null],
        ['fail', 'mismatch-executed', null],
      ],
      'MCPP-MOD31': [['pass', null, null]],
    },
    missingCapabilityServed: {
      'MCPP-MOD30': [
        ['pass', 'missing', null],
        ['pass', 'mismatch', null],
      ],
      'MCPP-MOD31': [['fail', 'mrtr', null]],
    },
  };
  const designatedDefects = MODERN_DEFECTS.filter((d) => d.designate);

  it('every designated-tool defect has its expected keys here', () => {
    expect(designatedDefects.map((d) => d.name).sort()).toEqual(Object.keys(KEYS).sort());
  });

  for (const defect of designatedDefects) {
    it(`${defect.name}: fails exactly its key`, async () => {
      const out = await scanFixture(defect.options, { designatedTool: defect.designate! });
      const expected = KEYS[defect.name]!;
      for (const id of CHECKS) expect(outcomes(out, id), id).toEqual(expected[id]);
      expect(failing(out)).toEqual(CHECKS.filter((id) => expected[id]!.some((o) => o[0] === 'fail')));
      const severities = out.report.results
        .filter((r) => r.checkId === 'MCPP-MOD30' && r.status === 'fail')
        .map((r) => r.severity);
      expect(severities.every((s) => s === 'high')).toBe(true);
      assertSound(out);
    });
  }

  it('a tool that needs no capability passes MOD30 and leaves MOD31 without a verdict', async () => {
    const out = await scanFixture(
      {},
      { designatedTool: { name: 'region_status', arguments: { region: 'eu-north1' } } },
    );
    expect(outcomes(out, 'MCPP-MOD30').map((o) => o[0])).toEqual(['pass', 'pass']);
    expect(outcomes(out, 'MCPP-MOD31')).toEqual([['inconclusive', null, 'needs_designation']]);
    expect(exchange(out, 'i.tool.control').request.headers['mcp-param-region']).toBe('eu-north1');
    assertSound(out);
  });

  it('designated arguments without the x-mcp-header value: MOD30 needs a designation, nothing mismatched is sent', async () => {
    const out = await scanFixture({}, { designatedTool: { name: 'region_status' } });
    expect(outcomes(out, 'MCPP-MOD30')).toEqual([['inconclusive', null, 'needs_designation']]);
    expect(toolExchanges(out).map((x) => x.probe)).toEqual(['i.tool.control', 'i.tool.no-capabilities']);
    assertSound(out);
  });

  it('a tool without x-mcp-header parameters: MOD30 needs a designation naming the tools that have some', async () => {
    const out = await scanFixture({}, { designatedTool: { name: 'echo', arguments: { text: 'hi' } } });
    const mod30 = out.report.results.find((r) => r.checkId === 'MCPP-MOD30');
    expect([mod30?.status, mod30?.reason]).toEqual(['inconclusive', 'needs_designation']);
    expect(mod30?.message).toContain('region_status');
    assertSound(out);
  });

  it('intrusive without a designation: both need one, and no tool is called', async () => {
    const server = await startModernFixture({});
    try {
      const out = await scan({ url: server.url, requestTimeoutMs: 5_000, mode: 'intrusive' });
      expect(outcomes(out, 'MCPP-MOD30')).toEqual([['inconclusive', null, 'needs_designation']]);
      expect(outcomes(out, 'MCPP-MOD31')).toEqual([['inconclusive', null, 'needs_designation']]);
      expect(toolExchanges(out)).toEqual([]);
      assertSound(out);
    } finally {
      await server.close();
    }
  });

  it('a designated tool the server does not list is never called', async () => {
    const out = await scanFixture({}, { designatedTool: { name: 'delete_everything' } });
    for (const id of CHECKS) {
      const r = out.report.results.find((x) => x.checkId === id);
      expect([r?.status, r?.reason], id).toEqual(['inconclusive', 'needs_designation']);
      expect(r?.message).toContain('delete_everything');
    }
    expect(toolExchanges(out)).toEqual([]);
  });

  it('safe mode sends no i.tool request even with a designation; both checks are mode_disabled', async () => {
    const out = await scanFixture({}, { mode: 'safe' });
    expect(out.evidence.exchanges.some((x) => x.probe.startsWith('i.tool'))).toBe(false);
    expect(
      out.evidence.exchanges.some((x) => x.request.method === 'POST' && /region_/.test(x.request.body ?? '')),
    ).toBe(false);
    for (const id of CHECKS) expect(outcomes(out, id)).toEqual([['inconclusive', null, 'mode_disabled']]);
    expect(out.evidence.modern?.designated).toMatchObject({ kind: 'skipped', reason: 'mode_disabled' });
  });

  it('passive mode sends no i.tool request either', async () => {
    const out = await scanFixture({}, { mode: 'passive' });
    expect(toolExchanges(out)).toEqual([]);
  });
});

describe('designated tool on the command line', () => {
  it('--designate-tool-args must be a JSON object, and needs --designate-tool (exit 2)', async () => {
    for (const args of [
      ['--designate-tool', 'region_report', '--designate-tool-args', '{not json'],
      ['--designate-tool', 'region_report', '--designate-tool-args', '[1,2]'],
      ['--designate-tool-args', '{"region":"us-west1"}'],
    ]) {
      const run = await runCli(['scan', 'http://127.0.0.1:1/mcp', '--mode', 'intrusive', ...args]);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).not.toMatch(STACK_TRACE);
    }
  });

  it('scan --mode intrusive --designate-tool NAME --designate-tool-args JSON passes MOD30 and MOD31', async () => {
    const server = await startModernFixture({});
    try {
      const run = await runCli([
        'scan',
        server.url,
        '--mode',
        'intrusive',
        '--designate-tool',
        REGION_DESIGNATION.name,
        '--designate-tool-args',
        JSON.stringify(REGION_DESIGNATION.arguments),
        '--format',
        'json',
        '--fail-on',
        'critical',
      ]);
      expect(run.code, run.stderr).toBe(0);
      const report = parseReport(run.stdout, 'stdout');
      expect(
        report.results.filter((r) => CHECKS.includes(r.checkId)).map((r) => [r.checkId, r.status]),
      ).toEqual([
        ['MCPP-MOD30', 'pass'],
        ['MCPP-MOD30', 'pass'],
        ['MCPP-MOD31', 'pass'],
      ]);
    } finally {
      await server.close();
    }
  });
});
