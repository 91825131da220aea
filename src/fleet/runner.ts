/**
 * The fleet runner: scans many targets through a bounded pool (`concurrency`), at most
 * `perHost` at a time per host, backing off a host that answers 429 (its `Retry-After`, capped)
 * and scanning its target again, up to `maxAttempts`. Each target has a deadline (its scan
 * budget plus a grace; a scan that overruns it is recorded as an error and its slot freed) and
 * the fleet has one (no scan starts after it; what did not start is counted, not recorded, so
 * `--resume` picks it up). One target's failure never stops the others: unreachable and
 * not-MCP targets are outcomes. Records go to `onFinished` one at a time, in finishing order,
 * and are not kept: memory stays flat whatever the fleet's size.
 */
import type { BackoffPolicy } from './retry-after.js';
import { backoffMs, DEFAULT_BACKOFF } from './retry-after.js';
import { HostGate, hostOf } from './hosts.js';
import type { FleetTarget, ScanRecord } from './record.js';
import { failedRecord } from './record.js';

export interface AttemptContext {
  /** 1 for the first scan of the target, 2 after one 429, … */
  readonly attempt: number;
  /** The scan's own budget: the per-target deadline, clipped to what is left of the fleet's. */
  readonly scanTimeoutMs: number;
}

export interface AttemptResult {
  /** The record as it would be stored if this attempt is the last. */
  readonly record: ScanRecord;
  /** The target answered 429 during this scan. */
  readonly rateLimited: boolean;
  /** Its Retry-After, in ms, when it gave one. */
  readonly retryAfterMs: number | null;
}

export interface FleetCounts {
  readonly total: number;
  readonly done: number;
  /** Finished but not graded: unreachable, not MCP, redirected, or the scan failed. */
  readonly failed: number;
  readonly inFlight: number;
  /** Waiting out a host's 429 cool-down. */
  readonly backingOff: number;
}

export type RunnerEvent =
  | {
      readonly type: 'start';
      readonly target: FleetTarget;
      readonly attempt: number;
      readonly counts: FleetCounts;
    }
  | { readonly type: 'finish'; readonly record: ScanRecord; readonly counts: FleetCounts }
  | {
      readonly type: 'retry';
      readonly target: FleetTarget;
      readonly waitMs: number;
      readonly counts: FleetCounts;
    };

export interface RunnerOptions {
  readonly concurrency: number;
  readonly perHost: number;
  readonly maxAttempts: number;
  readonly backoff?: BackoffPolicy;
  /** Per-target scan budget, ms. */
  readonly targetTimeoutMs: number;
  /** Extra time past the budget before a scan that has not returned is abandoned. */
  readonly graceMs?: number;
  /** Epoch ms after which no scan starts; null for none. */
  readonly fleetDeadline: number | null;
  readonly scan: (target: FleetTarget, ctx: AttemptContext) => Promise<AttemptResult>;
  /** Stores a finished target (journal, database…). Throwing stops the fleet: nothing new starts. */
  readonly onFinished: (record: ScanRecord) => Promise<void> | void;
  readonly onEvent?: (e: RunnerEvent) => void;
  /**
   * The host a target counts against for `perHost` and 429 cool-downs. The run passes its parsed
   * targets' hosts (a local server is a host of its own); the default parses the target's URL.
   */
  readonly hostOf?: (target: FleetTarget) => string;
}

export interface RunnerSummary extends FleetCounts {
  /** Targets never started (fleet deadline, or the run stopped). */
  readonly notStarted: number;
  readonly retries: number;
  /** Why the fleet stopped early, if it did. */
  readonly stoppedBy: 'deadline' | Error | null;
}

interface Queued {
  readonly target: FleetTarget;
  readonly attempt: number;
}

const DEFAULT_GRACE_MS = 5_000;

export function runFleet(targets: readonly FleetTarget[], o: RunnerOptions): Promise<RunnerSummary> {
  return new Promise<RunnerSummary>((resolve) => {
    new Scheduler(targets.length, o, resolve).run(targets);
  });
}

