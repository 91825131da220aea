/** The run options every kind of scan shares, from the fleet flags: pacing, history, shards. */
import { resolveShard, ShardError } from '../fleet/shard.js';
import type { SandboxMode } from '../probe/stdio/sandbox/prepare.js';
import { UsageError } from '../run/errors.js';
import type { HistoryRequest } from '../run/history.js';
import type { Pacing } from '../run/run-targets.js';
import type { FleetScanOptions } from './fleet-options.js';

/**
 * `--concurrency`, `--per-host`, `--max-attempts`, `--max-backoff`, `--fleet-timeout`. A lone
 * target (one URL, one command, a config of one, without history) is scanned once, as a
 * single scan always was: a 429 is reported, not waited out.
 */
export function pacingOf(f: FleetScanOptions, lone: boolean): Pacing {
  return {
    concurrency: f.concurrency,
    perHost: f.perHost,
    maxAttempts: lone ? 1 : f.maxAttempts,
    maxBackoffMs: f.maxBackoff,
    ...(f.fleetTimeout !== undefined ? { fleetTimeoutMs: f.fleetTimeout } : {}),
  };
}

/**
 * `--journal`, `--resume`, `--run-id`, the shard (`--shard`, or a Kubernetes Indexed Job), and
 * the database. A lone target without history flags is not sharded (nor read from the Job's
 * environment): there is nothing to split.
 */
export function historyOf(f: FleetScanOptions, db: string | null, sharded = true): HistoryRequest {
  let shard = null;
  try {
    if (sharded) shard = resolveShard(f.shard, f.shardCount, process.env);
  } catch (err) {
    if (err instanceof ShardError) throw new UsageError(err.message);
    throw err;
  }
  return {
    ...(f.journal !== undefined ? { journal: f.journal } : {}),
    resume: f.resume === true,
    db,
    ...(f.runId !== undefined ? { runId: f.runId } : {}),
    shard,
  };
}

/** `--sandbox` is `strict`, `--sandbox=best-effort` warns and runs anyway (docs/stdio.md#sandbox). */
export function sandboxModeOf(option: boolean | string | undefined): SandboxMode {
  if (option === undefined || option === false) return 'off';
  if (option === true || option === 'strict') return 'strict';
  if (option === 'best-effort') return 'best-effort';
  throw new UsageError(`--sandbox takes no value, or =best-effort (got ${JSON.stringify(option)})`);
}
