/**
 * Runs a list of targets as one fleet run: the run ID, the shard, the journal (and `--resume`),
 * the history database, the runner and the progress display. Each finished target is written
 * to the journal first and then to the database; a database that fails is reported once, and
 * with a journal the run goes on (the journal keeps every result for a later `--resume`).
 */
import { randomBytes } from 'node:crypto';

import type { History } from '../fleet/db/open.js';
import { HistoryError, openHistory } from '../fleet/db/open.js';
import type { RunInfo } from '../fleet/db/store.js';
import { storedTargets, storeRecord } from '../fleet/db/store.js';
import type { JournalWriter } from '../fleet/journal.js';
import { journalState, openJournalWriter, readJournal } from '../fleet/journal.js';
import type { ScanRecord } from '../fleet/record.js';
import type { AttemptContext, AttemptResult, FleetCounts, RunnerSummary } from '../fleet/runner.js';
import { runFleet } from '../fleet/runner.js';
import type { Shard } from '../fleet/shard.js';
import { inShard } from '../fleet/shard.js';
import type { FleetTarget } from '../fleet/targets/types.js';
import { TOOL_VERSION } from '../version.js';
import type { FleetScanOptions } from './fleet-options.js';
import type { FleetProgress } from './fleet-progress.js';
import { plainProgress, silentProgress, ttyProgress } from './fleet-progress.js';
import { UsageError } from './options.js';

export const RUN_ID_ENV = 'MCP_POSTURE_RUN_ID';

export interface FleetRunInput {
  readonly targets: readonly FleetTarget[];
  readonly sourceLabel: string;
  readonly mode: string;
  readonly fleet: FleetScanOptions;
  readonly shard: Shard | null;
  /** The history database to write, or null for none. */
  readonly dbSpec: string | null;
  /** The longest per-target scan budget (for the runner's watchdog). */
  readonly targetTimeoutMs: number;
  readonly scan: (t: FleetTarget, ctx: AttemptContext) => Promise<AttemptResult>;
  /** Called after a target is stored (counters, summaries); the record is not kept. */
  readonly onRecord: (r: ScanRecord) => void;
  /** Show the fleet bar or lines (off for a single target, which prints its own progress). */
  readonly showProgress: boolean;
}

export interface FleetRunResult {
  readonly runId: string;
  readonly summary: RunnerSummary;
  /** Targets of this shard, before the journal's were skipped. */
  readonly inShard: number;
  /** Skipped because the journal held them (--resume). */
  readonly resumed: number;
  /** Exit codes of the journal's targets. */
  readonly resumedCodes: readonly number[];
  /** Journal lines written into the database on resume. */
  readonly replayed: number;
  readonly history: string | null;
  /** The database failure, when there was one (results are then in the journal, if any). */
  readonly dbError: HistoryError | null;
}

function newRunId(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `run-${stamp}-${randomBytes(3).toString('hex')}`;
}

/** The run ID: the flag, the environment, the journal's (on resume), the CI run's for shards, or a new one. */
function resolveRunId(f: FleetScanOptions, shard: Shard | null, fromJournal: string | null): string {
  const env = process.env[RUN_ID_ENV]?.trim();
  const given = f.runId ?? (env ? env : undefined);
  if (given !== undefined && fromJournal !== null && given !== fromJournal)
    throw new UsageError(`--run-id ${given} differs from the journal's run ${fromJournal}`);
  if (given !== undefined) return given;
  if (fromJournal !== null) return fromJournal;
  const gh = process.env['GITHUB_RUN_ID'];
  if (shard !== null && gh) return `gh-${gh}-${process.env['GITHUB_RUN_ATTEMPT'] ?? '1'}`;
  if (shard !== null)
    throw new UsageError(
      `shards of one run must share its ID: pass --run-id ID (or set ${RUN_ID_ENV}) in every shard`,
    );
  return newRunId();
}

