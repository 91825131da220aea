/**
 * The scan against the official conformance suite (@modelcontextprotocol/conformance), side by
 * side in one bench run: a full safe CLI scan of the SDK 1.x and the SDK 2.x server on loopback,
 * and the suite's `server` run against the same server, each a fresh process (start included),
 * median of N alternating runs. The suite needs Node 22: npx fetches it with the suite (once,
 * into the npx cache); the runs then start that Node on the suite's entry point directly, so
 * npx's own resolution is not counted against the suite. When Node 22 or the suite cannot be
 * fetched, the ratio is reported as skipped, saying why.
 */
import { spawn, spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';

import type { BenchRow, BenchSection } from './format.js';
import { median, ms, progress, ratio } from './format.js';
import { runCliScan, runNode } from './child-scan.js';
import { openFixtureRunner } from './test-fixtures.js';

export const CONFORMANCE_GOAL = 0.5;
export const SUITE_PACKAGES = ['node@22', '@modelcontextprotocol/conformance@0.2.0-alpha.12'] as const;
/** First fetch of Node 22 and the suite; later runs hit the npx cache. */
const FETCH_TIMEOUT_MS = 600_000;

interface Suite {
  readonly node: string;
  readonly entry: string;
}

/** Node 22 and the suite's entry point, through npx; a reason when they cannot be had. */
export function locateSuite(): Suite | { skipped: string } {
  const args = ['-y', ...SUITE_PACKAGES.flatMap((p) => ['-p', p]), '--', 'sh', '-c'];
  const r = spawnSync('npx', [...args, 'command -v node; command -v conformance; node --version'], {
    encoding: 'utf8',
    timeout: FETCH_TIMEOUT_MS,
  });
  if (r.error) return { skipped: `npx could not run (${r.error.message})` };
  const [node, bin, version] = r.stdout.trim().split('\n').slice(-3);
  if (r.status !== 0 || !node || !bin || !version)
    return {
      skipped: `npx could not fetch ${SUITE_PACKAGES.join(' and ')}: ${r.stderr.trim().split('\n').pop() ?? ''}`,
    };
  if (!/^v22\./.test(version)) return { skipped: `npx gave Node ${version}, not 22` };
  try {
    return { node, entry: realpathSync(bin) };
  } catch (err) {
    return {
      skipped: `the suite's entry point is missing: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
}

interface Server {
  readonly url: string;
  close(): Promise<void>;
}
interface Sdk1Module {
  startSdk1(opts: { responseMode: 'json' | 'sse'; hostValidation: boolean }): Promise<Server>;
}
interface Sdk2Module {
  startSdk2(opts: { variant: 'express' | 'node'; legacy: 'stateless' | 'reject' }): Promise<Server>;
}

interface Pair {
  readonly label: string;
  readonly scanMs: readonly number[];
  readonly suiteMs: readonly number[];
  readonly suiteSummary: string;
  /** One suite run through `npx` itself (packages cached): what the figures were taken with. */
  readonly viaNpxMs: number | null;
}

/**
 * One suite run as the issue wrote it, `npx -y -p node@22 -p … -- conformance server --url URL`.
 * Asynchronous: the server under test runs in this process and must keep answering.
 */
function timeViaNpx(url: string): Promise<number | null> {
  const started = performance.now();
  const args = [
    '-y',
    ...SUITE_PACKAGES.flatMap((p) => ['-p', p]),
    '--',
    'conformance',
    'server',
    '--url',
    url,
  ];
  return new Promise((resolve) => {
    const child = spawn('npx', args, { stdio: 'ignore', timeout: FETCH_TIMEOUT_MS });
    child.on('error', () => resolve(null));
    child.on('close', () => resolve(performance.now() - started));
  });
}

async function compare(label: string, server: Server, suite: Suite | null, runs: number): Promise<Pair> {
  const scanMs: number[] = [];
  const suiteMs: number[] = [];
  let suiteSummary = '';
  for (let r = 0; r < runs; r++) {
    const scan = await runCliScan(server.url);
    if (scan.code !== 0 && scan.code !== 1)
      throw new Error(`scan of ${label} exited ${String(scan.code)}: ${scan.stderr}`);
    scanMs.push(scan.wallMs);
    if (suite) {
      const run = await runNode([suite.entry, 'server', '--url', server.url], suite.node);
      suiteMs.push(run.wallMs);
      suiteSummary = /^Total: .*$/m.exec(run.stdout)?.[0] ?? `exit ${String(run.code)}, no summary`;
    }
    progress(
      `conformance ${label}: run ${r + 1}/${runs} scan ${ms(scan.wallMs)}` +
        (suite ? `, suite ${ms(suiteMs[suiteMs.length - 1]!)}` : ''),
    );
  }
  return { label, scanMs, suiteMs, suiteSummary, viaNpxMs: suite ? await timeViaNpx(server.url) : null };
}

export async function conformanceBench(runs = 3): Promise<BenchSection> {
  const located = locateSuite();
  const suite = 'skipped' in located ? null : located;
  const runner = await openFixtureRunner();
  const pairs: Pair[] = [];
  try {
    const sdk1 = await runner.load<Sdk1Module>('test/fixtures/servers/sdk1.ts');
    const sdk2 = await runner.load<Sdk2Module>('test/fixtures/servers/sdk2.ts');
    const servers: [string, () => Promise<Server>][] = [
      ['SDK 1.x', () => sdk1.startSdk1({ responseMode: 'sse', hostValidation: true })],
      ['SDK 2.x', () => sdk2.startSdk2({ variant: 'express', legacy: 'stateless' })],
    ];
    for (const [label, start] of servers) {
      const server = await start();
      try {
        pairs.push(await compare(label, server, suite, runs));
      } finally {
        await server.close();
      }
    }
  } finally {
    await runner.close();
  }
  const rows: BenchRow[] = pairs.flatMap((p) => {
    const scan = median(p.scanMs);
    const scanRow: BenchRow = {
      measurement: `full safe scan, ${p.label} server (CLI, process start included)`,
      value: ms(scan),
      ratio: '-',
      goal: '-',
    };
    const ratioRow: BenchRow = suite
      ? {
          measurement: `scan ÷ conformance suite \`server\`, ${p.label}`,
          value: `${ms(scan)} / ${ms(median(p.suiteMs))}`,
          ratio: ratio(scan / median(p.suiteMs)),
          goal: `≤ ${CONFORMANCE_GOAL}`,
        }
      : {
          measurement: `scan ÷ conformance suite \`server\`, ${p.label}`,
          value: `skipped: ${'skipped' in located ? located.skipped : ''}`,
          ratio: '-',
          goal: `≤ ${CONFORMANCE_GOAL}`,
        };
    return [scanRow, ratioRow];
  });
  return {
    details: [
      `Conformance: ${runs} alternating runs per server of \`mcp-posture scan URL\` (safe mode, text report) and ` +
        (suite
          ? `\`conformance server --url URL\` (${SUITE_PACKAGES.join(', ')}; ${suite.node} ${suite.entry}), each a new process.`
          : `the conformance suite: skipped (${'skipped' in located ? located.skipped : ''}).`),
      ...pairs.map(
        (p) =>
          `  ${p.label}: scan ${p.scanMs.map(ms).join(', ')}` +
          (suite ? `; suite ${p.suiteMs.map(ms).join(', ')} (${p.suiteSummary})` : '') +
          (p.viaNpxMs !== null ? `; one suite run through npx (cached): ${ms(p.viaNpxMs)}` : ''),
      ),
    ],
    rows,
    interpretation: [
      'conformance: a scan is about a third each Node plus the command load (one bundle, dist/bin), the ' +
        'requests (quiet streams closed a few round trips after their headers) and judging plus rendering; ' +
        'the cold-start row shows the first part (docs/performance.md).',
    ],
  };
}
