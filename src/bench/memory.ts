/**
 * Peak RSS of the CLI (`mcp-posture scan URL`, text report rendered and discarded) in a child
 * process, its own VmHWM (./peak-rss.ts): `node -e 0` for the floor, a quiet scan of the official
 * SDK 1.x server, and one scan per hostile shape of the test corpus (decompression bombs, a 1 MB
 * SSE event, 20 000 tools in pages, very long metadata strings, endless and giant bodies).
 */
import { MAX_SERVER_STRING_CHARS } from '../evidence/parse/long-strings.js';
import type { BenchRow, BenchSection } from './format.js';
import { mb, progress } from './format.js';
import { runBareNode, runCliScan } from './child-scan.js';
import type { ChildRun } from './child-scan.js';
import { peakRssKb } from './peak-rss.js';
import { openFixtureRunner } from './test-fixtures.js';

export const QUIET_GOAL_MB = 100;
/** Issue 25 item 4: every hostile shape, measured with other scans running at once. */
export const HOSTILE_GOAL_MB = 160;
/** Scans at once on the bench's 2 cores, as a fleet runs them: each shape shares the machine with two others. */
const AT_ONCE = 3;

/** The shapes the issue names, and the corpus entries closest to them. */
export const HOSTILE_SHAPES = [
  'gzip-bomb',
  'brotli-bomb',
  'layered-encoding-bomb',
  'giant-body',
  'sse-huge-event',
  'endless-sse',
  'many-tools',
  'long-metadata',
  'long-auth-metadata',
] as const;

/** Bounded so a hostile shape cannot stall the bench; the scan's own caps do the rest. */
const HOSTILE_FLAGS = ['--timeout', '3000', '--scan-timeout', '30000'];

interface Server {
  readonly url: string;
  close(): Promise<void>;
}
interface Sdk1Module {
  startSdk1(opts: { responseMode: 'json' | 'sse'; hostValidation: boolean }): Promise<Server>;
}
interface HostileModule {
  startHostileServer(name: string): Promise<Server>;
}

const megabytes = (r: ChildRun): number => (r.maxRssKb ?? Number.NaN) / 1024;

/** `run` over `items`, `size` at a time; results in the items' order. */
async function inPool<T, R>(items: readonly T[], size: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await run(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return results;
}

export async function memoryBench(): Promise<BenchSection> {
  const source = peakRssKb().source;
  const bare = await runBareNode();
  const runner = await openFixtureRunner();
  const rows: BenchRow[] = [];
  const details: string[] = [];
  try {
    const sdk1 = await runner.load<Sdk1Module>('test/fixtures/servers/sdk1.ts');
    const hostile = await runner.load<HostileModule>('test/fixtures/servers/hostile.ts');
    const server = await sdk1.startSdk1({ responseMode: 'sse', hostValidation: true });
    let quiet: ChildRun;
    try {
      quiet = await runCliScan(server.url);
    } finally {
      await server.close();
    }
    progress(`memory: quiet scan ${mb(quiet.maxRssKb ?? Number.NaN)}`);
    rows.push({
      measurement: 'peak RSS, quiet scan (SDK 1.x server, CLI, text report)',
      value: `${mb(quiet.maxRssKb ?? Number.NaN)} (node -e 0: ${mb(bare.maxRssKb ?? Number.NaN)})`,
      ratio: '-',
      goal: `< ${QUIET_GOAL_MB} MB`,
      pass: megabytes(quiet) < QUIET_GOAL_MB,
    });
    let worst = { name: '', mb: 0 };
    const runs = await inPool(HOSTILE_SHAPES, AT_ONCE, async (name) => {
      const target = await hostile.startHostileServer(name);
      try {
        return await runCliScan(target.url, HOSTILE_FLAGS);
      } finally {
        await target.close();
      }
    });
    HOSTILE_SHAPES.forEach((name, i) => {
      const run = runs[i]!;
      progress(`memory: ${name} ${mb(run.maxRssKb ?? Number.NaN)} (exit ${String(run.code)})`);
      if (megabytes(run) > worst.mb) worst = { name, mb: megabytes(run) };
      rows.push({
        measurement: `peak RSS, hostile: ${name} (${AT_ONCE} scans at once)`,
        value: mb(run.maxRssKb ?? Number.NaN),
        ratio: '-',
        goal: `< ${HOSTILE_GOAL_MB} MB`,
        pass: megabytes(run) < HOSTILE_GOAL_MB,
      });
      details.push(
        `  ${name.padEnd(22)} ${mb(run.maxRssKb ?? Number.NaN).padStart(7)}  exit ${String(run.code)}`,
      );
    });
    return {
      details: [
        `Memory: peak RSS (${source}) of one CLI scan per target, in a child process (hostile shapes ${AT_ONCE} at once, with ` +
          `${HOSTILE_FLAGS.join(' ')}); node -e 0 ${mb(bare.maxRssKb ?? Number.NaN)}, quiet scan of the SDK 1.x ` +
          `server ${mb(quiet.maxRssKb ?? Number.NaN)}.`,
        ...details,
      ],
      rows,
      interpretation: [
        `memory: a quiet scan sits ${mb((quiet.maxRssKb ?? 0) - (bare.maxRssKb ?? 0))} above bare Node; the worst hostile ` +
          `shape is ${worst.name} at ${worst.mb.toFixed(0)} MB. Bodies are capped as they are decoded, strings over ` +
          `${MAX_SERVER_STRING_CHARS} characters are cut when parsed, and excerpts own their characters, so no ` +
          'shape keeps more than a bounded copy per reply.',
      ],
    };
  } finally {
    await runner.close();
  }
}
