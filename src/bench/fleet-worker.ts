/**
 * Child process of the fleet bench, so its peak RSS is the scanning process's alone. Reads
 * `{ urls, concurrency, journal }` as JSON on stdin, times a few scans alone (the solo time),
 * then runs every target through the fleet runner with records streamed to a journal, as
 * `scan --targets` does, and writes one JSON line (FleetWorkerResult) to stdout.
 */
import { scan } from '../api.js';
import { openJournalWriter } from '../fleet/journal.js';
import { rateLimitOf } from '../fleet/rate-limit.js';
import { recordOf } from '../fleet/record.js';
import { runFleet } from '../fleet/runner.js';
import type { FleetTarget } from '../fleet/record.js';

export interface FleetWorkerInput {
  readonly urls: readonly string[];
  readonly concurrency: number;
  readonly journal: string;
  /** Scans timed alone before the fleet run. */
  readonly soloScans: number;
}

export interface FleetWorkerResult {
  readonly scans: number;
  readonly failed: number;
  readonly wallMs: number;
  readonly soloMs: readonly number[];
  /** CPU time (user + system, this process) of each scan run alone after the fleet run, ms. */
  readonly soloCpuMs: readonly number[];
  readonly maxRssKb: number;
  readonly rssBeforeKb: number;
  readonly cpuMs: number;
  readonly elu: number;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main(): Promise<void> {
  const input = JSON.parse(await readStdin()) as FleetWorkerInput;
  const rssBeforeKb = Math.round(process.memoryUsage().rss / 1024);
  const targets: FleetTarget[] = input.urls.map((url) => ({
    url,
    name: null,
    source: 'file',
    registry: null,
  }));
  const soloMs: number[] = [];
  for (let i = 0; i < 4; i++) {
    const t0 = performance.now();
    await scan({ url: input.urls[i % input.urls.length]!, allowPrivate: true });
    if (i > 0) soloMs.push(performance.now() - t0);
  }
  const journal = openJournalWriter(input.journal, 'bench');
  const cpu0 = process.cpuUsage();
  const elu0 = performance.eventLoopUtilization();
  const t0 = performance.now();
  const summary = await runFleet(targets, {
    concurrency: input.concurrency,
    perHost: input.concurrency,
    maxAttempts: 1,
    targetTimeoutMs: 120_000,
    fleetDeadline: null,
    scan: async (target, ctx) => {
      const out = await scan({ url: target.url, allowPrivate: true, scanTimeoutMs: ctx.scanTimeoutMs });
      const limit = rateLimitOf(out.evidence);
      const record = recordOf(out, {
        target,
        exitCode: 0,
        attempts: ctx.attempt,
        rateLimited: limit.limited,
        finishedAt: new Date(),
      });
      return { record, rateLimited: limit.limited, retryAfterMs: limit.retryAfterMs };
    },
    onFinished: (record) => journal.append(record),
  });
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  journal.close();
  // The CPU of one scan at a time, once the fleet run has warmed the process (JIT compiling on
  // V8's background threads counts in process.cpuUsage, and a fleet's steady state has none).
  const soloCpuMs: number[] = [];
  for (let i = 0; i < input.soloScans; i++) {
    const c0 = process.cpuUsage();
    await scan({ url: input.urls[i % input.urls.length]!, allowPrivate: true });
    const c = process.cpuUsage(c0);
    soloCpuMs.push((c.user + c.system) / 1000);
  }
  const result: FleetWorkerResult = {
    scans: summary.done,
    failed: summary.failed,
    wallMs,
    soloMs,
    soloCpuMs,
    maxRssKb: process.resourceUsage().maxRSS,
    rssBeforeKb,
    cpuMs: (cpu.user + cpu.system) / 1000,
    elu: performance.eventLoopUtilization(elu0).utilization,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`fleet-worker: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
