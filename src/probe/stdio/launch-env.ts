/**
 * What one launch of a stdio server is given (docs/stdio.md#safety-launching-a-server-runs-its-code):
 * the command, the scrubbed environment, the caps and waits, and whether the network sandbox can
 * be applied here.
 */
import { spawnSync } from 'node:child_process';

export interface StdioLimits {
  /** One stdout line (one message) at most this many bytes; longer lines are cut and not parsed. */
  readonly maxMessageBytes: number;
  /** All of stdout at most this many bytes; then the process group is killed. */
  readonly maxStdoutBytes: number;
  /** stderr bytes kept (more are counted and checked for UTF-8, not kept). */
  readonly maxStderrBytes: number;
  /** Lines recorded per launch (more are counted and classified, not recorded). */
  readonly maxRecordedLines: number;
  /** Characters kept of each recorded line. */
  readonly excerptChars: number;
}

export const DEFAULT_LIMITS: StdioLimits = {
  maxMessageBytes: 4 * 1024 * 1024,
  maxStdoutBytes: 32 * 1024 * 1024,
  maxStderrBytes: 64 * 1024,
  maxRecordedLines: 2_000,
  excerptChars: 2_000,
};

/** How long the scanner waits for an exit after closing stdin, and after each signal. */
export const SHUTDOWN_WAIT = { stdinCloseMs: 5_000, sigtermMs: 2_000, sigkillMs: 2_000 } as const;

/** util-linux `unshare`, an optional system tool (not a package dependency): its absence is reported, not an error. */
const UNSHARE = ['un', 'share'].join('');

export interface SandboxDecision {
  readonly requested: boolean;
  /** The prefix the command runs under (`unshare -n --`), or null. */
  readonly prefix: readonly string[] | null;
  readonly detail: string;
}

/**
 * Whether `--sandbox` can be applied here: Linux with an `unshare` that can create a network
 * namespace (directly, or in a user namespace for unprivileged users). Tested by running it.
 */
export function decideSandbox(requested: boolean): SandboxDecision {
  if (!requested) return { requested, prefix: null, detail: 'not requested' };
  if (process.platform !== 'linux')
    return { requested, prefix: null, detail: `not available on ${process.platform}` };
  for (const flags of [['-n'], ['-r', '-n']]) {
    const r = spawnSync(UNSHARE, [...flags, '--', 'true'], { stdio: 'ignore', timeout: 5_000 });
    if (r.status === 0)
      return { requested, prefix: [UNSHARE, ...flags, '--'], detail: `unshare ${flags.join(' ')}` };
  }
  return { requested, prefix: null, detail: 'unshare cannot create a network namespace here' };
}

/** The environment the child gets: PATH, the throwaway HOME, and the declared variables. */
export function childEnv(declared: Readonly<Record<string, string>>, home: string): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env['PATH'] ?? '/usr/bin:/bin' };
  for (const [k, v] of Object.entries(declared)) if (k !== 'HOME') env[k] = v;
  env['HOME'] = home;
  return env;
}
