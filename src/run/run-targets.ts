/**
 * `runTargets()`: the one loop behind every run, whatever named its targets (one URL, the
 * config file, `--stdio`, `--discovered`, `--targets`, `--registry`, shards). Each target is
 * scanned with the library's `scanTarget()` through the fleet runner (bounded concurrency,
 * per-host limits, 429 back-off, the fleet deadline), compared with its lock entry, judged with
 * the servers installed beside it, then kept (a run that renders every report at the end) or
 * handed on as it finishes (a fleet that streams), recorded in the journal and the history
 * database, and its surface recorded in the lock with `--update-lock`. The caller parses flags
 * and prints; nothing here writes to the terminal but through the callbacks it is given.
 */
import type { ScanOutput } from '../api.js';
import { scanTarget } from '../api.js';
import { withSandboxes } from './sandboxes.js';
import type { HistoryError } from '../fleet/db/open.js';
import { rateLimitOf } from '../fleet/rate-limit.js';
import type { FleetTarget, ScanRecord } from '../fleet/record.js';
import { fleetTargetOf, recordOf } from '../fleet/record.js';
import type {
  AttemptContext,
  AttemptResult,
  FleetCounts,
  RunnerOptions,
  RunnerSummary,
} from '../fleet/runner.js';
import { runFleet } from '../fleet/runner.js';
import { inShard } from '../fleet/shard.js';
import type { Target } from '../targets/target.js';
import { TOOL_VERSION } from '../version.js';
import type { Held } from './co-installed.js';
import { CoInstalled } from './co-installed.js';
import { exitCodeFor } from './exit-code.js';
import type { HistoryRequest } from './history.js';
import { RunHistory } from './history.js';
import type { LockChoice } from './lock.js';
import { judgedAgainstRecording, LockRecorder, lockFor, lockUpdateOf } from './lock.js';
import type { PreparedTarget } from './prepare.js';

export interface Pacing {
  readonly concurrency: number;
  readonly perHost: number;
  /** Scans of a target that answers 429 (1: never rescanned). */
  readonly maxAttempts: number;
  readonly maxBackoffMs: number;
  /** No target starts after this long; undefined for no fleet deadline. */
  readonly fleetTimeoutMs?: number;
}

/** The run's counts as targets start and finish: a progress bar, or lines in a log. */
export interface RunProgress {
  update(c: FleetCounts): void;
  stop(c: FleetCounts): void;
}

export interface RunRequest {
  /** Prepared before anything is sent (./prepare.ts), in the order outputs are kept. */
  readonly targets: readonly PreparedTarget[];
  /** e.g. `targets.txt + registry https://…`: the run's source in the history database. */
  readonly sourceLabel: string;
  readonly pacing: Pacing;
  readonly history: HistoryRequest;
  readonly lock?: LockChoice;
  /** Keep every target's output for the caller (reports rendered together at the end). */
  readonly keep: boolean;
  /** A scan's own progress messages (shown when one target is scanned). */
  readonly scanProgress?: (message: string) => void;
  /** The run's progress display, given the number of targets to scan. */
  readonly progress?: (total: number) => Promise<RunProgress>;
  /** Each target's final output, as it finishes (per-target report files). */
  readonly onOutput?: (p: PreparedTarget, out: ScanOutput, code: number) => void;
  /** Each target's record, as stored, with its final output (null when the scan did not end): a row of the run's table. */
  readonly onRecord?: (r: ScanRecord, out: ScanOutput | null) => void;
  /** A line for the user (a database that failed mid-run). */
  readonly warn: (line: string) => void;
}