/** The queues per host, the pool and the counters of one fleet run. */
class Scheduler {
  readonly #o: RunnerOptions;
  readonly #gate: HostGate;
  readonly #host: (t: FleetTarget) => string;
  readonly #concurrency: number;
  readonly #total: number;
  readonly #resolve: (s: RunnerSummary) => void;
  readonly #queues = new Map<string, Queued[]>();
  readonly #hosts: string[] = [];
  #cursor = 0;
  #pending = 0;
  #inFlight = 0;
  #done = 0;
  #failed = 0;
  #backingOff = 0;
  #retries = 0;
  #stoppedBy: RunnerSummary['stoppedBy'] = null;
  #timer: NodeJS.Timeout | null = null;
  #sinkChain: Promise<void> = Promise.resolve();
  #resolved = false;

  constructor(total: number, o: RunnerOptions, resolve: (s: RunnerSummary) => void) {
    this.#o = o;
    this.#gate = new HostGate(o.perHost);
    this.#host = o.hostOf ?? ((t) => hostOf(t.url));
    this.#concurrency = Math.max(1, Math.floor(o.concurrency));
    this.#total = total;
    this.#resolve = resolve;
  }

  run(targets: readonly FleetTarget[]): void {
    for (const t of targets) this.#enqueue({ target: t, attempt: 1 });
    this.#pump();
  }

