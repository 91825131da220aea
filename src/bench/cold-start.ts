/**
 * Cold start: `mcp-posture --version` against a bare `node -e 0`, and the load of the scan command
 * (`scan --help`) from the bundle against tsc's module tree, median of N runs each (interleaved, so
 * drift hits all alike), plus the library import alone to show where time goes.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchSection } from './format.js';
import { median, ms, progress, ratio } from './format.js';

interface Command {
  readonly label: string;
  readonly args: readonly string[];
}

function run(cmd: Command): { ms: number; stdout: string } {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, cmd.args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const elapsed = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${cmd.label} exited ${String(r.status)}: ${r.stderr.toString()}`);
  return { ms: elapsed, stdout: r.stdout.toString() };
}

/** A child that times its own dynamic import of `href` and prints the ms. */
const selfTimedImport = (label: string, href: string): Command => ({
  label,
  args: [
    '--input-type=module',
    '-e',
    `const t = performance.now(); await import(${JSON.stringify(href)}); process.stdout.write(String(performance.now() - t));`,
  ],
});

export function coldStartBench(runs = 15): BenchSection {
  const bundle = fileURLToPath(new URL('../bin/mcp-posture.js', import.meta.url));
  const tree = fileURLToPath(new URL('../cli/bin.js', import.meta.url));
  const bare: Command = { label: 'node -e 0', args: ['-e', '0'] };
  const version: Command = { label: 'mcp-posture --version', args: [bundle, '--version'] };
  // `scan --help` loads the whole scan command (checks, probes, commander) and does nothing else.
  const help: Command = { label: 'mcp-posture scan --help', args: [bundle, 'scan', '--help'] };
  const helpTree: Command = { label: 'node dist/cli/bin.js scan --help', args: [tree, 'scan', '--help'] };
  const imports = [
    selfTimedImport('cli/main.js', new URL('../cli/main.js', import.meta.url).href),
    selfTimedImport('index.js (library)', new URL('../index.js', import.meta.url).href),
  ];
  const bareMs: number[] = [];
  const versionMs: number[] = [];
  const helpMs: number[] = [];
  const helpTreeMs: number[] = [];
  const importMs: number[][] = imports.map(() => []);
  // Two unmeasured rounds fill the page cache; the commands alternate so load drift hits all alike.
  for (let r = -2; r < runs; r++) {
    const b = run(bare).ms;
    const v = run(version).ms;
    const h = run(help).ms;
    const t = run(helpTree).ms;
    const i = imports.map((c) => Number(run(c).stdout));
    if (r < 0) continue;
    bareMs.push(b);
    versionMs.push(v);
    helpMs.push(h);
    helpTreeMs.push(t);
    i.forEach((t, k) => importMs[k]!.push(t));
  }
  progress(`cold start: ${runs} runs each`);
  const [b, v, h, t] = [median(bareMs), median(versionMs), median(helpMs), median(helpTreeMs)];
  const [cliImport, libImport] = importMs.map(median) as [number, number];
  return {
    details: [
      `Cold start: wall time of the process, median of ${runs} alternating runs each (after 2 warm-up rounds): ` +
        `node -e 0 ${ms(b)}, mcp-posture --version ${ms(v)}, mcp-posture scan --help ${ms(h)} ` +
        `(unbundled, node dist/cli/bin.js scan --help: ${ms(t)}); self-timed dynamic import of tsc's output: ` +
        `cli/main.js ${ms(cliImport)}, index.js (library) ${ms(libImport)}`,
    ],
    rows: [
      {
        measurement: 'cold start: mcp-posture --version ÷ node -e 0',
        value: `${ms(v)} / ${ms(b)}`,
        ratio: ratio(v / b),
        goal: '-',
      },
      {
        measurement: 'command load: scan --help, bundle ÷ module tree',
        value: `${ms(h)} / ${ms(t)}`,
        ratio: ratio(h / t),
        goal: '-',
      },
    ],
    interpretation: [
      `cold start: ${ms(v - b)} above bare node for --version, which bin.js answers before importing the ` +
        `scanner; loading the scan command costs ${ms(h - b)} from the bundle against ${ms(t - b)} from ` +
        `tsc's ~600 modules (rolldown.config.mjs): resolving and compiling files one by one is most of it.`,
    ],
  };
}
