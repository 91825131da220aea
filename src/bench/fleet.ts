/**
 * Fleet throughput: N loopback fixture servers (GET answered 405, so no stream window), each
 * behind a proxy adding `delayMs` to every request, scanned by a child process through the
 * fleet runner at several concurrencies. The ratio is throughput against the concurrency-bound
 * ideal (every scan as fast as alone, `concurrency` at a time): ideal wall ÷ measured wall.
 */
import { runJsonWorker } from './json-worker.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

import { startFixtureServer } from '../demo/fixture-server.js';
import { SCAN_NODE_FLAGS } from '../run/heap.js';
import type { FixtureServer } from '../demo/fixture-server.js';
import type { FleetWorkerInput, FleetWorkerResult } from './fleet-worker.js';
import type { BenchRow, BenchSection } from './format.js';
import { mb, median, ms, percentile, progress, ratio } from './format.js';
import type { LatencyProxy } from './latency-proxy.js';
import { startLatencyProxy } from './latency-proxy.js';

/** The worker runs with the heap setting the CLI gives a scan (../run/heap.ts). */
const runWorker = (input: FleetWorkerInput): Promise<FleetWorkerResult> =>
  runJsonWorker<FleetWorkerResult>('fleet-worker.js', input, SCAN_NODE_FLAGS);

/** Issue 25 item 1: CPU per scan, median of solo scans, in-process (the fixtures run in the bench's process). */
export const CPU_PER_SCAN_GOAL_MS = 12;
/** Issue 25 item 2: throughput against the concurrency-bound ideal, by concurrency. */
export const THROUGHPUT_GOALS: Readonly<Record<number, number>> = { 32: 0.85, 64: 0.7 };
/** Issue 25 item 4: the fleet process at concurrency 64. */
export const FLEET_RSS_GOAL_MB = 200;
const SOLO_SCANS = 15;

interface Measured {
  readonly concurrency: number;
  readonly r: FleetWorkerResult;
  readonly solo: number;
  readonly ideal: number;
  readonly cpuIdeal: number;
  readonly fixtureCpuMs: number;
}

