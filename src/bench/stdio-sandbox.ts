/**
 * What `--sandbox` costs at start-up (docs/stdio.md#sandbox): one launch of a minimal stdio server,
 * from spawning it to its answer to `initialize`, directly and inside the sandbox, median of N
 * alternating runs each (after 2 warm-up rounds); and the trial run `--sandbox` makes once per
 * scan before anything is launched. Linux only.
 */
import type { StdioLimits } from '../probe/stdio/launch-env.js';
import { DEFAULT_LIMITS } from '../probe/stdio/launch-env.js';
import { StdioProcess } from '../probe/stdio/runner.js';
import type { PreparedSandbox } from '../probe/stdio/sandbox/prepare.js';
import { prepareSandbox } from '../probe/stdio/sandbox/prepare.js';
import type { StdioCommand } from '../targets/target.js';
import type { BenchSection } from './format.js';
import { median, ms, progress, ratio } from './format.js';

/** A server that answers `initialize` and exits when stdin closes. */
const SERVER = `require('node:readline').createInterface({ input: process.stdin }).on('line', (l) => {
  const m = JSON.parse(l);
  if (m.id !== undefined) process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'bench', version: '1' } } }) + '\\n');
});`;

const COMMAND: StdioCommand = { command: process.execPath, args: ['-e', SERVER], env: {}, cwd: null };
const LIMITS: StdioLimits = DEFAULT_LIMITS;

async function launchToFirstReply(sandbox: PreparedSandbox): Promise<number> {
  const t0 = performance.now();
  const proc = new StdioProcess(COMMAND, {
    probe: 'x.launch',
    limits: LIMITS,
    sandbox,
    redact: (s) => s,
    nextExchangeId: () => 'x1',
  });
  await proc.start();
  const reply = await proc.call(
    1,
    { jsonrpc: '2.0', id: 1, method: 'initialize' },
    'p.init',
    'bench',
    10_000,
  );
  const elapsed = performance.now() - t0;
  await proc.shutdown();
  if (reply.error) throw new Error(`the bench server did not answer: ${reply.error.message}`);
  return elapsed;
}

async function timed<T>(f: () => Promise<T>): Promise<number> {
  const t0 = performance.now();
  await f();
  return performance.now() - t0;
}

export async function sandboxBench(runs = 10): Promise<BenchSection> {
  const plain = await prepareSandbox({ mode: 'off', command: COMMAND, graceMs: 1_000 });
  const tries: number[] = [];
  let boxed: PreparedSandbox | null = null;
  for (let i = 0; i < 3; i++)
    tries.push(
      await timed(async () => {
        boxed = await prepareSandbox({ mode: 'strict', command: COMMAND, graceMs: 1_000 });
      }),
    );
  const sandbox = boxed as unknown as PreparedSandbox;
  const direct: number[] = [];
  const inside: number[] = [];
  for (let r = -2; r < runs; r++) {
    const d = await launchToFirstReply(plain);
    const s = await launchToFirstReply(sandbox);
    if (r < 0) continue;
    direct.push(d);
    inside.push(s);
  }
  progress(`sandbox: ${runs} launches each`);
  const [d, s, t] = [median(direct), median(inside), median(tries)];
  return {
    details: [
      `Sandbox start-up: a minimal stdio server from spawn to its answer to initialize, median of ${runs} ` +
        `alternating launches each (after 2 warm-up rounds): directly ${ms(d)}, inside the sandbox ` +
        `(${sandbox.evidence.detail}) ${ms(s)}; the trial run --sandbox makes once per scan: ${ms(t)} (median of 3)`,
    ],
    rows: [
      {
        measurement: 'stdio launch to first reply: --sandbox ÷ direct',
        value: `${ms(s)} / ${ms(d)}`,
        ratio: ratio(s / d),
        goal: '-',
      },
    ],
    interpretation: [
      `sandbox: ${ms(s - d)} more per launch (the namespaces; the setup script's dozen small processes, ` +
        `its mounts in two batches; the supervisor's own Node start-up), plus ${ms(t)} once per scan for the trial run.`,
    ],
  };
}
