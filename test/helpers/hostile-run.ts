/**
 * Runs one scan in a child `node` process against compiled code, so its peak RSS measures
 * the scanner alone: no vitest, no hostile server in the same heap. The child is started with the
 * V8 flags the CLI gives every scan (src/run/heap.ts), so it is the scanner as users run it. The figure is `VmHWM`
 * from /proc/self/status, the peak of the child's own address space: on Linux
 * `process.resourceUsage().maxRSS` carries the parent's high-water mark across fork and exec,
 * so a child of a vitest worker holding hostile payloads would report the worker's size. The build goes to a private directory under node_modules/.cache
 * (bare imports must resolve), never to dist/, which other work may be using.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import type { ScanReport } from '../../src/report/model.js';
import { SCAN_NODE_FLAGS } from '../../src/run/heap.js';

const ROOT = resolve(import.meta.dirname, '../..');

export interface BuiltScanner {
  readonly dir: string;
  readonly script: string;
  cleanup(): void;
}

/** The child: scan, render every format, serialize the evidence, report peak RSS. */
const CHILD = `
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

// Peak RSS of this process (KiB); maxRSS only where /proc is missing (see the module comment).
const peakRssKb = () => {
  try {
    const m = /^VmHWM:\\s+(\\d+)\\s+kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]);
  } catch {}
  return process.resourceUsage().maxRSS;
};

const [index, cfgText] = process.argv.slice(2);
const cfg = JSON.parse(cfgText);
const lib = await import(index);
const lookup = async (host) => cfg.lookup[host] ?? [];
const started = performance.now();
const out = await lib.scan({
  url: cfg.url,
  token: cfg.token,
  ...(cfg.secondToken ? { secondToken: cfg.secondToken } : {}),
  ...(cfg.narrowToken ? { narrowToken: cfg.narrowToken } : {}),
  lookup,
  mode: 'safe',
  allowPrivate: false,
  requestTimeoutMs: cfg.requestTimeoutMs,
  scanTimeoutMs: cfg.scanTimeoutMs,
});
const scanMs = performance.now() - started;
// Rendering and saving are part of a run: their memory counts too.
const ctx = { anchor: { file: 'mcp-posture.config.json', line: () => 1 }, color: true };
let renderedChars = 0;
for (const name of lib.FORMAT_NAMES) renderedChars += lib.FORMATS[name].render([out.report], ctx).length;
let evidenceText = '';
let evidenceError = null;
try {
  evidenceText = lib.serializeEvidence(out.evidence);
} catch (err) {
  evidenceError = String(err && err.stack ? err.stack : err);
}
const totalMs = performance.now() - started;
// The high-water mark of the run itself; handing the results over below is the harness's cost.
const maxRssKb = peakRssKb();
writeFileSync(cfg.outFile + '.evidence', evidenceText);
writeFileSync(cfg.outFile, JSON.stringify({ report: out.report, evidenceError }));
process.stdout.write(JSON.stringify({ scanMs, totalMs, renderedChars, maxRssKb }) + '\\n');
`;

/** Compiles src/ (tsconfig.build.json) into a fresh private directory; takes ~10 s. */
export function buildScanner(): BuiltScanner {
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'mcp-posture-hostile-'));
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const r = spawnSync(
    process.execPath,
    [tsc, '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', join(dir, 'dist'), '--sourceMap', 'false'],
    { cwd: ROOT, encoding: 'utf8' },
  );
  // Type errors elsewhere in a tree under edit still emit; only a missing entry point is fatal.
  if (!existsSync(join(dir, 'dist', 'index.js'))) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`build failed:\n${r.stdout}\n${r.stderr}`);
  }
  const script = join(dir, 'scan-child.mjs');
  writeFileSync(script, CHILD);
  return { dir, script, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface ChildScanConfig {
  readonly url: string;
  readonly token: string;
  /** The second and narrow-scope tokens of the token tier (each bound to the target origin too). */
  readonly secondToken?: string;
  readonly narrowToken?: string;
  readonly lookup: Readonly<Record<string, readonly string[]>>;
  readonly requestTimeoutMs: number;
  readonly scanTimeoutMs: number;
}

export interface ChildScan {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Wall time of scan() inside the child. */
  readonly scanMs: number;
  /** Wall time of the child process, start to exit. */
  readonly wallMs: number;
  readonly maxRssKb: number;
  readonly report: ScanReport;
  /** The evidence bundle as `--save-evidence` writes it, or null when serializing threw. */
  readonly evidenceText: string | null;
  readonly evidenceError: string | null;
}

export async function runChildScan(
  built: BuiltScanner,
  cfg: ChildScanConfig,
  tag: string,
): Promise<ChildScan> {
  const outFile = join(built.dir, `out-${tag}-${process.pid}-${Date.now()}.json`);
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      ...SCAN_NODE_FLAGS,
      built.script,
      join(built.dir, 'dist', 'index.js'),
      JSON.stringify({ ...cfg, outFile }),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
  const wallMs = performance.now() - started;
  if (code !== 0 || !existsSync(outFile)) {
    throw new Error(`scan child for ${tag} exited with ${code}:\n${stderr.slice(0, 4000)}`);
  }
  const line = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as {
    scanMs: number;
    maxRssKb: number;
  };
  const out = JSON.parse(readFileSync(outFile, 'utf8')) as {
    report: ScanReport;
    evidenceError: string | null;
  };
  const evidenceText = out.evidenceError === null ? readFileSync(`${outFile}.evidence`, 'utf8') : null;
  rmSync(outFile, { force: true });
  rmSync(`${outFile}.evidence`, { force: true });
  return { code, stdout, stderr, wallMs, scanMs: line.scanMs, maxRssKb: line.maxRssKb, evidenceText, ...out };
}

/** Runs `jobs` with at most `limit` in flight; each result is available as soon as it settles. */
export function pool<T>(jobs: readonly (() => Promise<T>)[], limit: number): Promise<T>[] {
  const results: Promise<T>[] = [];
  let active = 0;
  const waiting: (() => void)[] = [];
  const slot = async (): Promise<void> => {
    if (active < limit) {
      active++;
      return;
    }
    await new Promise<void>((r) => waiting.push(r));
  };
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  for (const job of jobs) {
    const result = (async () => {
      await slot();
      try {
        return await job();
      } finally {
        release();
      }
    })();
    // Awaited later by its test: a failure must not count as an unhandled rejection meanwhile.
    result.catch(() => undefined);
    results.push(result);
  }
  return results;
}