export async function fleetBench(
  targets = 200,
  delayMs = 100,
  concurrencies = [32, 8, 64],
): Promise<BenchSection> {
  const servers: FixtureServer[] = await Promise.all(
    Array.from({ length: targets }, () => startFixtureServer({ getMode: '405' })),
  );
  const proxies: LatencyProxy[] = await Promise.all(servers.map((s) => startLatencyProxy(s.origin, delayMs)));
  const dir = mkdtempSync(join(tmpdir(), 'mcp-posture-bench-fleet-'));
  const measured: Measured[] = [];
  try {
    // A warm-up pass (not reported): the fixture servers and proxies in this process JIT on their
    // first scans, which would otherwise slow whichever concurrency runs first.
    progress(`fleet: warm-up over ${Math.min(40, targets)} targets`);
    await runWorker({
      urls: proxies.slice(0, 40).map((p) => p.url('/mcp')),
      concurrency: 8,
      journal: join(dir, 'journal-warm-up.ndjson'),
      soloScans: 3,
    });
    for (const concurrency of concurrencies) {
      progress(`fleet: ${targets} targets behind +${delayMs} ms proxies, concurrency ${concurrency}`);
      const cpu0 = process.cpuUsage();
      const r = await runWorker({
        urls: proxies.map((p) => p.url('/mcp')),
        concurrency,
        journal: join(dir, `journal-${concurrency}.ndjson`),
        soloScans: SOLO_SCANS,
      });
      const cpu = process.cpuUsage(cpu0);
      const fixtureCpuMs = (cpu.user + cpu.system) / 1000;
      const solo = median(r.soloMs);
      measured.push({
        concurrency,
        r,
        solo,
        ideal: (targets * solo) / concurrency,
        cpuIdeal: (r.cpuMs + fixtureCpuMs) / availableParallelism(),
        fixtureCpuMs,
      });
      progress(`fleet c=${concurrency}: ${r.scans} scans in ${ms(r.wallMs)} (solo ${ms(solo)})`);
    }
  } finally {
    await Promise.all(proxies.map((p) => p.close()));
    await Promise.all(servers.map((s) => s.close()));
    rmSync(dir, { recursive: true, force: true });
  }
  const cpu = measured.flatMap((m) => m.r.soloCpuMs);
  const cpuMedian = median(cpu);
  const rows: BenchRow[] = [
    {
      measurement: `CPU per scan (median of ${cpu.length} scans one at a time after the fleet runs, fleet fixture, in-process)`,
      value: `${cpuMedian.toFixed(1)} ms (p10 ${percentile(cpu, 10).toFixed(1)}, p90 ${percentile(cpu, 90).toFixed(1)})`,
      ratio: '-',
      goal: `<= ${CPU_PER_SCAN_GOAL_MS} ms`,
      pass: cpuMedian <= CPU_PER_SCAN_GOAL_MS,
    },
    ...measured.flatMap((m): BenchRow[] => {
      const goal = THROUGHPUT_GOALS[m.concurrency];
      const r = m.ideal / m.r.wallMs;
      const rssMb = m.r.maxRssKb / 1024;
      return [
        {
          measurement: `fleet, ${targets} targets +${delayMs} ms, concurrency ${m.concurrency}: throughput ÷ ideal`,
          value: `${(m.r.scans / (m.r.wallMs / 1000)).toFixed(1)} scans/s, wall ${ms(m.r.wallMs)} vs ideal ${ms(m.ideal)}`,
          ratio: ratio(r),
          goal: goal === undefined ? '-' : `>= ${goal.toFixed(2)}x`,
          ...(goal === undefined ? {} : { pass: r >= goal }),
        },
        {
          measurement: `fleet, concurrency ${m.concurrency}: peak RSS of the scanning process`,
          value: `${mb(m.r.maxRssKb)} (idle ${mb(m.r.rssBeforeKb)})`,
          ratio: '-',
          goal: m.concurrency === 64 ? `< ${FLEET_RSS_GOAL_MB} MB` : '-',
          ...(m.concurrency === 64 ? { pass: rssMb < FLEET_RSS_GOAL_MB } : {}),
        },
      ];
    }),
  ];
  return {
    details: [
      `Fleet: ${targets} fixture servers (GET 405), each behind its own proxy adding ${delayMs} ms per request; the fleet ` +
        'runner in a child process, records streamed to a journal; ideal = targets × solo scan ÷ concurrency.',
      ...measured.map(
        (m) =>
          `c=${m.concurrency}: solo ${ms(m.solo)}; wall ${ms(m.r.wallMs)}; ideal ${ms(m.ideal)}; CPU ideal (scanner ${ms(m.r.cpuMs)} + ` +
          `fixtures and proxies ${ms(m.fixtureCpuMs)}) ÷ ${availableParallelism()} cores = ${ms(m.cpuIdeal)}; ` +
          `event loop busy ${(100 * m.r.elu).toFixed(0)}%; failed ${m.r.failed}`,
      ),
    ],
    rows,
    interpretation: measured.map((m) =>
      m.cpuIdeal > m.ideal
        ? `fleet c=${m.concurrency}: CPU-bound: scanner + fixtures need ${ms(m.cpuIdeal)} of all cores, more than the ` +
          `concurrency-bound ideal ${ms(m.ideal)}; a bigger pool cannot help here, more processes (--shard) could.`
        : `fleet c=${m.concurrency}: latency-bound: ${m.concurrency} scans of ~${ms(m.solo)} in flight` +
          (m.ideal / m.r.wallMs < 0.8
            ? '; the gap is the scans slowing each other (shared event loop, CPU).'
            : '.'),
    ),
  };
}
