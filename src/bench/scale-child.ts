/**
 * The scale bench's child processes: the CLI (`node dist/bin/mcp-posture.js …`) with a preloaded
 * hook that writes, on exit, the process's own peak RSS (VmHWM, ./peak-rss.ts says why not maxRSS)
 * and its CPU time (user + system) to a file; the journal's finished targets counted as it grows,
 * so a run can be killed once it has finished a given number; and the journal read back.
 */
import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { FixtureServer } from '../demo/fixture-server.js';

const HOOK_SOURCE =
  "import { readFileSync, writeFileSync } from 'node:fs';" +
  "process.on('exit', () => { let kb = process.resourceUsage().maxRSS;" +
  " try { const m = /^VmHWM:\\s+(\\d+)\\s+kB/m.exec(readFileSync('/proc/self/status', 'utf8')); if (m) kb = Number(m[1]); } catch {}" +
  ' const c = process.cpuUsage();' +
  ' writeFileSync(process.env.MCPP_BENCH_SCALE_FILE, JSON.stringify({ kb, cpuMs: (c.user + c.system) / 1000 })); });';
const HOOK = `data:text/javascript,${encodeURIComponent(HOOK_SOURCE)}`;

const BIN = fileURLToPath(new URL('../bin/mcp-posture.js', import.meta.url));

export const CONCURRENCY = 32;
/** Targets of one server at once: the servers are few, the targets many. */
export const PER_HOST = 4;

export const fleetArgs = (targets: string, journal: string, db: string, runId: string): string[] => [
  'scan',
  '--targets',
  targets,
  '--journal',
  journal,
  '--db',
  db,
  '--run-id',
  runId,
  '--concurrency',
  String(CONCURRENCY),
  '--per-host',
  String(PER_HOST),
  '--no-progress',
];

/** The CLI's exit codes of a fleet that ran to its end: 1 findings, 3 when a target was not reached. */
export const RAN = [0, 1, 3];

export function writeTargets(
  dir: string,
  servers: readonly FixtureServer[],
  n: number,
): { file: string; urls: string[] } {
  const urls = Array.from({ length: n }, (_, i) => `${servers[i % servers.length]!.url}?t=${i}`);
  const file = join(dir, `targets-${n}.txt`);
  writeFileSync(file, `${urls.join('\n')}\n`);
  return { file, urls };
}

export interface CliRun {
  /** null when the process was killed by a signal. */
  readonly code: number | null;
  readonly wallMs: number;
  /** Peak RSS, KiB, and CPU time, ms, of the process; null when it did not exit on its own. */
  readonly rssKb: number | null;
  readonly cpuMs: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Journal lines counted when the process was killed (`killAt`), else null. */
  readonly killedAt: number | null;
}

export interface CliOptions {
  readonly cwd: string;
  /** Kill the process with SIGKILL once this journal holds `after` lines. */
  readonly killAt?: { readonly journal: string; readonly after: number };
}

/** Complete lines of a growing file, counted from where the last call stopped. */
class LineCounter {
  #offset = 0;
  #lines = 0;
  readonly #buf = Buffer.alloc(1 << 16);

  constructor(private readonly file: string) {}

  count(): number {
    if (!existsSync(this.file)) return this.#lines;
    const fd = openSync(this.file, 'r');
    try {
      for (;;) {
        const n = readSync(fd, this.#buf, 0, this.#buf.length, this.#offset);
        if (n === 0) break;
        for (let i = 0; i < n; i++) if (this.#buf[i] === 0x0a) this.#lines++;
        this.#offset += n;
      }
    } finally {
      closeSync(fd);
    }
    return this.#lines;
  }
}

/** `mcp-posture …args` in a child process, measured; killed part-way when asked. */
export function runScaleCli(args: readonly string[], o: CliOptions): Promise<CliRun> {
  const hookFile = `${o.cwd}/scale-hook-${process.hrtime.bigint()}.json`;
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', HOOK, BIN, ...args], {
    cwd: o.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, MCPP_BENCH_SCALE_FILE: hookFile },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  let killedAt: number | null = null;
  let poll: NodeJS.Timeout | undefined;
  if (o.killAt) {
    const { journal, after } = o.killAt;
    const lines = new LineCounter(journal);
    poll = setInterval(() => {
      const n = lines.count();
      if (n < after || killedAt !== null) return;
      killedAt = n;
      child.kill('SIGKILL');
    }, 5);
  }
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(poll);
      const wallMs = performance.now() - started;
      let hook: { kb: number; cpuMs: number } | null = null;
      if (existsSync(hookFile)) {
        hook = JSON.parse(readFileSync(hookFile, 'utf8')) as { kb: number; cpuMs: number };
        rmSync(hookFile, { force: true });
      }
      resolve({
        code,
        wallMs,
        rssKb: hook?.kb ?? null,
        cpuMs: hook?.cpuMs ?? null,
        stdout,
        stderr,
        killedAt,
      });
    });
  });
}

export interface JournalEntry {
  readonly url: string;
  readonly outcome: string;
  readonly runId: string;
}

/** The journal's complete lines (a torn last line, left by a kill, is not one). */
export function journalEntries(path: string): { entries: JournalEntry[]; torn: boolean } {
  if (!existsSync(path) || statSync(path).size === 0) return { entries: [], torn: false };
  const text = readFileSync(path, 'utf8');
  const complete = text.slice(0, text.lastIndexOf('\n') + 1);
  const entries = complete
    .split('\n')
    .filter((l) => l !== '')
    .map((line) => {
      const r = JSON.parse(line) as {
        runId: string;
        record: { target: { url: string }; outcome: string };
      };
      return { url: r.record.target.url, outcome: r.record.outcome, runId: r.runId };
    });
  return { entries, torn: complete.length < text.length };
}
