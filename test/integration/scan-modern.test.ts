/**
 * The 2026-07-28 fixture: the clean server fails nothing but MCPP-AUTHN01 (it
 * lists its tools without authentication), and each defect, switched on alone,
 * fails exactly its own checks (the designated-tool defects in an intrusive scan
 * designating the fixture's tool; test/integration/designated-tool.test.ts covers
 * those checks further). The SDK 2.x handler, in every adapter and legacy mode,
 * fails no MOD check.
 */
import { describe, expect, it } from 'vitest';

import type { ModernDefect, ModernDefectSpec, ModernFixtureOptions } from '../../src/demo/modern-fixture.js';
import { MODERN_DEFECTS, startModernFixture } from '../../src/demo/modern-fixture.js';
import { scan } from '../../src/index.js';
import { buildPlan } from '../../src/probe/plan.js';
import { renderJson } from '../../src/report/json.js';
import { startSdk2 } from '../fixtures/servers/sdk2.js';
import { validateReport } from '../helpers/schema.js';

type Out = Awaited<ReturnType<typeof scan>>;

const HEADER_CHECKS = ['MCPP-MOD08', 'MCPP-MOD09', 'MCPP-MOD10', 'MCPP-MOD11', 'MCPP-MOD12'];
// A dual-era server may treat a request without MCP-Protocol-Version as 2025-03-26 (MOD09 passes).
const HEADER_CHECKS_DUAL = HEADER_CHECKS.filter((c) => c !== 'MCPP-MOD09');

/** What each defect fails on a modern-only server (and, where it differs, on a dual-era one). */
const EXPECTED: Record<ModernDefect, { modern: string[]; dual?: string[] }> = {
  noResultType: { modern: ['MCPP-MOD04'] },
  headerMismatchWrongCode: { modern: HEADER_CHECKS, dual: HEADER_CHECKS_DUAL },
  headerMismatchWrongStatus: { modern: HEADER_CHECKS, dual: HEADER_CHECKS_DUAL },
  mintsSessionId: { modern: ['MCPP-TRN09'] },
  getReturns200: { modern: ['MCPP-MOD17'] },
  mcpNameNotChecked: { modern: ['MCPP-MOD12'] },
  metaVersionIgnored: { modern: ['MCPP-MOD08'] },
  noCacheHints: { modern: ['MCPP-MOD05'] },
  noServerInfo: { modern: ['MCPP-MOD03'] },
  discoverMalformed: { modern: ['MCPP-MOD02'] },
  unsupportedVersionNoList: { modern: ['MCPP-MOD07'] },
  unsupportedVersionServed: { modern: ['MCPP-ACT05', 'MCPP-MOD07'] },
  versionHeaderOptional: { modern: ['MCPP-MOD09'] },
  methodHeaderIgnored: { modern: ['MCPP-MOD10', 'MCPP-MOD11'] },
  nameB64NotDecoded: { modern: ['MCPP-MOD13'] },
  capabilitiesNotRequired: { modern: ['MCPP-MOD14'] },
  clientInfoRequired: { modern: ['MCPP-MOD15'] },
  pingServed: { modern: ['MCPP-MOD16'] },
  initializeNoVersions: { modern: ['MCPP-MOD19'] },
  shuffledTools: { modern: ['MCPP-MOD21'] },
  toolsVaryPerRequest: { modern: ['MCPP-MOD22'] },
  resourceNotFound32002: { modern: ['MCPP-MOD23'] },
  batchProcessed: { modern: ['MCPP-MOD29'] },
  listenNoAck: { modern: ['MCPP-MOD27'] },
  badExtensionId: { modern: ['MCPP-MOD28'] },
  lastEventIdRejected: { modern: ['MCPP-MOD18'] },
  bogusSessionRejected: { modern: ['MCPP-TRN09'] },
  logNotifications: { modern: ['MCPP-MOD26'] },
  sseServerRequest: { modern: ['MCPP-MOD24'] },
  noAccelBuffering: { modern: ['MCPP-MOD25'] },
  paramHeaderNotChecked: { modern: ['MCPP-MOD30'] },
  paramHeaderValueNotCompared: { modern: ['MCPP-MOD30'] },
  missingCapabilityServed: { modern: ['MCPP-MOD31'] },
};

