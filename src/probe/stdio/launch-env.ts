/**
 * What one launch of a stdio server is given (docs/stdio.md#safety-launching-a-server-runs-its-code):
 * the scrubbed environment with the launch's marker, the caps and the waits. Whether it runs in
 * the sandbox is ./sandbox/prepare.ts's to decide.
 */
import { MARKER_NAME } from './sweep.js';

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

/**
 * How long the scanner waits for an exit after closing stdin, and after each signal; and how long
 * what the server left running gets between SIGTERM and SIGKILL.
 */
export const SHUTDOWN_WAIT = {
  stdinCloseMs: 5_000,
  sigtermMs: 2_000,
  sigkillMs: 2_000,
  leftBehindMs: 1_000,
} as const;

/**
 * The environment the child gets: PATH, the throwaway HOME, the declared variables, and the
 * launch's marker (every process the server starts inherits it unless it clears its environment).
 */
export function childEnv(
  declared: Readonly<Record<string, string>>,
  home: string,
  marker: string,
): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env['PATH'] ?? '/usr/bin:/bin' };
  for (const [k, v] of Object.entries(declared)) if (k !== 'HOME' && k !== MARKER_NAME) env[k] = v;
  env['HOME'] = home;
  env[MARKER_NAME] = marker;
  return env;
}

/** The names of the variables the child gets, sorted (the evidence's `envNames`). */
export function childEnvNames(declared: Readonly<Record<string, string>>): string[] {
  return [...new Set(['PATH', 'HOME', MARKER_NAME, ...Object.keys(declared)])].sort();
}