export interface RunResult {
  readonly runId: string;
  readonly summary: RunnerSummary;
  /** Per requested target, in order: its output when kept and scanned to the end, else null. */
  readonly outputs: readonly (ScanOutput | null)[];
  /** Exit codes of the targets finished in this run (resumed and other shards' targets have none). */
  readonly codes: readonly number[];
  /** Targets that started but were not scanned to the end, and why (an overrun, an internal error). */
  readonly unfinished: readonly { readonly prepared: PreparedTarget; readonly reason: string }[];
  /** Targets of this shard, before the journal's were skipped. */
  readonly inShard: number;
  /** Skipped because the journal held them (--resume), and their exit codes. */
  readonly resumed: number;
  readonly resumedCodes: readonly number[];
  /** Journal lines written into the database on resume. */
  readonly replayed: number;
  readonly history: string | null;
  readonly dbError: HistoryError | null;
  /** What `--update-lock` did, one line per target. */
  readonly lockLines: readonly string[];
}

/** The host a target counts against for per-host limits: a local server is a host of its own. */
const hostOf = (t: Target): string => (t.kind === 'http' ? t.url.host : t.identity);

interface Finished {
  readonly record: ScanRecord;
  readonly out: ScanOutput | null;
}

export async function runTargets(request: RunRequest): Promise<RunResult> {
  // Before the history is opened or anything is sent: a sandbox that cannot be had stops the run.
  const req = { ...request, targets: await withSandboxes(request.targets, request.warn) };
  const history = await RunHistory.open(
    req.history,
    {
      startedAt: new Date().toISOString(),
      toolVersion: TOOL_VERSION,
      source: req.sourceLabel,
      mode: req.targets[0]?.mode ?? 'safe',
      shardCount: req.history.shard?.count ?? 1,
    },
    req.warn,
  );
  try {
    return await new Run(req, history).run();
  } finally {
    await history.close();
  }
}

/** One run's state: the targets by identity, the outputs in flight, what was finished. */
class Run {
  readonly #byId = new Map<string, { readonly prepared: PreparedTarget; readonly index: number }>();
  /** The output of the attempt running or just finished, until its record is finalized. */
  readonly #latest = new Map<string, ScanOutput>();
  readonly #finalized = new Set<string>();
  readonly #outputs: (ScanOutput | null)[];
  readonly #codes: number[] = [];
  readonly #unfinished: { prepared: PreparedTarget; reason: string }[] = [];
  readonly #co: CoInstalled<Finished>;
  readonly #lock: LockRecorder | null;
  /** Records are stored only with a journal or a database; otherwise they are only counted. */
  readonly #detail: 'full' | 'summary';

  constructor(
    private readonly req: RunRequest,
    private readonly history: RunHistory,
  ) {
    req.targets.forEach((prepared, index) =>
      this.#byId.set(prepared.sourced.target.identity, { prepared, index }),
    );
    this.#outputs = req.targets.map(() => null);
    this.#co = new CoInstalled(req.targets);
    this.#lock = req.lock?.update ? new LockRecorder(req.lock) : null;
    this.#detail = history.keepsRecords ? 'full' : 'summary';
  }

