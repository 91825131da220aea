/**
 * The transport's yardstick (issue 25 item 1): the requests of one scan of the fleet bench's
 * fixture (GET answered 405), replayed with the scan's order constraints through the scanner's HTTP
 * client, a bare undici loop and undici's `dispatch`, interleaved in one process (the fixture in this
 * one). Reports the CPU (median) and the bytes allocated per replay of each, so the transport's cost
 * is compared with undici's own at the same requests over the same number of connections.
 */
import { startFixtureServer } from '../demo/fixture-server.js';
import { DEFAULT_CONCURRENCY } from '../probe/http/client.js';
import { SCAN_NODE_FLAGS } from '../run/heap.js';
import type { BenchRow, BenchSection } from './format.js';
import { median, percentile, progress, ratio } from './format.js';
import { runJsonWorker } from './json-worker.js';
import type { ReplayName, TransportWorkerInput, TransportWorkerResult } from './transport-worker.js';

const LABELS: Readonly<Record<ReplayName, string>> = {
  client: "the scanner's HTTP client",
  before: "the scanner's HTTP client of the build in MCP_POSTURE_BENCH_BEFORE",
  bare: 'a bare undici loop (Agent.request, body read whole)',
  dispatch: "undici's dispatch, a handler that only keeps the bytes",
};

/**
 * @param beforeDist another build (e.g. a copy of `dist` from before a change), replayed too and
 *   interleaved with this one's (`MCP_POSTURE_BENCH_BEFORE`)
 */
export async function transportBench(
  rounds = 150,
  profileRounds = 40,
  beforeDist = process.env.MCP_POSTURE_BENCH_BEFORE,
): Promise<BenchSection> {
  const server = await startFixtureServer({ getMode: '405' });
  let r: TransportWorkerResult;
  try {
    progress(`transport: ${rounds} interleaved rounds of three replays of one scan's requests`);
    const input: TransportWorkerInput = {
      url: `${server.origin}/mcp`,
      connections: DEFAULT_CONCURRENCY,
      warmup: 100,
      rounds,
      allocRounds: 30,
      profileRounds,
      ...(beforeDist ? { beforeDist } : {}),
    };
    r = await runJsonWorker<TransportWorkerResult>('transport-worker.js', input, SCAN_NODE_FLAGS);
  } finally {
    await server.close();
  }
  const base = median(r.cpuMs.bare ?? []);
  const names = (Object.keys(LABELS) as ReplayName[]).filter((name) => r.cpuMs[name] !== undefined);
  const rows: BenchRow[] = names.map((name) => {
    const cpu = r.cpuMs[name] ?? [];
    return {
      measurement: `transport: ${r.requests} requests of one scan through ${LABELS[name]}, CPU, allocation, connections per scan`,
      value:
        `${median(cpu).toFixed(2)} ms (p10 ${percentile(cpu, 10).toFixed(2)}, p90 ${percentile(cpu, 90).toFixed(2)}), ` +
        `${(r.allocKb[name] ?? 0).toFixed(0)} KB, ${r.connections[name] ?? 0} connections`,
      ratio: ratio(median(cpu) / base),
      goal: '-',
    };
  });
  const details = [
    `Transport: the ${r.requests} requests of one safe scan of the fleet fixture, replayed ${rounds} times each ` +
      `(interleaved) over ${DEFAULT_CONCURRENCY} connections; ratio against the bare undici loop.`,
  ];
  for (const [name, top] of Object.entries(r.allocTop)) {
    details.push(`allocation ${name} (KB per replay, top sites):`);
    for (const line of top) details.push(`  ${line}`);
  }
  for (const [name, p] of Object.entries(r.profile)) {
    const layers = Object.entries(p.layers)
      .sort((a, b) => b[1] - a[1])
      .map(([layer, v]) => `${layer} ${v.toFixed(2)}`)
      .join(', ');
    details.push(`profile ${name} (main thread, ms per replay): ${layers}`);
    for (const line of p.top) details.push(`  ${line}`);
  }
  return { rows, details, interpretation: [] };
}
