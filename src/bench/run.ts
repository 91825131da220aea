/**
 * `npm run bench` (outside the test suite): latency, cold start, many-targets, parser-scaling, peak
 * memory and conformance-suite measurements, printed as ratios where absolute times on shared
 * machines are noisy.
 *
 *   node dist/bench/run.js [latency|cold|many|parsers|fleet|memory|conformance|sandbox|stopped|scale|surface|transport ...]   (default: all)
 */
import { coldStartBench } from './cold-start.js';
import { conformanceBench } from './conformance.js';
import { fleetBench } from './fleet.js';
import type { BenchSection } from './format.js';
import { out, table, verdict } from './format.js';
import { latencyBench } from './latency.js';
import { manyBench } from './many.js';
import { memoryBench } from './memory.js';
import { parserBench } from './parsers.js';
import { scaleBench } from './scale.js';
import { sandboxBench } from './stdio-sandbox.js';
import { stoppedBench } from './stopped.js';
import { surfaceBench } from './surface.js';
import { transportBench } from './transport.js';

const SECTIONS = {
  latency: () => latencyBench(100, 5),
  cold: () => coldStartBench(15),
  many: () => manyBench(200, 8),
  parsers: () => parserBench(),
  fleet: () => fleetBench(200, 100, [32, 8, 64]),
  memory: () => memoryBench(),
  conformance: () => conformanceBench(3),
  sandbox: () => sandboxBench(10),
  stopped: () => stoppedBench(),
  scale: () => scaleBench(),
  surface: () => surfaceBench(),
  transport: () => transportBench(),
} satisfies Record<string, () => BenchSection | Promise<BenchSection>>;

type SectionName = keyof typeof SECTIONS;
const isSection = (s: string): s is SectionName => Object.hasOwn(SECTIONS, s);

async function main(argv: readonly string[]): Promise<number> {
  const asked = argv.length ? argv : (Object.keys(SECTIONS) as SectionName[]);
  const unknown = asked.filter((a) => !isSection(a));
  if (unknown.length) {
    process.stderr.write(
      `unknown section(s): ${unknown.join(', ')}; use ${Object.keys(SECTIONS).join('|')}\n`,
    );
    return 2;
  }
  const t0 = performance.now();
  const done: BenchSection[] = [];
  for (const name of asked.filter(isSection)) {
    process.stderr.write(`${name}…\n`);
    done.push(await SECTIONS[name]());
  }
  for (const s of done) {
    for (const line of s.details) out(line);
    out();
  }
  const rows = done.flatMap((s) => s.rows.map((r) => [r.measurement, r.value, r.ratio, r.goal, verdict(r)]));
  out(table(['measurement', 'value', 'ratio', 'goal', 'met'], rows));
  const failed = done.flatMap((s) => s.rows.filter((r) => r.pass === false));
  out();
  out(failed.length ? `${failed.length} goal(s) not met.` : 'Every goal met.');
  out();
  out('What limits each ratio:');
  for (const s of done) for (const line of s.interpretation) out(`- ${line}`);
  out();
  out(`node ${process.version}; bench took ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(
      `bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exitCode = 1;
  },
);
