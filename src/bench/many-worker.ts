/**
 * Child process of the many-targets bench, so its peak RSS is the scanner's alone. Reads
 * `{ urls, concurrency }` as JSON on stdin, scans a few targets alone (solo time), then every
 * target through a pool of `concurrency`, and writes one JSON line (ManyWorkerResult) to stdout.
 */
import { scan } from '../api.js';
import { peakRssKb } from './peak-rss.js';

export interface ManyWorkerInput {
  readonly urls: readonly string[];
  readonly concurrency: number;
}

export interface ManyWorkerResult {
  readonly scans: number;
  readonly wallMs: number;
  readonly soloMs: readonly number[];
  readonly scanMs: readonly number[];
  readonly notReachable: number;
  readonly failedExchanges: number;
  readonly requests: number;
  readonly rssBeforeKb: number;
  readonly maxRssKb: number;
  readonly cpuMs: number;
  /** Event-loop utilisation of the scanning thread during the pool run (0..1). */
  readonly elu: number;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main(): Promise<void> {
  const input = JSON.parse(await readStdin()) as ManyWorkerInput;
  const rssBeforeKb = Math.round(process.memoryUsage().rss / 1024);
  const timed = async (url: string) => {
    const t0 = performance.now();
    const { evidence } = await scan({ url, allowPrivate: true });
    return { ms: performance.now() - t0, evidence };
  };

  // Solo: the first scan warms the JIT; the next ones are the reference.
  const soloMs: number[] = [];
  for (let i = 0; i < 4; i++) {
    const { ms } = await timed(input.urls[i % input.urls.length]!);
    if (i > 0) soloMs.push(ms);
  }

  const cpu0 = process.cpuUsage();
  const elu0 = performance.eventLoopUtilization();
  const scanMs: number[] = [];
  let notReachable = 0;
  let failedExchanges = 0;
  let requests = 0;
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < input.urls.length; i = next++) {
      const { ms, evidence } = await timed(input.urls[i]!);
      scanMs.push(ms);
      requests += evidence.exchanges.length;
      failedExchanges += evidence.exchanges.filter((x) => x.error !== undefined).length;
      if (evidence.detection.targetClass !== 'reachable') notReachable++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: input.concurrency }, worker));
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const elu = performance.eventLoopUtilization(elu0).utilization;

  const result: ManyWorkerResult = {
    scans: scanMs.length,
    wallMs,
    soloMs,
    scanMs,
    notReachable,
    failedExchanges,
    requests,
    rssBeforeKb,
    maxRssKb: peakRssKb().kb,
    cpuMs: (cpu.user + cpu.system) / 1000,
    elu,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`many-worker: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
