/**
 * Each fixture flaw, switched on alone, must be reported as exactly its own
 * failing checks and nothing else. Two findings are true of every fixture and
 * are asserted separately: MCPP-TRN16 (info: 2026-07-28 not supported, the
 * inventory every legacy-only server gets) and MCPP-AUTHN01 (the fixture
 * serves its tools without authentication).
 */
import { describe, expect, it } from 'vitest';

import type { FixtureFlawName, FixtureOptions } from '../../src/demo/fixture-server.js';
import { FIXTURE_FLAWS, startFixtureServer } from '../../src/demo/fixture-server.js';
import { scan } from '../../src/index.js';
import { renderJson } from '../../src/report/json.js';
import { validateReport } from '../helpers/schema.js';

const SSE_BASELINE = ['MCPP-TRN06', 'MCPP-TRN07'];
/** The fixture's 401 advertises protected-resource metadata it never serves, and no scope. */
const NO_PRM = ['MCPP-ASM13', 'MCPP-AUTHN03', 'MCPP-PRM01', 'MCPP-PRM02', 'MCPP-SCP02'];

/** The checks each flaw must fail (on top of the transport's baseline). */
const EXPECTED: Record<FixtureFlawName, string[]> = {
  originNotValidated: ['MCPP-ACT01'],
  hostNotValidated: ['MCPP-ACT10'],
  terminatedSession400: ['MCPP-LEG07', 'MCPP-LEG08'],
  sessionAliveAfterDelete: ['MCPP-LEG08'],
  acceptClientChosenSession: ['MCPP-LEG07'],
  acceptUnsupportedVersion: ['MCPP-ACT05'],
  batchOnModernSessions: ['MCPP-LEG12'],
  rejectBatchOn0326: ['MCPP-LEG12'],
  notificationStatus200: ['MCPP-LEG04'],
  notificationStatus500: ['MCPP-LEG04'],
  getReturns404: ['MCPP-LEG05'],
  corsReflectOrigin: ['MCPP-TRN12'],
  corsWildcard: ['MCPP-TRN12'],
  sequentialSessionIds: ['MCPP-TRN08'],
  nonAsciiSessionId: ['MCPP-TRN08'],
  prefixedSessionIds: [],
  missingSessionServed: [],
  wrongContentType: ['MCPP-TRN13'],
  malformedJsonRpc: ['MCPP-TRN14'],
  noPriming: ['MCPP-LEG13'],
  duplicateEventIds: ['MCPP-LEG14'],
  statelessNoSessions: [],
  versionEchoAny: ['MCPP-LEG02'],
  requireAuth: NO_PRM,
  endpointCrossOrigin: ['MCPP-LEG21'],
  endpointWithToken: ['MCPP-LEG22'],
  sseBadSessionAccepted: ['MCPP-LEG24'],
  unknownToolResult: ['MCPP-TOOL18'],
  cursorIgnored: ['MCPP-TOOL19'],
};

/** Keys that pin down which sub-condition fired. */
const KEYS: Partial<Record<FixtureFlawName, [string, string][]>> = {
  originNotValidated: [
    ['MCPP-ACT01', 'foreign'],
    ['MCPP-ACT01', 'null'],
    ['MCPP-ACT01', 'lookalike'],
  ],
  terminatedSession400: [
    ['MCPP-LEG07', '400'],
    ['MCPP-LEG08', '400'],
  ],
  sessionAliveAfterDelete: [['MCPP-LEG08', 'alive']],
  acceptClientChosenSession: [['MCPP-LEG07', 'accepted']],
  acceptUnsupportedVersion: [['MCPP-ACT05', 'served']],
  rejectBatchOn0326: [['MCPP-LEG12', 'rejected-0326']],
  corsReflectOrigin: [['MCPP-TRN12', 'reflect-credentials']],
  corsWildcard: [['MCPP-TRN12', 'local-open']],
  sequentialSessionIds: [['MCPP-TRN08', 'sequential']],
  nonAsciiSessionId: [['MCPP-TRN08', 'charset']],
  versionEchoAny: [['MCPP-LEG02', 'echo']],
  endpointCrossOrigin: [['MCPP-LEG21', 'cross-origin']],
  endpointWithToken: [['MCPP-LEG22', 'access_token']],
  sseBadSessionAccepted: [['MCPP-LEG24', 'accepted']],
  unknownToolResult: [['MCPP-TOOL18', 'result']],
  cursorIgnored: [['MCPP-TOOL19', 'ignored']],
};