/** Keys that pin down which sub-condition fired (modern-only runs). */
const KEYS: Partial<Record<ModernDefect, [string, string][]>> = {
  headerMismatchWrongCode: [
    ['MCPP-MOD08', 'code'],
    ['MCPP-MOD12', 'mismatch-code'],
  ],
  headerMismatchWrongStatus: [
    ['MCPP-MOD08', 'status'],
    ['MCPP-MOD10', 'status'],
  ],
  mintsSessionId: [['MCPP-TRN09', 'mint']],
  getReturns200: [['MCPP-MOD17', 'GET-200']],
  mcpNameNotChecked: [
    ['MCPP-MOD12', 'missing-served'],
    ['MCPP-MOD12', 'mismatch-served'],
  ],
  metaVersionIgnored: [['MCPP-MOD08', 'served']],
  unsupportedVersionServed: [
    ['MCPP-MOD07', 'served'],
    ['MCPP-ACT05', 'served'],
  ],
  methodHeaderIgnored: [['MCPP-MOD11', 'served']],
  nameB64NotDecoded: [['MCPP-MOD13', 'name-b64']],
  pingServed: [['MCPP-MOD16', 'ping:served']],
  initializeNoVersions: [['MCPP-MOD19', 'no-versions']],
  toolsVaryPerRequest: [['MCPP-MOD22', 'added']],
  resourceNotFound32002: [['MCPP-MOD23', '-32002']],
  listenNoAck: [['MCPP-MOD27', 'no-ack']],
  bogusSessionRejected: [['MCPP-TRN09', 'rejected']],
  sseServerRequest: [['MCPP-MOD24', 'request']],
  paramHeaderNotChecked: [
    ['MCPP-MOD30', 'missing-executed'],
    ['MCPP-MOD30', 'mismatch-executed'],
  ],
  paramHeaderValueNotCompared: [['MCPP-MOD30', 'mismatch-executed']],
  missingCapabilityServed: [['MCPP-MOD31', 'mrtr']],
};

/** Defects also run against the dual-era fixture. */
const DUAL_RUNS: readonly ModernDefect[] = [
  'headerMismatchWrongCode',
  'headerMismatchWrongStatus',
  'mintsSessionId',
  'mcpNameNotChecked',
  'unsupportedVersionServed',
  'versionHeaderOptional',
  'toolsVaryPerRequest',
  'pingServed',
];

async function scanModern(
  options: Partial<ModernFixtureOptions>,
  mode?: 'passive',
  designate?: ModernDefectSpec['designate'],
): Promise<Out> {
  const server = await startModernFixture(options);
  try {
    return await scan({
      url: server.url,
      requestTimeoutMs: 5_000,
      ...(mode ? { mode } : {}),
      // Defects of the designated-tool checks show only to an intrusive scan that names the tool.
      ...(designate ? { mode: 'intrusive' as const, designatedTool: designate } : {}),
    });
  } finally {
    await server.close();
  }
}

/** Unauthenticated fixtures always fail AUTHN01; everything else must be the defect's. */
function failing(out: Out): string[] {
  const ids = out.report.results
    .filter((r) => r.status === 'fail' && r.checkId !== 'MCPP-AUTHN01')
    .map((r) => r.checkId);
  return [...new Set(ids)].sort();
}

function assertSound(out: Out): void {
  expect(out.report.results.filter((r) => r.status === 'error').map((r) => r.message)).toEqual([]);
  expect(validateReport(renderJson(out.report))).toEqual([]);
}

