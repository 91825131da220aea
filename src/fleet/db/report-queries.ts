/**
 * The fleet report's numbers, computed in the database (grouped counts and set differences
 * through Kysely), so a report over thousands of targets never loads the fleet into memory:
 * only counts and the first LIMIT rows of each list come back.
 */
import type { Kysely } from 'kysely';

import { findCheck } from '../../checks/index.js';
import type {
  FailingCheck,
  Finding,
  FleetReport,
  Limited,
  NotGraded,
  RunRef,
  TargetDrift,
} from '../report/model.js';
import { GRADE_ORDER } from '../report/model.js';
import { driftByUrl, findingsNotIn } from './compare-queries.js';
import type { HistoryDatabase } from './schema.js';
import { runTrend, targetRows } from './target-rows.js';

type Db = Kysely<HistoryDatabase>;

export const LIST_LIMIT = 200;
const TOP_CHECKS = 15;
const DRIFT_ITEMS = 8;

export class NoRunError extends Error {}

/**
 * The latest run (or the one named, or the latest before a time) that holds a scan, with its
 * number of scans. The run is found first and only its scans are counted (both by index), so the
 * cost does not grow with the history: grouping every run's scans to pick one read them all.
 */
async function runRef(db: Db, where: { id?: string; before?: string }): Promise<RunRef | null> {
  let q = db
    .selectFrom('runs')
    .select(['id', 'started_at', 'source', 'mode', 'shard_count'])
    .where((eb) =>
      eb.exists(eb.selectFrom('scans').select('scans.run_id').whereRef('scans.run_id', '=', 'runs.id')),
    )
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1);
  if (where.id !== undefined) q = q.where('id', '=', where.id);
  if (where.before !== undefined) q = q.where('started_at', '<', where.before);
  const r = await q.executeTakeFirst();
  if (!r) return null;
  const count = await db
    .selectFrom('scans')
    .where('run_id', '=', r.id)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return {
    id: r.id,
    startedAt: r.started_at,
    source: r.source,
    mode: r.mode,
    shardCount: r.shard_count,
    scans: Number(count?.n ?? 0),
  };
}

async function findings(db: Db, a: string, b: string): Promise<Limited<Finding>> {
  const rows = await findingsNotIn(db, a, b)
    .select(['t.url', 'r.check_id', 'r.severity', 'r.location', 'r.message'])
    .orderBy('t.url')
    .orderBy('r.check_id')
    .orderBy('r.location')
    .limit(LIST_LIMIT)
    .execute();
  const total = await findingsNotIn(db, a, b)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return {
    items: rows.map((r) => ({
      url: r.url,
      checkId: r.check_id,
      severity: r.severity,
      location: r.location,
      message: r.message,
    })),
    total: Number(total?.n ?? 0),
  };
}

async function drift(db: Db, run: string, prev: string): Promise<Limited<TargetDrift>> {
  const all = [...(await driftByUrl(db, run, prev, DRIFT_ITEMS, LIST_LIMIT)).entries()]
    .map(([url, e]) => ({ url, ...e }))
    .sort(
      (x, y) =>
        y.added + y.removed + y.changed - (x.added + x.removed + x.changed) || x.url.localeCompare(y.url),
    );
  return { items: all.slice(0, LIST_LIMIT), total: all.length };
}

async function topFailing(db: Db, run: string): Promise<FailingCheck[]> {
  const rows = await db
    .selectFrom('results as r')
    .innerJoin('scans as s', 's.id', 'r.scan_id')
    .where('s.run_id', '=', run)
    .where('r.status', '=', 'fail')
    .where('r.suppressed', '=', 0)
    .select((eb) => ['r.check_id', eb.fn.count<number | string>('r.scan_id').distinct().as('targets')])
    .groupBy('r.check_id')
    .orderBy('targets', 'desc')
    .orderBy('r.check_id')
    .limit(TOP_CHECKS)
    .execute();
  return rows.map((r) => {
    const meta = findCheck(r.check_id)?.meta;
    return {
      checkId: r.check_id,
      title: meta?.title ?? r.check_id,
      severity: meta?.severity ?? 'unknown',
      targets: Number(r.targets),
    };
  });
}

async function notGraded(db: Db, run: string): Promise<Limited<NotGraded>> {
  const base = db
    .selectFrom('scans as s')
    .innerJoin('targets as t', 't.id', 's.target_id')
    .where('s.run_id', '=', run)
    .where('s.outcome', '!=', 'graded');
  const rows = await base
    .select(['t.url', 's.outcome', 's.detail'])
    .orderBy('s.outcome')
    .orderBy('t.url')
    .limit(LIST_LIMIT)
    .execute();
  const total = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  return {
    items: rows.map((r) => ({ url: r.url, outcome: r.outcome, detail: r.detail })),
    total: Number(total?.n ?? 0),
  };
}

export async function buildFleetReport(db: Db, runId?: string, now = new Date()): Promise<FleetReport> {
  const run = await runRef(db, runId === undefined ? {} : { id: runId });
  if (!run)
    throw new NoRunError(
      runId === undefined ? 'the database holds no run yet' : `no run ${runId} in the database`,
    );
  const previous = await runRef(db, { before: run.startedAt });
  const outcomeRows = await db
    .selectFrom('scans')
    .where('run_id', '=', run.id)
    .select((eb) => ['outcome', eb.fn.countAll<number | string>().as('n')])
    .groupBy('outcome')
    .orderBy('outcome')
    .execute();
  const gradeRows = await db
    .selectFrom('scans')
    .where('run_id', '=', run.id)
    .select((eb) => ['outcome', 'grade', eb.fn.countAll<number | string>().as('n')])
    .groupBy(['outcome', 'grade'])
    .execute();
  // N/G counts every target that was not graded (unreachable, not MCP, redirected, failed).
  const gradeCount = new Map<string, number>();
  for (const g of gradeRows) {
    const key = g.outcome === 'graded' && g.grade !== null ? g.grade : 'N/G';
    gradeCount.set(key, (gradeCount.get(key) ?? 0) + Number(g.n));
  }
  const none = { items: [], total: 0 };
  return {
    generatedAt: now.toISOString(),
    run,
    previous,
    outcomes: Object.fromEntries(outcomeRows.map((o) => [o.outcome, Number(o.n)])),
    grades: [...GRADE_ORDER, 'N/G'].map((grade) => ({ grade, count: gradeCount.get(grade) ?? 0 })),
    topFailing: await topFailing(db, run.id),
    newFindings: previous ? await findings(db, run.id, previous.id) : none,
    fixedFindings: previous ? await findings(db, previous.id, run.id) : none,
    drift: previous ? await drift(db, run.id, previous.id) : none,
    notGraded: await notGraded(db, run.id),
    targets: await targetRows(db, run, previous),
    trend: await runTrend(db, run),
  };
}
