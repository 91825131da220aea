/**
 * Two runs compared in the database: the failing results of one that the other did not fail
 * (new and fixed findings), and the surface items added, removed or changed, per target. Read by
 * the fleet report's lists (./report-queries.ts) and its per-target rows (./target-rows.ts).
 */
import type { Kysely } from 'kysely';

import type { TargetDrift } from '../report/model.js';
import type { HistoryDatabase } from './schema.js';

type Db = Kysely<HistoryDatabase>;

/** Failing results of run `a` whose fingerprint the same target's scan in run `b` did not fail. */
export function findingsNotIn(db: Db, a: string, b: string) {
  return db
    .selectFrom('results as r')
    .innerJoin('scans as s', 's.id', 'r.scan_id')
    .innerJoin('targets as t', 't.id', 's.target_id')
    .where('s.run_id', '=', a)
    .where('r.status', '=', 'fail')
    .where('r.suppressed', '=', 0)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('scans as o')
          .select('o.id')
          .where('o.run_id', '=', b)
          .whereRef('o.target_id', '=', 's.target_id')
          .where('o.outcome', '=', 'graded'),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('results as r2')
            .innerJoin('scans as s2', 's2.id', 'r2.scan_id')
            .select('r2.scan_id')
            .where('s2.run_id', '=', b)
            .whereRef('s2.target_id', '=', 's.target_id')
            .whereRef('r2.fingerprint', '=', 'r.fingerprint')
            .where('r2.status', '=', 'fail'),
        ),
      ),
    );
}

/** Surface items of run `a` (added: absent from `b`; changed: another hash in `b`), for targets with surfaces in both. */
function surfaceDiff(db: Db, a: string, b: string, change: 'added' | 'changed') {
  return (
    db
      .selectFrom('surfaces as x')
      .innerJoin('scans as s', 's.id', 'x.scan_id')
      .innerJoin('targets as t', 't.id', 's.target_id')
      .innerJoin('scans as o', (j) => j.onRef('o.target_id', '=', 's.target_id').on('o.run_id', '=', b))
      .where('s.run_id', '=', a)
      .where('s.outcome', '=', 'graded')
      .where('o.outcome', '=', 'graded')
      // Both scans listed a surface: a walled or failed listing is no evidence of removal.
      .where((eb) =>
        eb.exists(eb.selectFrom('surfaces as z').select('z.scan_id').whereRef('z.scan_id', '=', 'o.id')),
      )
      .where((eb) => {
        const other = eb
          .selectFrom('surfaces as y')
          .select('y.scan_id')
          .whereRef('y.scan_id', '=', 'o.id')
          .whereRef('y.kind', '=', 'x.kind')
          .whereRef('y.name', '=', 'x.name');
        return change === 'added'
          ? eb.not(eb.exists(other))
          : eb.and([
              eb.exists(other.whereRef('y.sha256', '!=', 'x.sha256')),
              eb.not(eb.exists(other.whereRef('y.sha256', '=', 'x.sha256'))),
            ]);
      })
  );
}

interface DriftEntry {
  added: number;
  removed: number;
  changed: number;
  items: TargetDrift['items'][number][];
}

/** Target URL → surface items added, removed and changed in run `run` since `prev`, with the first `perTarget` items. */
export async function driftByUrl(
  db: Db,
  run: string,
  prev: string,
  perTarget: number,
  targets: number,
): Promise<Map<string, DriftEntry>> {
  const byUrl = new Map<string, DriftEntry>();
  const entry = (url: string) => {
    let e = byUrl.get(url);
    if (!e) byUrl.set(url, (e = { added: 0, removed: 0, changed: 0, items: [] }));
    return e;
  };
  const kinds = [
    ['added', run, prev, 'added'],
    ['removed', prev, run, 'added'],
    ['changed', run, prev, 'changed'],
  ] as const;
  for (const [change, a, b, how] of kinds) {
    const counts = await surfaceDiff(db, a, b, how)
      .select((eb) => ['t.url', eb.fn.countAll<number | string>().as('n')])
      .groupBy('t.url')
      .execute();
    for (const c of counts) entry(c.url)[change] = Number(c.n);
    if (perTarget === 0) continue;
    const items = await surfaceDiff(db, a, b, how)
      .select(['t.url', 'x.kind', 'x.name'])
      .orderBy('t.url')
      .orderBy('x.kind')
      .orderBy('x.name')
      .limit(targets * perTarget)
      .execute();
    for (const i of items) {
      const e = entry(i.url);
      if (e.items.length < perTarget) e.items.push({ kind: i.kind, name: i.name, change });
    }
  }
  return byUrl;
}
