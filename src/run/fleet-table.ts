/**
 * The per-target table of a fleet run (`scan --targets`, `--registry`, `--discovered`, shards):
 * the file stem of each target's report, decided before anything is written, and the run's fleet
 * report at its end. A run that wrote its own history database reads the report back from it,
 * as `fleet report` does (with what changed since the previous run and the trend); a run without
 * one (or a shard, whose database also holds the other shards) builds it from its own records.
 */
import type { HistoryError } from '../fleet/db/open.js';
import { openHistory } from '../fleet/db/open.js';
import { reportStems } from '../fleet/report/file-names.js';
import { RunTable } from '../fleet/report/from-run.js';
import type { FleetReport } from '../fleet/report/model.js';
import type { PreparedTarget } from './prepare.js';

/** Identity → report file stem, for every target the run was given (de-duplicated across the list). */
export function stemsOf(targets: readonly PreparedTarget[]): Map<string, string> {
  return reportStems(targets.map((p) => ({ identity: p.sourced.target.identity, name: p.sourced.name })));
}

export function runTableOf(targets: readonly PreparedTarget[]): RunTable {
  return new RunTable(stemsOf(targets));
}

export interface FinishedRun {
  readonly runId: string;
  readonly startedAt: Date;
  readonly source: string;
  readonly mode: string;
  readonly shardCount: number;
  /** The database the run wrote, or null. */
  readonly db: string | null;
  readonly dbError: HistoryError | null;
}

export async function fleetReportOfRun(run: FinishedRun, table: RunTable): Promise<FleetReport> {
  if (run.db !== null && run.dbError === null && run.shardCount === 1 && table.size > 0) {
    const { buildFleetReport } = await import('../fleet/db/report-queries.js');
    const history = await openHistory(run.db);
    try {
      return await buildFleetReport(history.db, run.runId);
    } finally {
      await history.close();
    }
  }
  return table.report(
    {
      id: run.runId,
      startedAt: run.startedAt.toISOString(),
      source: run.source,
      mode: run.mode,
      shardCount: run.shardCount,
    },
    new Date(),
  );
}
