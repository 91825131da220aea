/**
 * What keeps the SQLite history's cost per target and per report independent of how much it
 * holds (the 2 000-target bench, `npm run bench scale`, measures it): every query the fleet report
 * runs reaches rows by index, never reading a table whole but `runs` (one row per run); the run is
 * chosen without counting every run's scans; commits do not wait for the disk (WAL, NORMAL).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Database from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';

import { openHistory } from '../../src/fleet/db/open.js';
import { buildFleetReport } from '../../src/fleet/db/report-queries.js';
import type { HistoryDatabase } from '../../src/fleet/db/schema.js';
import type { RunInfo } from '../../src/fleet/db/store.js';
import { ensureRun, storeRecord } from '../../src/fleet/db/store.js';
import type { ResultRow, ScanRecord } from '../../src/fleet/record.js';
import { failedRecord } from '../../src/fleet/record.js';

const run = (id: string, day: number): RunInfo => ({
  id,
  startedAt: `2025-01-${String(day).padStart(2, '0')}T00:00:00.000Z`,
  toolVersion: 't',
  source: 'test',
  mode: 'safe',
  shardCount: 1,
});

const result = (checkId: string, status: string, fp: string): ResultRow => ({
  checkId,
  status,
  severity: 'high',
  fingerprint: fp,
  location: 'endpoint',
  key: null,
  era: null,
  suppressed: false,
  message: checkId,
});

function rec(n: number, r: RunInfo, results: ResultRow[]): ScanRecord {
  const target = { url: `https://t${n}.example/mcp`, name: `t${n}`, source: 'file' as const, registry: null };
  return {
    ...failedRecord(target, new Date(r.startedAt), '', 1),
    outcome: 'graded',
    grade: 'B',
    detail: null,
    results,
    surfaces: [{ kind: 'tool', name: 'echo', sha256: `h${n}${r.id}` }],
  };
}

async function fill(file: string): Promise<void> {
  const h = await openHistory(file);
  try {
    // Three runs of 3, 2 and 4 targets; then a newer run that never stored a scan.
    const sizes: [RunInfo, number][] = [
      [run('r1', 1), 3],
      [run('r2', 2), 2],
      [run('r3', 3), 4],
    ];
    for (const [r, n] of sizes)
      for (let i = 0; i < n; i++)
        await storeRecord(
          h.db,
          r,
          rec(i, r, [result('MCPP-TRN01', 'pass', 'p'), result(`MCPP-ACT0${i}`, 'fail', `f${r.id}${i}`)]),
          null,
        );
    await ensureRun(h.db, run('r4', 4));
  } finally {
    await h.close();
  }
}

describe('history at scale (SQLite)', () => {
  it('commits in WAL mode without waiting for the disk at each target', async () => {
    const h = await openHistory(join(mkdtempSync(join(tmpdir(), 'posture-scale-')), 'h.db'));
    try {
      const mode = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(h.db);
      const sync = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(h.db);
      expect(mode.rows[0]?.journal_mode).toBe('wal');
      // 1 is NORMAL (2, FULL, is the default: an fsync per commit).
      expect(sync.rows[0]?.synchronous).toBe(1);
    } finally {
      await h.close();
    }
  });

  it('reports on the latest run that holds scans, counting only its own, with the one before it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'posture-scale-')), 'h.db');
    await fill(file);
    const h = await openHistory(file);
    try {
      const r = await buildFleetReport(h.db);
      expect(r.run).toMatchObject({ id: 'r3', scans: 4 });
      expect(r.previous).toMatchObject({ id: 'r2', scans: 2 });
      expect(r.targets.total).toBe(4);
      const r1 = await buildFleetReport(h.db, 'r1');
      expect(r1.run).toMatchObject({ id: 'r1', scans: 3 });
      expect(r1.previous).toBeNull();
      await expect(buildFleetReport(h.db, 'r4')).rejects.toThrow(/no run r4/);
    } finally {
      await h.close();
    }
  });

  it('reaches every row the report reads by index: no table is read whole but runs', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'posture-scale-')), 'h.db');
    await fill(file);
    const sqlite = new Database(file);
    const queries: { sql: string; parameters: readonly unknown[] }[] = [];
    const db = new Kysely<HistoryDatabase>({
      dialect: new SqliteDialect({ database: sqlite }),
      log: (e) => {
        if (e.level === 'query') queries.push({ sql: e.query.sql, parameters: e.query.parameters });
      },
    });
    try {
      const report = await buildFleetReport(db);
      // The comparison ran: there is a previous run, and new findings against it.
      expect(report.previous?.id).toBe('r2');
      expect(report.newFindings.total).toBeGreaterThan(0);
      const plans = queries.map((q) => ({
        sql: q.sql,
        plan: (sqlite.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...q.parameters) as { detail: string }[])
          .map((row) => row.detail)
          .join('\n'),
      }));
      expect(plans.length).toBeGreaterThan(10);
      for (const p of plans) {
        const whole = [...p.plan.matchAll(/^SCAN (\S+)/gm)].map((m) => m[1]).filter((t) => t !== 'runs');
        expect({ sql: p.sql, whole }).toEqual({ sql: p.sql, whole: [] });
      }
      // A run's failing results are read through (scan, status), not through every result of each scan.
      const failing = plans.filter((p) => /"r"\."status" = \?/.test(p.sql));
      expect(failing.length).toBeGreaterThan(3);
      for (const p of failing) expect(p.plan).toMatch(/SEARCH r USING INDEX results_scan_status/);
    } finally {
      await db.destroy();
    }
  });
});