async function scanFixture(options: Partial<FixtureOptions>) {
  const server = await startFixtureServer(options);
  try {
    return await scan({ url: server.url, requestTimeoutMs: 5_000 });
  } finally {
    await server.close();
  }
}

const EVERYWHERE = new Set(['MCPP-TRN16', 'MCPP-AUTHN01']);

function failing(out: Awaited<ReturnType<typeof scanFixture>>): string[] {
  const ids = out.report.results
    .filter((r) => r.status === 'fail' && !EVERYWHERE.has(r.checkId))
    .map((r) => r.checkId);
  return [...new Set(ids)].sort();
}

describe.concurrent('fixture variants: exactly the seeded failure', () => {
  it('the default fixture fails nothing, negotiates 2025-11-25 and validates against the schema', async () => {
    const out = await scanFixture({});
    expect(out.report.outcome).toBe('graded');
    expect(out.report.target.revision).toMatchObject({
      value: '2025-11-25',
      source: 'negotiated',
      eras: ['legacy'],
    });
    expect(failing(out)).toEqual([]);
    expect(out.report.results.filter((r) => r.status === 'error')).toEqual([]);
    const trn16 = out.report.results.find((r) => r.checkId === 'MCPP-TRN16');
    expect([trn16?.status, trn16?.severity]).toEqual(['fail', 'info']);
    // Its tools are listed without authentication; all are annotated read-only, hence medium.
    const authn01 = out.report.results.find((r) => r.checkId === 'MCPP-AUTHN01');
    expect([authn01?.status, authn01?.severity]).toEqual(['fail', 'medium']);
    expect(out.report.target.authInUse).toBe(false);
    expect(validateReport(renderJson(out.report))).toEqual([]);
  });

  it('the default HTTP+SSE fixture is detected as 2024-11-05 over http+sse', async () => {
    const out = await scanFixture({ transport: 'http+sse' });
    expect(out.report.target.transport).toBe('http+sse');
    expect(out.report.target.revision.value).toBe('2024-11-05');
    expect(failing(out)).toEqual(SSE_BASELINE);
  });

  for (const flaw of FIXTURE_FLAWS) {
    it(`${flaw.name}: ${flaw.description}`, async () => {
      const out = await scanFixture(flaw.options);
      const baseline = flaw.transport === 'http+sse' ? SSE_BASELINE : [];
      expect(failing(out)).toEqual([...new Set([...baseline, ...EXPECTED[flaw.name]])].sort());
      for (const [id, key] of KEYS[flaw.name] ?? []) {
        expect(
          out.report.results.filter((r) => r.checkId === id && r.status === 'fail').map((r) => r.key),
        ).toContain(key);
      }
      expect(out.report.results.filter((r) => r.status === 'error').map((r) => r.message)).toEqual([]);
      expect(validateReport(renderJson(out.report))).toEqual([]);
      if (flaw.kind === 'variant') expect(EXPECTED[flaw.name]).toEqual([]);
    });
  }

  it('an authorization wall makes MCP-level checks inconclusive, never failed', async () => {
    const out = await scanFixture({ requireAuth: 'fixture-token' });
    expect(out.report.target.authWall).toBe(true);
    expect(out.report.target.authInUse).toBe(true);
    const leg = out.report.results.filter((r) => r.checkId.startsWith('MCPP-LEG0'));
    expect(leg.every((r) => r.status === 'inconclusive' && r.reason === 'auth_wall')).toBe(true);
  });

  it('with the token, the same server is scanned past the wall', async () => {
    const server = await startFixtureServer({ requireAuth: 'fixture-token' });
    try {
      const out = await scan({ url: server.url, token: 'fixture-token' });
      expect(out.report.target.authWall).toBe(false);
      expect(out.report.target.revision.value).toBe('2025-11-25');
      expect(out.report.target.authInUse).toBe(true);
      expect(failing(out)).toEqual(NO_PRM);
      expect(JSON.stringify(out.evidence)).not.toContain('fixture-token');
    } finally {
      await server.close();
    }
  });

  it('passive mode sends no safe probe and reports those checks as mode_disabled', async () => {
    const server = await startFixtureServer({ originNotValidated: true });
    try {
      const out = await scan({ url: server.url, mode: 'passive' });
      expect(out.evidence.exchanges.some((x) => x.probe.startsWith('s.'))).toBe(false);
      const act01 = out.report.results.find((r) => r.checkId === 'MCPP-ACT01');
      expect([act01?.status, act01?.reason]).toEqual(['inconclusive', 'mode_disabled']);
    } finally {
      await server.close();
    }
  });
});
