/**
 * The fleet scheduler on its own: the scan function is a stand-in with chosen timings (the
 * network side is covered by the fleet integration tests), so limits and timings can be seen.
 */
import { describe, expect, it } from 'vitest';

import type { ScanRecord } from '../../src/fleet/record.js';
import { failedRecord } from '../../src/fleet/record.js';
import type { AttemptResult, RunnerOptions } from '../../src/fleet/runner.js';
import { runFleet } from '../../src/fleet/runner.js';
import type { FleetTarget } from '../../src/fleet/record.js';

const t = (host: string, n: number): FleetTarget => ({
  url: `https://${host}/mcp/${n}`,
  name: null,
  source: 'file',
  registry: null,
});
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const graded = (target: FleetTarget): ScanRecord => ({
  ...failedRecord(target, new Date(), '', 1),
  outcome: 'graded',
  exitCode: 0,
});

function opts(over: Partial<RunnerOptions>): RunnerOptions {
  return {
    concurrency: 4,
    perHost: 2,
    maxAttempts: 3,
    backoff: { baseMs: 50, maxMs: 1_000 },
    targetTimeoutMs: 10_000,
    fleetDeadline: null,
    scan: async (target) => {
      await sleep(5);
      return { record: graded(target), rateLimited: false, retryAfterMs: null };
    },
    onFinished: () => undefined,
    ...over,
  };
}

describe('fleet runner', () => {
  it('keeps to the pool size and the per-host limit, and finishes every target once', async () => {
    const targets = [
      ...Array.from({ length: 12 }, (_, i) => t('a.example', i)),
      ...Array.from({ length: 6 }, (_, i) => t('b.example', i)),
      t('c.example', 0),
    ];
    let inFlight = 0;
    let maxInFlight = 0;
    const perHost = new Map<string, number>();
    let maxPerHost = 0;
    const finished: string[] = [];
    const summary = await runFleet(
      targets,
      opts({
        concurrency: 3,
        scan: async (target): Promise<AttemptResult> => {
          const host = new URL(target.url).host;
          inFlight++;
          perHost.set(host, (perHost.get(host) ?? 0) + 1);
          maxInFlight = Math.max(maxInFlight, inFlight);
          maxPerHost = Math.max(maxPerHost, perHost.get(host)!);
          await sleep(10);
          inFlight--;
          perHost.set(host, perHost.get(host)! - 1);
          return { record: graded(target), rateLimited: false, retryAfterMs: null };
        },
        onFinished: (r) => {
          finished.push(r.target.url);
        },
      }),
    );
    expect(maxInFlight).toBe(3);
    expect(maxPerHost).toBe(2);
    expect(finished.sort()).toEqual(targets.map((x) => x.url).sort());
    expect(summary).toMatchObject({ total: 19, done: 19, failed: 0, notStarted: 0, stoppedBy: null });
  });

  it('after a 429 waits the Retry-After before scanning that host again, while other hosts go on', async () => {
    const starts: { url: string; at: number }[] = [];
    const t0 = Date.now();
    let first = true;
    const records: ScanRecord[] = [];
    await runFleet(
      [t('limited.example', 0), t('limited.example', 1), t('other.example', 0)],
      opts({
        perHost: 1,
        scan: async (target, ctx): Promise<AttemptResult> => {
          starts.push({ url: target.url, at: Date.now() - t0 });
          await sleep(5);
          if (target.url.includes('limited') && first) {
            first = false;
            return { record: graded(target), rateLimited: true, retryAfterMs: 300 };
          }
          expect(ctx.attempt).toBeGreaterThan(0);
          return { record: graded(target), rateLimited: false, retryAfterMs: null };
        },
        onFinished: (r) => {
          records.push(r);
        },
      }),
    );
    const limited = starts.filter((s) => s.url.includes('limited'));
    expect(limited).toHaveLength(3);
    expect(limited[1]!.at - limited[0]!.at).toBeGreaterThanOrEqual(295);
    expect(starts.find((s) => s.url.includes('other'))!.at).toBeLessThan(200);
    const retried = records.find((r) => r.target.url === t('limited.example', 0).url)!;
    expect(retried).toMatchObject({ attempts: 2, rateLimited: false });
  });

  it('gives up after maxAttempts and records the target as still rate-limited', async () => {
    let calls = 0;
    const records: ScanRecord[] = [];
    await runFleet(
      [t('x.example', 0)],
      opts({
        maxAttempts: 3,
        scan: async (target) => {
          calls++;
          await sleep(1);
          return { record: graded(target), rateLimited: true, retryAfterMs: null };
        },
        onFinished: (r) => {
          records.push(r);
        },
      }),
    );
    expect(calls).toBe(3);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ attempts: 3, rateLimited: true });
  });

  it('a scan that throws or overruns is an error record; the others still finish', async () => {
    const records: ScanRecord[] = [];
    const summary = await runFleet(
      [t('a.example', 0), t('b.example', 0), t('c.example', 0)],
      opts({
        targetTimeoutMs: 1_000,
        graceMs: 100,
        scan: async (target) => {
          if (target.url.includes('a.example')) throw new Error('boom');
          if (target.url.includes('b.example')) return new Promise<AttemptResult>(() => undefined);
          return { record: graded(target), rateLimited: false, retryAfterMs: null };
        },
        onFinished: (r) => {
          records.push(r);
        },
      }),
    );
    const by = (h: string) => records.find((r) => r.target.url.includes(h))!;
    expect(by('a.example')).toMatchObject({ outcome: 'error', detail: 'internal error: boom' });
    expect(by('b.example')).toMatchObject({
      outcome: 'error',
      detail: expect.stringContaining('overran its deadline'),
    });
    expect(by('c.example').outcome).toBe('graded');
    expect(summary).toMatchObject({ done: 3, failed: 2 });
  });

  it('starts nothing after the fleet deadline and counts what did not start', async () => {
    const targets = Array.from({ length: 10 }, (_, i) => t(`h${i}.example`, i));
    const summary = await runFleet(
      targets,
      opts({
        concurrency: 2,
        fleetDeadline: Date.now() + 150,
        scan: async (target) => {
          await sleep(100);
          return { record: graded(target), rateLimited: false, retryAfterMs: null };
        },
      }),
    );
    expect(summary.stoppedBy).toBe('deadline');
    expect(summary.done).toBe(4);
    expect(summary.notStarted).toBe(6);
  });

  it('a failing sink stops new starts and is reported', async () => {
    const targets = Array.from({ length: 10 }, (_, i) => t(`h${i}.example`, i));
    let stored = 0;
    const summary = await runFleet(
      targets,
      opts({
        concurrency: 1,
        onFinished: () => {
          if (++stored === 3) throw new Error('database gone');
        },
      }),
    );
    expect(summary.stoppedBy).toBeInstanceOf(Error);
    expect((summary.stoppedBy as Error).message).toBe('database gone');
    expect(summary.done).toBe(2);
    expect(summary.notStarted).toBe(7);
  });
});
