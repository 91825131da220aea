/**
 * One CLI scan (`node dist/bin/mcp-posture.js scan URL …`) in a child process, as a user runs it: process
 * start included. A preloaded hook writes the child's own peak RSS (./peak-rss.ts: VmHWM, not the
 * fork-inherited maxRSS) to a file on exit, so the figure is the scanner's alone (no bench, no
 * fixture server in that address space).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { PEAK_RSS_HOOK_SOURCE } from './peak-rss.js';

const RSS_HOOK = `data:text/javascript,${encodeURIComponent(PEAK_RSS_HOOK_SOURCE)}`;

export interface ChildRun {
  readonly code: number | null;
  readonly wallMs: number;
  /** Peak RSS of the child, KiB (null when the hook could not report). */
  readonly maxRssKb: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `node [rss hook] <args>` (`args` start with the script), by default with this process's
 * Node, in a scratch working directory (removed afterwards, with whatever the child wrote there).
 */
export function runNode(args: readonly string[], execPath = process.execPath): Promise<ChildRun> {
  const dir = mkdtempSync(join(tmpdir(), 'mcpp-bench-'));
  const rssFile = join(dir, 'rss');
  const started = performance.now();
  const child = spawn(execPath, ['--import', RSS_HOOK, ...args], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, MCPP_BENCH_RSS_FILE: rssFile },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = performance.now() - started;
      let maxRssKb: number | null = null;
      try {
        maxRssKb = Number(readFileSync(rssFile, 'utf8'));
      } catch {
        maxRssKb = null;
      }
      rmSync(dir, { recursive: true, force: true });
      resolve({ code, wallMs, maxRssKb, stdout, stderr });
    });
  });
}

// The command as users run it: the bundle (rolldown.config.mjs), not tsc's module tree.
const BIN = fileURLToPath(new URL('../bin/mcp-posture.js', import.meta.url));

/** `mcp-posture …args` in a child process, output captured. */
export function runCli(args: readonly string[]): Promise<ChildRun> {
  return runNode([BIN, ...args]);
}

/** `mcp-posture scan URL …extra` with the report discarded (rendering still runs). */
export function runCliScan(url: string, extra: readonly string[] = []): Promise<ChildRun> {
  return runNode([BIN, 'scan', url, '--no-color', '--output', '/dev/null', ...extra]);
}

/** Peak RSS of `node -e 0` with the same hook: the floor every figure sits on. */
export function runBareNode(): Promise<ChildRun> {
  return runNode(['-e', '0']);
}