describe.concurrent('2026-07-28 fixture: exactly the seeded failure', () => {
  it('the clean modern-only fixture is 2026-07-28 only and fails nothing but AUTHN01', async () => {
    const out = await scanModern({});
    expect(out.report.target.revision).toMatchObject({
      value: '2026-07-28',
      source: 'negotiated',
      known: ['2026-07-28'],
      eras: ['modern'],
    });
    expect(failing(out)).toEqual([]);
    expect(out.report.results.find((r) => r.checkId === 'MCPP-AUTHN01')?.status).toBe('fail');
    // Every registered MOD check reaches a verdict on the clean server; none is left open but
    // the intrusive ones, which a safe scan does not run.
    const mod = out.report.results.filter((r) => r.checkId.startsWith('MCPP-MOD'));
    expect(mod.filter((r) => r.status === 'inconclusive').map((r) => [r.checkId, r.reason])).toEqual([
      ['MCPP-MOD30', 'mode_disabled'],
      ['MCPP-MOD31', 'mode_disabled'],
    ]);
    expect(
      mod.every((r) => r.era === 'modern' || r.status === 'not_applicable' || r.reason === 'mode_disabled'),
    ).toBe(true);
    // The modern listings stand in for the legacy inventory.
    expect(out.evidence.inventory?.tools.kind).toBe('ok');
    expect(out.evidence.inventory?.serverInfo).toMatchObject({ name: 'mcp-posture-modern-fixture' });
    expect(out.evidence.inventory?.instructions).toBe('Modern fixture server.');
    assertSound(out);
  });

  it('the clean dual-era fixture fails nothing but AUTHN01 and stamps both eras', async () => {
    const out = await scanModern({ dualEra: true });
    expect(out.report.target.revision).toMatchObject({ value: '2026-07-28', eras: ['modern', 'legacy'] });
    expect(failing(out)).toEqual([]);
    const act05 = out.report.results.filter((r) => r.checkId === 'MCPP-ACT05');
    expect(act05.map((r) => [r.era, r.status]).sort()).toEqual([
      ['legacy', 'pass'],
      ['modern', 'pass'],
    ]);
    expect(new Set(act05.map((r) => r.fingerprint)).size).toBe(2);
    expect(out.report.results.find((r) => r.checkId === 'MCPP-TRN16')?.era).toBeNull();
    assertSound(out);
  });

  it('the clean fixture answering over SSE fails nothing but AUTHN01', async () => {
    const out = await scanModern({ responseMode: 'sse' });
    expect(failing(out)).toEqual([]);
    for (const id of ['MCPP-MOD24', 'MCPP-MOD25', 'MCPP-MOD26'])
      expect(out.report.results.find((r) => r.checkId === id)?.status, id).toBe('pass');
    assertSound(out);
  });

  for (const defect of MODERN_DEFECTS) {
    it(`${defect.name}: ${defect.description}`, async () => {
      const out = await scanModern(defect.options, undefined, defect.designate);
      expect(failing(out)).toEqual([...EXPECTED[defect.name].modern].sort());
      for (const [id, key] of KEYS[defect.name] ?? []) {
        expect(
          out.report.results.filter((r) => r.checkId === id && r.status === 'fail').map((r) => r.key),
          `${id} key`,
        ).toContain(key);
      }
      assertSound(out);
    });
  }

  for (const name of DUAL_RUNS) {
    it(`${name} on the dual-era fixture`, async () => {
      const out = await scanModern({ defect: name, dualEra: true });
      const expected = EXPECTED[name].dual ?? EXPECTED[name].modern;
      expect(failing(out)).toEqual([...expected].sort());
      // Findings of the modern wire are the modern era's.
      for (const r of out.report.results.filter((x) => x.status === 'fail' && x.checkId !== 'MCPP-AUTHN01'))
        expect(r.era, r.checkId).toBe('modern');
      assertSound(out);
    });
  }

  it('a dual-era server that serves unsupported versions on the modern path fails ACT05 in that era only', async () => {
    const out = await scanModern({ defect: 'unsupportedVersionServed', dualEra: true });
    const act05 = out.report.results.filter((r) => r.checkId === 'MCPP-ACT05');
    expect(act05.map((r) => [r.era, r.status]).sort()).toEqual([
      ['legacy', 'pass'],
      ['modern', 'fail'],
    ]);
  });

  it('the plan lists every probe a scan of the modern-only fixture sent', async () => {
    const out = await scanModern({});
    const planned = new Set(buildPlan(out.report.target.url, 'safe').map((p) => p.probe));
    const sent = new Set(out.evidence.exchanges.map((x) => x.probe));
    expect([...sent].filter((p) => !planned.has(p))).toEqual([]);
    for (const p of ['s.get.modern', 's.delete.modern', 's.listen', 'p.list.fresh', 's.hdr.name-b64'])
      expect(sent.has(p), p).toBe(true);
  });

  it('passive mode sends no safe probe; the safe MOD checks are mode_disabled', async () => {
    const out = await scanModern({ defect: 'metaVersionIgnored' }, 'passive');
    expect(out.evidence.exchanges.some((x) => x.probe.startsWith('s.'))).toBe(false);
    const mod08 = out.report.results.find((r) => r.checkId === 'MCPP-MOD08');
    expect([mod08?.status, mod08?.reason]).toEqual(['inconclusive', 'mode_disabled']);
    expect(out.report.results.find((r) => r.checkId === 'MCPP-MOD04')?.status).toBe('pass');
  });
});

describe.concurrent('SDK 2.x handler: no MOD false failures', () => {
  const variants = [
    { variant: 'express', legacy: 'stateless' },
    { variant: 'node', legacy: 'stateless' },
    { variant: 'express', legacy: 'reject' },
    { variant: 'node', legacy: 'reject' },
  ] as const;
  for (const v of variants) {
    it(`${v.variant} adapter, legacy ${v.legacy}`, async () => {
      const server = await startSdk2(v);
      try {
        const out = await scan({ url: server.url });
        const modFails = out.report.results.filter(
          (r) => r.status === 'fail' && (r.checkId.startsWith('MCPP-MOD') || r.checkId === 'MCPP-TRN09'),
        );
        expect(modFails.map((r) => `${r.checkId} ${r.message}`)).toEqual([]);
        expect(out.report.target.revision.eras).toEqual(
          v.legacy === 'reject' ? ['modern'] : ['modern', 'legacy'],
        );
        assertSound(out);
      } finally {
        await server.close();
      }
    });
  }
});