  async run(): Promise<RunResult> {
    const shard = this.req.history.shard;
    const mine = this.req.targets.filter((t) => inShard(t.sourced.target.identity, shard));
    const todo = mine.filter((t) => !this.history.done.has(t.sourced.target.identity));
    const progress = this.req.progress ? await this.req.progress(todo.length) : null;
    let last: FleetCounts = { total: todo.length, done: 0, failed: 0, inFlight: 0, backingOff: 0 };
    const summary = await runFleet(
      todo.map((t) => fleetTargetOf(t.sourced)),
      this.#runnerOptions(todo, (c) => {
        last = c;
        progress?.update(c);
      }),
    );
    progress?.stop({ ...last, done: summary.done, failed: summary.failed, inFlight: 0, backingOff: 0 });
    // A group some of whose members never finished (the fleet deadline) is judged among the others.
    if (!(summary.stoppedBy instanceof Error)) for (const h of this.#co.drain()) await this.#sink(h);
    await this.#lock?.close();
    return {
      runId: this.history.runId,
      summary,
      outputs: this.#outputs,
      codes: this.#codes,
      unfinished: this.#unfinished,
      inShard: mine.length,
      resumed: mine.length - todo.length,
      resumedCodes: this.history.resumedCodes,
      replayed: this.history.replayed,
      history: this.history.label,
      dbError: this.history.dbError,
      lockLines: this.#lock?.lines ?? [],
    };
  }

  #runnerOptions(todo: readonly PreparedTarget[], onCounts: (c: FleetCounts) => void): RunnerOptions {
    const p = this.req.pacing;
    return {
      concurrency: p.concurrency,
      perHost: p.perHost,
      maxAttempts: p.maxAttempts,
      backoff: { baseMs: 1_000, maxMs: p.maxBackoffMs },
      targetTimeoutMs: Math.max(1_000, ...todo.map((t) => t.scanTimeoutMs)),
      fleetDeadline: p.fleetTimeoutMs === undefined ? null : Date.now() + p.fleetTimeoutMs,
      hostOf: (t: FleetTarget) => hostOf(this.#prepared(t).sourced.target),
      scan: (t: FleetTarget, actx: AttemptContext) => this.#attempt(this.#prepared(t), actx),
      onFinished: (record: ScanRecord) => this.#finished(record),
      onEvent: (e) => onCounts(e.counts),
    };
  }

  #prepared(t: FleetTarget): PreparedTarget {
    return this.#byId.get(t.url)!.prepared;
  }

  async #attempt(p: PreparedTarget, actx: AttemptContext): Promise<AttemptResult> {
    const target = p.sourced.target;
    this.#latest.delete(target.identity);
    const lock = this.req.lock;
    const scanned = await scanTarget(
      target,
      {
        ...p.options,
        scanTimeoutMs: Math.min(p.scanTimeoutMs, actx.scanTimeoutMs),
        ...(this.req.scanProgress ? { onProgress: this.req.scanProgress } : {}),
        ...(lock ? { lock: lockFor(lock, target.identity, p.options.token ? 'token' : 'anonymous') } : {}),
      },
      p.reportOpts,
    );
    const out = lock?.update ? judgedAgainstRecording(scanned, p.reportOpts) : scanned;
    // A scan that overran its deadline was recorded as failed: its late output is dropped.
    if (!this.#finalized.has(target.identity)) this.#latest.set(target.identity, out);
    const limit = rateLimitOf(out.evidence);
    const record = recordOf(
      out,
      {
        target: fleetTargetOf(p.sourced),
        exitCode: exitCodeFor(out.report, p.gate),
        attempts: actx.attempt,
        rateLimited: limit.limited,
        finishedAt: new Date(),
      },
      this.#detail,
    );
    return { record, rateLimited: limit.limited, retryAfterMs: limit.retryAfterMs };
  }

  async #finished(record: ScanRecord): Promise<void> {
    const id = record.target.url;
    this.#finalized.add(id);
    const out = this.#latest.get(id) ?? null;
    this.#latest.delete(id);
    const prepared = this.#prepared(record.target);
    for (const h of this.#co.finished({ prepared, out, extra: { record, out } })) await this.#sink(h);
  }

  /** A target's final output and record: stored, locked, handed on, kept. */
  async #sink(h: Held<Finished>): Promise<void> {
    const p = h.prepared;
    let record = h.extra.record;
    if (h.out && h.out !== h.extra.out)
      // The co-installed judgement added results: the record follows the rebuilt report.
      record = recordOf(
        h.out,
        {
          target: record.target,
          exitCode: exitCodeFor(h.out.report, p.gate),
          attempts: record.attempts,
          rateLimited: record.rateLimited,
          finishedAt: new Date(record.finishedAt),
        },
        this.#detail,
      );
    await this.history.store(record);
    this.req.onRecord?.(record, h.out);
    this.#codes.push(record.exitCode);
    if (!h.out) {
      if (record.outcome === 'error')
        this.#unfinished.push({ prepared: p, reason: record.detail ?? 'the scan did not finish' });
      return;
    }
    const update = this.#lock ? lockUpdateOf(p.sourced.target.identity, h.out.evidence) : null;
    if (update) this.#lock!.add(update);
    this.req.onOutput?.(p, h.out, record.exitCode);
    if (this.req.keep) this.#outputs[this.#byId.get(p.sourced.target.identity)!.index] = h.out;
  }
}