  #counts(): FleetCounts {
    return {
      total: this.#total,
      done: this.#done,
      failed: this.#failed,
      inFlight: this.#inFlight,
      backingOff: this.#backingOff,
    };
  }

  #enqueue(q: Queued, front = false): void {
    const host = this.#host(q.target);
    let queue = this.#queues.get(host);
    if (!queue) {
      queue = [];
      this.#queues.set(host, queue);
      this.#hosts.push(host);
    }
    if (front) queue.unshift(q);
    else queue.push(q);
    this.#pending++;
  }

  #finishIfIdle(): void {
    if (this.#resolved || this.#inFlight > 0) return;
    if (this.#pending > 0 && this.#stoppedBy === null) return;
    this.#resolved = true;
    if (this.#timer) clearTimeout(this.#timer);
    void this.#sinkChain.then(() =>
      this.#resolve({
        ...this.#counts(),
        notStarted: this.#pending,
        retries: this.#retries,
        stoppedBy: this.#stoppedBy,
      }),
    );
  }

  /** The next target whose host may be scanned now, round-robin over hosts; else the shortest wait. */
  #pick(now: number): Queued | number {
    let soonest = Infinity;
    const hosts = this.#hosts;
    for (let n = 0; n < hosts.length; n++) {
      const i = (this.#cursor + n) % hosts.length;
      const host = hosts[i]!;
      const wait = this.#gate.waitFor(host, now);
      if (wait > 0) {
        soonest = Math.min(soonest, wait);
        continue;
      }
      const queue = this.#queues.get(host)!;
      const q = queue.shift()!;
      if (queue.length === 0) {
        this.#queues.delete(host);
        hosts.splice(i, 1);
        this.#cursor = hosts.length ? i % hosts.length : 0;
      } else this.#cursor = (i + 1) % hosts.length;
      this.#pending--;
      return q;
    }
    return soonest;
  }

  #pump = (): void => {
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = null;
    }
    const now = Date.now();
    const deadline = this.#o.fleetDeadline;
    if (this.#stoppedBy === null && deadline !== null && now >= deadline && this.#pending > 0)
      this.#stoppedBy = 'deadline';
    while (this.#stoppedBy === null && this.#inFlight < this.#concurrency && this.#pending > 0) {
      const next = this.#pick(now);
      if (typeof next === 'number') {
        // Every queued host is busy or cooling down: look again when the first cool-down ends.
        if (Number.isFinite(next)) this.#timer = setTimeout(this.#pump, Math.max(1, Math.ceil(next)));
        break;
      }
      this.#start(next, now);
    }
    const idleSlot = this.#inFlight < this.#concurrency;
    if (this.#stoppedBy === null && this.#pending > 0 && deadline !== null && !this.#timer && idleSlot)
      this.#timer = setTimeout(this.#pump, Math.max(1, deadline - now));
    this.#finishIfIdle();
  };

  #finalize(record: ScanRecord): Promise<void> {
    this.#sinkChain = this.#sinkChain.then(async () => {
      if (this.#stoppedBy instanceof Error) return;
      try {
        await this.#o.onFinished(record);
      } catch (err) {
        this.#stoppedBy = err instanceof Error ? err : new Error(String(err));
        return;
      }
      this.#done++;
      if (record.outcome !== 'graded') this.#failed++;
      this.#o.onEvent?.({ type: 'finish', record, counts: this.#counts() });
    });
    return this.#sinkChain;
  }

  #start(q: Queued, now: number): void {
    const host = this.#host(q.target);
    this.#gate.acquire(host);
    this.#inFlight++;
    const deadline = this.#o.fleetDeadline;
    const left = deadline === null ? Infinity : deadline - now;
    const scanTimeoutMs = Math.max(1_000, Math.min(this.#o.targetTimeoutMs, left));
    this.#o.onEvent?.({ type: 'start', target: q.target, attempt: q.attempt, counts: this.#counts() });
    void this.#attempt(q, scanTimeoutMs, new Date())
      .then(async (r) => {
        if (!this.#retried(q, r, host)) await this.#finalize(this.#lastRecord(q, r));
      })
      .finally(() => {
        this.#gate.release(host);
        this.#inFlight--;
        this.#pump();
      });
  }

  #lastRecord(q: Queued, r: AttemptResult): ScanRecord {
    return { ...r.record, attempts: q.attempt, rateLimited: r.rateLimited };
  }

  /** A 429 with attempts left: the host cools down and the target goes back to the front of its queue. */
  #retried(q: Queued, r: AttemptResult, host: string): boolean {
    if (!r.rateLimited || q.attempt >= this.#o.maxAttempts || this.#stoppedBy !== null) return false;
    const wait = backoffMs(r.retryAfterMs, q.attempt, this.#o.backoff ?? DEFAULT_BACKOFF);
    const at = Date.now() + wait;
    const deadline = this.#o.fleetDeadline;
    if (deadline !== null && at >= deadline) return false;
    this.#retries++;
    this.#backingOff++;
    this.#gate.coolDown(host, at);
    this.#o.onEvent?.({ type: 'retry', target: q.target, waitMs: wait, counts: this.#counts() });
    setTimeout(() => {
      this.#backingOff--;
    }, wait).unref();
    this.#enqueue({ target: q.target, attempt: q.attempt + 1 }, true);
    return true;
  }

  /** One scan, abandoned (as an error record) when it overruns its budget plus the grace. */
  #attempt(q: Queued, scanTimeoutMs: number, started: Date): Promise<AttemptResult> {
    const graceMs = this.#o.graceMs ?? DEFAULT_GRACE_MS;
    const failed = (reason: string): AttemptResult => ({
      record: failedRecord(q.target, started, reason, q.attempt),
      rateLimited: false,
      retryAfterMs: null,
    });
    let watchdog: NodeJS.Timeout | undefined;
    const overrun = new Promise<AttemptResult>((res) => {
      watchdog = setTimeout(
        () => res(failed(`the scan overran its deadline (${scanTimeoutMs + graceMs} ms)`)),
        scanTimeoutMs + graceMs,
      );
    });
    const scanned = this.#o
      .scan(q.target, { attempt: q.attempt, scanTimeoutMs })
      .catch((err: unknown) => failed(`internal error: ${err instanceof Error ? err.message : String(err)}`));
    return Promise.race([scanned, overrun]).finally(() => clearTimeout(watchdog));
  }
}
