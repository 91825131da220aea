/**
 * The fleet report's per-target table and its trend, from the database: one row per target of
 * the run (name, client, outcome and cause, grade, failing results by severity, what changed
 * since the previous run, its report file), and the grade distribution of the latest runs. The
 * counts are grouped in the database; only one short row per target comes back.
 */
import type { Kysely } from 'kysely';

import { reportStems } from '../report/file-names.js';
import type { Limited, RowDrift, RunRef, RunTrend, SeverityCounts, TargetRow } from '../report/model.js';
import { GRADE_ORDER, SEVERITY_KEYS } from '../report/model.js';
import { sortRows } from '../report/rows.js';
import { driftByUrl, findingsNotIn } from './compare-queries.js';
import type { HistoryDatabase } from './schema.js';

type Db = Kysely<HistoryDatabase>;

/** Rows in the table; a larger run lists its worst targets first and says how many more. */
export const ROW_LIMIT = 2_000;
const TREND_RUNS = 12;

const zero = (): { -readonly [K in keyof SeverityCounts]: number } => ({
  critical: 0,
  high: 0,
  medium: 0,
  low: 0,
  info: 0,
});

async function failingBySeverity(db: Db, run: string): Promise<Map<string, SeverityCounts>> {
  const rows = await db
    .selectFrom('results as r')
    .innerJoin('scans as s', 's.id', 'r.scan_id')
    .innerJoin('targets as t', 't.id', 's.target_id')
    .where('s.run_id', '=', run)
    .where('r.status', '=', 'fail')
    .where('r.suppressed', '=', 0)
    .select((eb) => ['t.url', 'r.severity', eb.fn.countAll<number | string>().as('n')])
    .groupBy(['t.url', 'r.severity'])
    .execute();
  const out = new Map<string, ReturnType<typeof zero>>();
  for (const r of rows) {
    let c = out.get(r.url);
    if (!c) out.set(r.url, (c = zero()));
    const sev = SEVERITY_KEYS.find((k) => k === r.severity) ?? 'info';
    c[sev] += Number(r.n);
  }
  return out;
}

async function countsByUrl(db: Db, a: string, b: string): Promise<Map<string, number>> {
  const rows = await findingsNotIn(db, a, b)
    .select((eb) => ['t.url', eb.fn.countAll<number | string>().as('n')])
    .groupBy('t.url')
    .execute();
  return new Map(rows.map((r) => [r.url, Number(r.n)]));
}

/** Per target: its scan in the previous run, and what changed since. */
async function driftOf(db: Db, run: string, prev: string): Promise<(url: string) => RowDrift> {
  const before = await db
    .selectFrom('scans as s')
    .innerJoin('targets as t', 't.id', 's.target_id')
    .where('s.run_id', '=', prev)
    .select(['t.url', 's.outcome', 's.grade'])
    .execute();
  const then = new Map(before.map((b) => [b.url, b.outcome === 'graded' ? (b.grade ?? 'N/G') : b.outcome]));
  const added = await countsByUrl(db, run, prev);
  const fixed = await countsByUrl(db, prev, run);
  const surface = await driftByUrl(db, run, prev, 0, 0);
  return (url) => {
    const s = surface.get(url);
    return {
      previous: then.get(url) ?? null,
      newFindings: added.get(url) ?? 0,
      fixedFindings: fixed.get(url) ?? 0,
      surfaceChanges: s ? s.added + s.removed + s.changed : 0,
    };
  };
}

export async function targetRows(db: Db, run: RunRef, previous: RunRef | null): Promise<Limited<TargetRow>> {
  const scans = await db
    .selectFrom('scans as s')
    .innerJoin('targets as t', 't.id', 's.target_id')
    .where('s.run_id', '=', run.id)
    .select(['t.url', 't.name', 't.source', 't.client', 't.config_file', 's.outcome', 's.grade', 's.detail'])
    .execute();
  const failing = await failingBySeverity(db, run.id);
  const drift = previous ? await driftOf(db, run.id, previous.id) : null;
  const stems = reportStems(scans.map((s) => ({ identity: s.url, name: s.name })));
  const rows: TargetRow[] = scans.map((s) => ({
    target: s.url,
    name: s.name,
    source: s.source,
    client: s.client,
    configFile: s.config_file,
    outcome: s.outcome,
    cause: s.detail,
    grade: s.outcome === 'graded' ? s.grade : null,
    failing: failing.get(s.url) ?? zero(),
    drift: drift ? drift(s.url) : null,
    report: stems.get(s.url)!,
  }));
  const sorted = sortRows(rows);
  return { items: sorted.slice(0, ROW_LIMIT), total: sorted.length };
}

/** The grade distribution of the latest runs up to `run`, oldest first (`N/G`: not graded). */
export async function runTrend(db: Db, run: RunRef): Promise<RunTrend[]> {
  const runs = await db
    .selectFrom('runs')
    .where('started_at', '<=', run.startedAt)
    .select(['id', 'started_at'])
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(TREND_RUNS)
    .execute();
  if (runs.length === 0) return [];
  const counts = await db
    .selectFrom('scans')
    .where(
      'run_id',
      'in',
      runs.map((r) => r.id),
    )
    .select((eb) => ['run_id', 'outcome', 'grade', eb.fn.countAll<number | string>().as('n')])
    .groupBy(['run_id', 'outcome', 'grade'])
    .execute();
  return runs
    .reverse()
    .map((r) => {
      const by = new Map<string, number>();
      for (const c of counts.filter((x) => x.run_id === r.id)) {
        const g = c.outcome === 'graded' && c.grade !== null ? c.grade : 'N/G';
        by.set(g, (by.get(g) ?? 0) + Number(c.n));
      }
      return {
        id: r.id,
        startedAt: r.started_at,
        grades: [...GRADE_ORDER, 'N/G'].map((grade) => ({ grade, count: by.get(grade) ?? 0 })),
      };
    })
    .filter((t) => t.grades.some((g) => g.count > 0));
}
