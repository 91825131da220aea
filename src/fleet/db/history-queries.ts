/** One target's scans over time (`mcp-posture history URL`), newest last, with what changed between scans. */
import type { Kysely } from 'kysely';

import type { HistoryScan, TargetHistory } from '../report/model.js';
import { targetIdOf } from './keys.js';
import type { HistoryDatabase } from './schema.js';

export const HISTORY_LIMIT = 200;

export async function targetHistory(
  db: Kysely<HistoryDatabase>,
  identity: string,
  limit = HISTORY_LIMIT,
): Promise<TargetHistory | null> {
  const target = await db
    .selectFrom('targets')
    .selectAll()
    .where('id', '=', targetIdOf(identity))
    .executeTakeFirst();
  if (!target) return null;
  const scans = (
    await db
      .selectFrom('scans')
      .select(['id', 'run_id', 'started_at', 'outcome', 'grade', 'fail_count'])
      .where('target_id', '=', target.id)
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()
  ).reverse();
  const failing = new Map<string, { checkId: string; severity: string | null; location: string }[]>();
  if (scans.length) {
    const rows = await db
      .selectFrom('results')
      .select(['scan_id', 'check_id', 'severity', 'location'])
      .where(
        'scan_id',
        'in',
        scans.map((s) => s.id),
      )
      .where('status', '=', 'fail')
      .where('suppressed', '=', 0)
      .orderBy('scan_id')
      .orderBy('ordinal')
      .execute();
    for (const r of rows) {
      const list = failing.get(r.scan_id) ?? [];
      list.push({ checkId: r.check_id, severity: r.severity, location: r.location });
      failing.set(r.scan_id, list);
    }
  }
  let before: Set<string> | null = null;
  const out: HistoryScan[] = scans.map((s) => {
    const fails = failing.get(s.id) ?? [];
    const now = new Set(fails.map((f) => f.checkId));
    // Only graded scans say which checks fail: an unreachable scan neither adds nor fixes findings.
    const graded = s.outcome === 'graded';
    const newChecks = before && graded ? [...now].filter((c) => !before!.has(c)).sort() : null;
    const fixedChecks = before && graded ? [...before].filter((c) => !now.has(c)).sort() : null;
    if (graded) before = now;
    return {
      runId: s.run_id,
      startedAt: s.started_at,
      outcome: s.outcome,
      grade: s.grade,
      failCount: s.fail_count,
      failing: fails,
      newChecks,
      fixedChecks,
    };
  });
  return {
    url: target.url,
    name: target.name,
    registry: target.registry_name ? { name: target.registry_name, version: target.registry_version } : null,
    scans: out,
  };
}
