/** Runs a stdio scan of a test server and evaluates it, for the stdio integration tests. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { CheckResult } from '../../src/checks/define-check.js';
import { summaryStatus } from '../../src/engine/merge-revisions.js';
import { evaluateAll } from '../../src/engine/run.js';
import type { Evidence, StdioLaunch } from '../../src/evidence/types.js';
import type { StdioScanOptions } from '../../src/probe/stdio/collect.js';
import { collectStdioEvidence } from '../../src/probe/stdio/collect.js';

export const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'stdio', 'flawed-server.mjs');
/** A server that tries to get out of its launch (test/fixtures/stdio/escape-server.mjs). */
export const ESCAPE = join(import.meta.dirname, '..', 'fixtures', 'stdio', 'escape-server.mjs');

type Outcome = { file: string; ok: true; value: string | null } | { file: string; ok: false; code: string };

/** What the escape server saw, from its `escape {json}` stderr line. */
export function escapeReport(launch: StdioLaunch): {
  marker: string;
  pid: number;
  home: string;
  daemon?: boolean;
  reads: Outcome[];
  writes: Outcome[];
  connect?: { ok: boolean; code?: string };
} {
  const line = launch.stderr.excerpt.split('\n').find((l) => l.startsWith('escape '));
  if (line === undefined) throw new Error(`no escape report on stderr: ${launch.stderr.excerpt}`);
  return JSON.parse(line.slice('escape '.length)) as ReturnType<typeof escapeReport>;
}

/** Live processes whose environment carries the launch marker `marker` (read from /proc). */
export function markedProcesses(marker: string): number[] {
  const needle = `\0MCP_POSTURE_LAUNCH=${marker}\0`;
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
        if (/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2))) return false;
        return `\0${readFileSync(`/proc/${p}/environ`, 'latin1')}`.includes(needle);
      } catch {
        return false;
      }
    })
    .map(Number);
}

export interface Scanned {
  readonly evidence: Evidence;
  readonly results: readonly CheckResult[];
  /** Summary status per check ID. */
  readonly status: (id: string) => string;
  /** Keys of the failing results of a check. */
  readonly failKeys: (id: string) => (string | null)[];
}

export async function scanCommand(
  args: readonly string[],
  extra: Partial<StdioScanOptions> & { env?: Record<string, string> } = {},
): Promise<Scanned> {
  const { env, ...rest } = extra;
  const evidence = await collectStdioEvidence({
    command: { command: process.execPath, args: [...args], env: env ?? {}, cwd: null },
    ...rest,
  });
  const results = evaluateAll(evidence);
  const of = (id: string) => results.filter((r) => r.checkId === id);
  return {
    evidence,
    results,
    status: (id) => summaryStatus(of(id).map((r) => r.status)),
    failKeys: (id) =>
      of(id)
        .filter((r) => r.status === 'fail')
        .map((r) => r.key),
  };
}

export const STDIO_IDS = [1, 2, 3, 4, 5, 6].map((n) => `MCPP-STDIO0${n}`);

/** The six STDIO checks' summary statuses. */
export function stdioStatuses(s: Scanned): Record<string, string> {
  return Object.fromEntries(STDIO_IDS.map((id) => [id.replace('MCPP-', ''), s.status(id)]));
}
