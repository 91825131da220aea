/**
 * The history database on both engines, from records: idempotent upserts, and the fleet report's
 * and the history's set logic (new and fixed findings, surface drift, not graded, top failures).
 * PostgreSQL is real (MCP_POSTURE_TEST_PG); the same assertions run on SQLite.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { targetHistory } from '../../src/fleet/db/history-queries.js';
import type { History } from '../../src/fleet/db/open.js';
import { openHistory } from '../../src/fleet/db/open.js';
import { buildFleetReport } from '../../src/fleet/db/report-queries.js';
import type { RunInfo } from '../../src/fleet/db/store.js';
import { storeRecord } from '../../src/fleet/db/store.js';
import type { ResultRow, ScanRecord, SurfaceRow } from '../../src/fleet/record.js';
import { failedRecord } from '../../src/fleet/record.js';
import type { TestDatabase } from '../helpers/pg.js';
import { createTestDatabase } from '../helpers/pg.js';

const url = (n: number) => `https://t${n}.example/mcp`;
const fail = (checkId: string, fp: string): ResultRow => ({
  checkId,
  status: 'fail',
  severity: 'high',
  fingerprint: fp,
  location: 'endpoint',
  key: null,
  era: null,
  suppressed: false,
  message: `${checkId} failed <b>`,
});
const tool = (name: string, sha: string): SurfaceRow => ({ kind: 'tool', name, sha256: sha });

function rec(n: number, at: string, over: Partial<ScanRecord>): ScanRecord {
  return {
    ...failedRecord({ url: url(n), name: `t${n}`, source: 'file', registry: null }, new Date(at), '', 1),
    startedAt: at,
    finishedAt: at,
    outcome: 'graded',
    grade: 'B',
    detail: null,
    durationMs: 10,
    exitCode: 1,
    ...over,
  };
}

const run = (id: string, at: string): RunInfo => ({
  id,
  startedAt: at,
  toolVersion: 't',
  source: 'test',
  mode: 'safe',
  shardCount: 1,
});
const T1 = '2025-01-01T00:00:00.000Z';
const T2 = '2025-01-02T00:00:00.000Z';

async function fill(h: History): Promise<void> {
  const r1 = run('r1', T1);
  const r2 = run('r2', T2);
  // Target 1: ACT01 fixed, LEG08 new, TRN01 stays; one tool changed, one added, one removed.
  await storeRecord(
    h.db,
    r1,
    rec(1, T1, {
      results: [fail('MCPP-ACT01', 'a1'), fail('MCPP-TRN01', 't1')],
      surfaces: [tool('echo', 'h1'), tool('old', 'h2')],
    }),
    null,
  );
  await storeRecord(
    h.db,
    r2,
    rec(1, T2, {
      grade: 'C',
      results: [fail('MCPP-LEG08', 'l1'), fail('MCPP-TRN01', 't1')],
      surfaces: [tool('echo', 'h1b'), tool('new', 'h3')],
    }),
    null,
  );
  // Target 2: unreachable in run 2: neither new nor fixed, not drift; listed as not graded.
  await storeRecord(
    h.db,
    r1,
    rec(2, T1, { results: [fail('MCPP-ACT01', 'a2')], surfaces: [tool('x', 'h')] }),
    null,
  );
  await storeRecord(
    h.db,
    r2,
    rec(2, T2, {
      outcome: 'unreachable',
      grade: 'N/G',
      detail: 'connect: refused',
      results: [],
      surfaces: [],
    }),
    null,
  );
  // Target 3: new in run 2 (no earlier scan): its failures are not "new findings". A discovered server.
  const discovered = {
    url: url(3),
    name: 't3',
    source: 'discovered' as const,
    registry: null,
    client: 'cursor',
    configFile: '/home/u/.cursor/mcp.json',
  };
  await storeRecord(
    h.db,
    r2,
    rec(3, T2, { target: discovered, grade: 'A', results: [fail('MCPP-TRN01', 't3')] }),
    null,
  );
  // Replaying a record changes nothing.
  await storeRecord(
    h.db,
    r2,
    rec(3, T2, { target: discovered, grade: 'A', results: [fail('MCPP-TRN01', 't3')] }),
    null,
  );
}

async function check(h: History): Promise<void> {
  const r = await buildFleetReport(h.db, undefined, new Date(T2));
  expect(r.run).toMatchObject({ id: 'r2', scans: 3 });
  expect(r.previous).toMatchObject({ id: 'r1', scans: 2 });
  expect(r.outcomes).toEqual({ graded: 2, unreachable: 1 });
  // N/G counts the target that was not graded.
  expect(r.grades.filter((g) => g.count)).toEqual([
    { grade: 'A', count: 1 },
    { grade: 'C', count: 1 },
    { grade: 'N/G', count: 1 },
  ]);
  // One row per target, worst first, with what changed since run 1.
  expect(r.targets.total).toBe(3);
  expect(r.targets.items).toEqual([
    {
      target: url(2),
      name: 't2',
      source: 'file',
      client: null,
      configFile: null,
      outcome: 'unreachable',
      cause: 'connect: refused',
      grade: null,
      failing: { critical: 0, high: 0, medium: 0, low: 0, info: 0 },
      drift: { previous: 'B', newFindings: 0, fixedFindings: 0, surfaceChanges: 0 },
      report: 't2',
    },
    expect.objectContaining({
      target: url(1),
      grade: 'C',
      failing: { critical: 0, high: 2, medium: 0, low: 0, info: 0 },
      drift: { previous: 'B', newFindings: 1, fixedFindings: 1, surfaceChanges: 3 },
      report: 't1',
    }),
    expect.objectContaining({
      target: url(3),
      client: 'cursor',
      configFile: '/home/u/.cursor/mcp.json',
      grade: 'A',
      failing: { critical: 0, high: 1, medium: 0, low: 0, info: 0 },
      drift: { previous: null, newFindings: 0, fixedFindings: 0, surfaceChanges: 0 },
    }),
  ]);
  // The trend: both runs, oldest first.
  expect(
    r.trend.map((t) => [t.id, t.grades.filter((g) => g.count).map((g) => `${g.grade} ${g.count}`)]),
  ).toEqual([
    ['r1', ['B 2']],
    ['r2', ['A 1', 'C 1', 'N/G 1']],
  ]);
  expect(r.topFailing.map((c) => [c.checkId, c.targets])).toEqual([
    ['MCPP-TRN01', 2],
    ['MCPP-LEG08', 1],
  ]);
  expect(r.newFindings.items.map((f) => [f.url, f.checkId])).toEqual([[url(1), 'MCPP-LEG08']]);
  expect(r.fixedFindings.items.map((f) => [f.url, f.checkId])).toEqual([[url(1), 'MCPP-ACT01']]);
  expect(r.drift.total).toBe(1);
  expect(r.drift.items[0]).toMatchObject({ url: url(1), added: 1, removed: 1, changed: 1 });
  expect(r.drift.items[0]!.items.map((i) => `${i.change} ${i.name}`).sort()).toEqual([
    'added new',
    'changed echo',
    'removed old',
  ]);
  expect(r.notGraded.items).toEqual([{ url: url(2), outcome: 'unreachable', detail: 'connect: refused' }]);
  const counts = await h.db
    .selectFrom('scans')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  expect(Number(counts?.n)).toBe(5);

  const hist = await targetHistory(h.db, url(1));
  expect(hist?.scans.map((s) => [s.runId, s.grade, s.newChecks, s.fixedChecks])).toEqual([
    ['r1', 'B', null, null],
    ['r2', 'C', ['MCPP-LEG08'], ['MCPP-ACT01']],
  ]);
  expect(await targetHistory(h.db, 'https://nowhere.example/')).toBeNull();
  const byRun = await buildFleetReport(h.db, 'r1');
  expect(byRun.previous).toBeNull();
  await expect(buildFleetReport(h.db, 'nope')).rejects.toThrow(/no run nope/);
}

describe('history database', () => {
  let pgDb: TestDatabase;
  beforeAll(async () => {
    pgDb = await createTestDatabase('history');
  });
  afterAll(async () => {
    await pgDb?.drop();
  });

  it('SQLite: stores idempotently and reports new, fixed, drift and not graded', async () => {
    const h = await openHistory(join(mkdtempSync(join(tmpdir(), 'posture-hist-')), 'h.db'));
    try {
      await fill(h);
      await check(h);
    } finally {
      await h.close();
    }
  });

  it('PostgreSQL: the same schema, migrations and answers', async () => {
    const h = await openHistory(pgDb.url);
    try {
      expect(h.kind).toBe('postgres');
      await fill(h);
      await check(h);
    } finally {
      await h.close();
    }
  });
});
