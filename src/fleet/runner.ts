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
import type { ScanRecord } from './record.js';
import { failedRecord } from './record.js';
import type { FleetTarget } from './targets/types.js';

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
  const gate = new HostGate(o.perHost);
  const queues = new Map<string, Queued[]>();
  const hosts: string[] = [];
  let cursor = 0;
  let pending = 0;
  let inFlight = 0;
  let done = 0;
  let failed = 0;
  let backingOff = 0;
  let retries = 0;
  let stoppedBy: RunnerSummary['stoppedBy'] = null;
  let timer: NodeJS.Timeout | null = null;
  let sinkChain: Promise<void> = Promise.resolve();
  const concurrency = Math.max(1, Math.floor(o.concurrency));

  const counts = (): FleetCounts => ({ total: targets.length, done, failed, inFlight, backingOff });

  const enqueue = (q: Queued, front = false): void => {
    const host = hostOf(q.target.url);
    let queue = queues.get(host);
    if (!queue) {
      queue = [];
      queues.set(host, queue);
      hosts.push(host);
    }
    if (front) queue.unshift(q);
    else queue.push(q);
    pending++;
  };
  for (const t of targets) enqueue({ target: t, attempt: 1 });

  return new Promise<RunnerSummary>((resolve) => {
    let resolved = false;
    const finishIfIdle = (): void => {
      if (resolved || inFlight > 0) return;
      if (pending > 0 && stoppedBy === null) return;
      resolved = true;
      if (timer) clearTimeout(timer);
      void sinkChain.then(() => resolve({ ...counts(), notStarted: pending, retries, stoppedBy }));
    };

    /** The next target whose host may be scanned now, round-robin over hosts; else the shortest wait. */
    const pick = (now: number): Queued | number => {
      let soonest = Infinity;
      for (let n = 0; n < hosts.length; n++) {
        const i = (cursor + n) % hosts.length;
        const host = hosts[i]!;
        const wait = gate.waitFor(host, now);
        if (wait > 0) {
          soonest = Math.min(soonest, wait);
          continue;
        }
        const queue = queues.get(host)!;
        const q = queue.shift()!;
        if (queue.length === 0) {
          queues.delete(host);
          hosts.splice(i, 1);
          cursor = hosts.length ? i % hosts.length : 0;
        } else cursor = (i + 1) % hosts.length;
        pending--;
        return q;
      }
      return soonest;
    };

    const pump = (): void => {
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      const now = Date.now();
      if (stoppedBy === null && o.fleetDeadline !== null && now >= o.fleetDeadline && pending > 0)
        stoppedBy = 'deadline';
      while (stoppedBy === null && inFlight < concurrency && pending > 0) {
        const next = pick(now);
        if (typeof next === 'number') {
          // Every queued host is busy or cooling down: look again when the first cool-down ends.
          if (Number.isFinite(next)) timer = setTimeout(pump, Math.max(1, Math.ceil(next)));
          break;
        }
        start(next, now);
      }
      if (
        stoppedBy === null &&
        pending > 0 &&
        o.fleetDeadline !== null &&
        timer === null &&
        inFlight < concurrency
      )
        timer = setTimeout(pump, Math.max(1, o.fleetDeadline - now));
      finishIfIdle();
    };

    const finalize = (record: ScanRecord): Promise<void> => {
      sinkChain = sinkChain.then(async () => {
        if (stoppedBy instanceof Error) return;
        try {
          await o.onFinished(record);
        } catch (err) {
          stoppedBy = err instanceof Error ? err : new Error(String(err));
          return;
        }
        done++;
        if (record.outcome !== 'graded') failed++;
        o.onEvent?.({ type: 'finish', record, counts: counts() });
      });
      return sinkChain;
    };

    const start = (q: Queued, now: number): void => {
      const host = hostOf(q.target.url);
      gate.acquire(host);
      inFlight++;
      const left = o.fleetDeadline === null ? Infinity : o.fleetDeadline - now;
      const scanTimeoutMs = Math.max(1_000, Math.min(o.targetTimeoutMs, left));
      o.onEvent?.({ type: 'start', target: q.target, attempt: q.attempt, counts: counts() });
      const started = new Date();
      void attempt(q, scanTimeoutMs, started)
        .then(async (r) => {
          if (r.rateLimited && q.attempt < o.maxAttempts && stoppedBy === null) {
            const wait = backoffMs(r.retryAfterMs, q.attempt, o.backoff ?? DEFAULT_BACKOFF);
            const at = Date.now() + wait;
            if (o.fleetDeadline === null || at < o.fleetDeadline) {
              retries++;
              backingOff++;
              gate.coolDown(host, at);
              o.onEvent?.({ type: 'retry', target: q.target, waitMs: wait, counts: counts() });
              setTimeout(() => {
                backingOff--;
              }, wait).unref();
              enqueue({ target: q.target, attempt: q.attempt + 1 }, true);
              return;
            }
          }
          await finalize({ ...r.record, attempts: q.attempt, rateLimited: r.rateLimited });
        })
        .finally(() => {
          gate.release(host);
          inFlight--;
          pump();
        });
    };

    /** One scan, abandoned (as an error record) when it overruns its budget plus the grace. */
    const attempt = (q: Queued, scanTimeoutMs: number, started: Date): Promise<AttemptResult> => {
      const graceMs = o.graceMs ?? DEFAULT_GRACE_MS;
      let watchdog: NodeJS.Timeout | undefined;
      const overrun = new Promise<AttemptResult>((res) => {
        watchdog = setTimeout(
          () =>
            res({
              record: failedRecord(
                q.target,
                started,
                `the scan overran its deadline (${scanTimeoutMs + graceMs} ms)`,
                q.attempt,
              ),
              rateLimited: false,
              retryAfterMs: null,
            }),
          scanTimeoutMs + graceMs,
        );
      });
      const scanned = o
        .scan(q.target, { attempt: q.attempt, scanTimeoutMs })
        .catch((err: unknown): AttemptResult => ({
          record: failedRecord(
            q.target,
            started,
            `internal error: ${err instanceof Error ? err.message : String(err)}`,
            q.attempt,
          ),
          rateLimited: false,
          retryAfterMs: null,
        }));
      return Promise.race([scanned, overrun]).finally(() => clearTimeout(watchdog));
    };

    pump();
  });
}
