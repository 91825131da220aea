/**
 * Many targets: N loopback fixture servers (in this process) scanned by a child process through a
 * pool of C concurrent scans, so the child's peak RSS is the scanner's alone.
 */
import { runJsonWorker } from './json-worker.js';
import { availableParallelism } from 'node:os';
import { startFixtureServer } from '../demo/fixture-server.js';
import type { FixtureServer } from '../demo/fixture-server.js';
import type { BenchRow, BenchSection } from './format.js';
import { mb, median, ms, percentile, progress, ratio } from './format.js';
import type { ManyWorkerInput, ManyWorkerResult } from './many-worker.js';

const runWorker = (input: ManyWorkerInput): Promise<ManyWorkerResult> =>
  runJsonWorker<ManyWorkerResult>('many-worker.js', input);

interface Variant {
  readonly label: string;
  readonly result: ManyWorkerResult;
  /** CPU of this process (the fixture servers) while the worker ran. */
  readonly fixtureCpuMs: number;
}

async function runVariant(
  label: string,
  getMode: 'sse' | '405',
  targets: number,
  concurrency: number,
): Promise<Variant> {
  const servers: FixtureServer[] = await Promise.all(
    Array.from({ length: targets }, () => startFixtureServer({ getMode })),
  );
  try {
    progress(`many: ${targets} fixtures (${label}) up; scanning ${concurrency} at a time in a child process`);
    const cpu0 = process.cpuUsage();
    const result = await runWorker({ urls: servers.map((s) => s.url), concurrency });
    const cpu = process.cpuUsage(cpu0);
    progress(`many (${label}): ${result.scans} scans in ${ms(result.wallMs)}`);
    return { label, result, fixtureCpuMs: (cpu.user + cpu.system) / 1000 };
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
}

interface Analysis {
  readonly solo: number;
  /** Pool-bound ideal: every scan as fast as alone, `concurrency` at a time. */
  readonly poolIdeal: number;
  /** CPU-bound ideal: scanner and fixture CPU spread over every core. */
  readonly cpuIdeal: number;
  readonly ideal: number;
  readonly bound: 'CPU' | 'pool';
}

function analyse(v: Variant, concurrency: number): Analysis {
  const r = v.result;
  const solo = median(r.soloMs);
  const poolIdeal = (r.scans * solo) / concurrency;
  const cpuIdeal = (r.cpuMs + v.fixtureCpuMs) / availableParallelism();
  return {
    solo,
    poolIdeal,
    cpuIdeal,
    ideal: Math.max(poolIdeal, cpuIdeal),
    bound: cpuIdeal > poolIdeal ? 'CPU' : 'pool',
  };
}

function rows(v: Variant, concurrency: number): BenchRow[] {
  const r = v.result;
  const a = analyse(v, concurrency);
  return [
    {
      measurement: `many, ${v.label}: ${r.scans} scans, pool ${concurrency}: throughput; wall ÷ ideal`,
      value: `${(r.scans / (r.wallMs / 1000)).toFixed(1)} scans/s, ${ms(r.wallMs)} / ${ms(a.ideal)}`,
      ratio: ratio(r.wallMs / a.ideal),
      goal: '-',
    },
    {
      measurement: `many, ${v.label}: peak RSS of the scanning process`,
      value: `${mb(r.maxRssKb)} (idle ${mb(r.rssBeforeKb)})`,
      ratio: '-',
      goal: '-',
    },
  ];
}

function detail(v: Variant, concurrency: number): string {
  const r = v.result;
  const a = analyse(v, concurrency);
  return (
    `${v.label}: solo scan ${ms(a.solo)}; under pool ${concurrency} median ${ms(median(r.scanMs))}, ` +
    `p95 ${ms(percentile(r.scanMs, 95))}; wall ${ms(r.wallMs)}; pool ideal ${r.scans} × solo ÷ ${concurrency} = ` +
    `${ms(a.poolIdeal)}; CPU ideal (scanner ${ms(r.cpuMs)} + fixtures ${ms(v.fixtureCpuMs)}) ÷ ` +
    `${availableParallelism()} cores = ${ms(a.cpuIdeal)}; ${r.requests} requests; not reachable ${r.notReachable}; ` +
    `failed exchanges ${r.failedExchanges}`
  );
}

function interpret(v: Variant, concurrency: number): string {
  const r = v.result;
  const a = analyse(v, concurrency);
  const cpuPerScan = r.cpuMs / r.scans;
  const share =
    `the scanner's event loop was busy ${(100 * r.elu).toFixed(0)}% of the time ` +
    `(${ms(cpuPerScan)} CPU/scan incl. GC threads)`;
  if (a.bound === 'CPU') {
    return (
      `many, ${v.label}: CPU-bound: scanner + fixtures need ${ms(a.cpuIdeal)} of all cores; ${share}, ` +
      `the fixtures ${ms(v.fixtureCpuMs / r.scans)}/scan; scans under load take ${ms(median(r.scanMs))} vs ${ms(a.solo)} alone` +
      (r.elu > 0.85
        ? '; the one event loop is saturated: a bigger pool cannot help, more processes could.'
        : '.')
    );
  }
  return (
    `many, ${v.label}: pool-bound: throughput ≈ pool ÷ scan time (${concurrency} ÷ ${ms(median(r.scanMs))})` +
    `${a.solo > 1500 ? ', each scan waiting out the 2 s GET window' : ''}; ${share}.`
  );
}

export async function manyBench(targets = 200, concurrency = 8): Promise<BenchSection> {
  const variants = [
    await runVariant('GET open', 'sse', targets, concurrency),
    await runVariant('no GET stream', '405', targets, concurrency),
  ];
  return {
    details: [
      `Many targets: ${targets} fixture servers in the bench process; the scanner runs in a child process ` +
        '(peak RSS = VmHWM of that process, see peak-rss.ts); ideal = max(pool ideal, CPU ideal).',
      ...variants.map((v) => detail(v, concurrency)),
    ],
    rows: variants.flatMap((v) => rows(v, concurrency)),
    interpretation: variants.map((v) => interpret(v, concurrency)),
  };
}