async function progressFor(input: FleetRunInput, total: number): Promise<FleetProgress> {
  if (!input.showProgress || !input.fleet.progress) return silentProgress;
  if (process.stderr.isTTY) return ttyProgress(process.stderr, total);
  return plainProgress((s) => process.stderr.write(s));
}

export async function executeFleet(input: FleetRunInput): Promise<FleetRunResult> {
  const f = input.fleet;
  if (f.resume && !f.journal) throw new UsageError('--resume needs --journal FILE');
  const state = f.journal
    ? await journalState(f.journal)
    : { done: new Set<string>(), runId: null, exitCodes: new Set<number>() };
  if (f.journal && state.runId !== null && !f.resume)
    throw new UsageError(
      `${f.journal} already holds run ${state.runId}: add --resume to continue it, or use a new file`,
    );
  const runId = resolveRunId(f, input.shard, state.runId);
  const mine = input.targets.filter((t) => inShard(t.url, input.shard));
  const todo = mine.filter((t) => !state.done.has(t.url));
  const run: RunInfo = {
    id: runId,
    startedAt: new Date().toISOString(),
    toolVersion: TOOL_VERSION,
    source: input.sourceLabel,
    mode: input.mode,
    shardCount: input.shard?.count ?? 1,
  };

  let history: History | null = null;
  let dbError: HistoryError | null = null;
  if (input.dbSpec !== null) {
    try {
      history = await openHistory(input.dbSpec);
    } catch (err) {
      if (!(err instanceof HistoryError)) throw err;
      // Without a journal there is nowhere to keep results: stop before sending anything.
      if (!f.journal) throw err;
      dbError = err;
      process.stderr.write(
        `mcp-posture: ${err.message}; scanning on, results go to the journal ${f.journal}\n`,
      );
    }
  }
  const shardIndex = input.shard?.index ?? null;
  const store = async (record: ScanRecord): Promise<void> => {
    if (!history || dbError) return;
    try {
      await storeRecord(history.db, run, record, shardIndex);
    } catch (err) {
      dbError = new HistoryError(
        `cannot write to the history database ${history.label}: ${err instanceof Error ? err.message : String(err)}`,
      );
      if (!f.journal) throw dbError;
      process.stderr.write(
        `mcp-posture: ${dbError.message}; scanning on, results go to the journal ${f.journal}\n`,
      );
    }
  };

  let replayed = 0;
  let journal: JournalWriter | null = null;
  try {
    // A resumed run first stores what the journal holds and the database misses (it was down,
    // or the process died between the two writes).
    if (history && f.journal && state.done.size > 0) {
      const stored = await storedTargets(history.db, runId);
      for await (const line of readJournal(f.journal)) {
        if (stored.has(line.record.target.url)) continue;
        await store(line.record);
        if (!dbError) replayed++;
      }
    }
    journal = f.journal ? openJournalWriter(f.journal, runId) : null;
    const progress = await progressFor(input, todo.length);
    let last: FleetCounts = { total: todo.length, done: 0, failed: 0, inFlight: 0, backingOff: 0 };
    const summary = await runFleet(todo, {
      concurrency: f.concurrency,
      perHost: f.perHost,
      maxAttempts: f.maxAttempts,
      backoff: { baseMs: 1_000, maxMs: f.maxBackoff },
      targetTimeoutMs: input.targetTimeoutMs,
      fleetDeadline: f.fleetTimeout === undefined ? null : Date.now() + f.fleetTimeout,
      scan: input.scan,
      onFinished: async (record) => {
        journal?.append(record);
        await store(record);
        input.onRecord(record);
      },
      onEvent: (e) => {
        last = e.counts;
        progress.update(e.counts);
      },
    });
    progress.stop({ ...last, done: summary.done, failed: summary.failed, inFlight: 0, backingOff: 0 });
    return {
      runId,
      summary,
      inShard: mine.length,
      resumed: mine.length - todo.length,
      resumedCodes: [...state.exitCodes],
      replayed,
      history: history ? `${history.label} (${history.kind})` : null,
      dbError,
    };
  } finally {
    journal?.close();
    await history?.close();
  }
}
