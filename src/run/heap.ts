/**
 * The V8 heap setting of a scan, and when the CLI must start a second Node process to have it.
 *
 * A scan allocates far more than it keeps: every reply is decoded and parsed, then dropped. V8 lets
 * that garbage wait in a young generation that grows to 32 MB and, once promoted, in the old
 * generation until a full collection, so the peak is set by the collector's pace, not by what is
 * live. A 4 MB semi-space (an 8 MB young generation) collects it sooner:
 *  - one hostile scan (replies of 0.75-1.56 MB, 34 MB in all, test/integration/hostile.test.ts):
 *    158 MB against 187-194 MB, with the same wall time (about 1 s);
 *  - many scans at once (issue 25; docs/performance.md, "Memory with many scans at once"): at 64
 *    scans, never more than 36 MB live, 183-200 MB against 214-228 MB in alternated runs under
 *    load, for the same CPU; on a quiet machine the gain was within the noise (213 MB).
 * The old generation is held too: after each full collection V8 sets the next limit at up to four
 * times what survived when collecting is cheap against allocating, which a fleet is (~36 MB live,
 * ~3.3 MB allocated a scan), so its peak climbed with the run's length (197-210 MB at 64 scans at
 * once, 246 MB at 2,000 targets). `--heap-growing-percent=100` fixes the factor at two: after a full
 * collection the old generation may grow to twice what survived it, whatever the run's length. At 64 scans at once, in
 * alternated runs under load: 140-143 MB against 196-208 MB, for 2-6 % more scanner CPU (50 %:
 * 126-128 MB for 10-16 % more).
 * V8 reads the flags only when it builds its heap, so they cannot be set from inside a running
 * process; the bin (`#!/usr/bin/env node`) cannot pass them portably either (`env -S` is not in
 * every image), hence the second process. A library caller sets them on its own `node`.
 */

/** What a scanning command's Node process is started with. */
export const SCAN_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4', '--heap-growing-percent=100'];

/** Set in the second process, so it never starts a third. */
export const SCAN_CHILD_ENV = 'MCP_POSTURE_SECOND_PROCESS';

/** The commands that scan live servers: `scan` in every form (one target or a fleet) and `doctor`. */
const SCANNING_COMMANDS: ReadonlySet<string> = new Set(['scan', 'doctor']);

/** A setting of the young generation's size the user chose themselves. */
const OWN_SETTING = /--max-semi-space-size|--semi-space|--max-young-generation-size/;

/** Help and usage print and exit: no second process for them. */
const ONLY_HELP = /^(-h|--help)$/;

/**
 * The Node arguments to run this command with the scan's heap setting, or null when this process
 * should run it itself: not a scanning command, only its help, already the second process, or the
 * user set the young generation's size (in the command line or NODE_OPTIONS).
 */
export function scanNodeArgs(
  args: readonly string[],
  execArgv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): string[] | null {
  if (env[SCAN_CHILD_ENV] !== undefined) return null;
  if (!SCANNING_COMMANDS.has(args[0] ?? '') || args.some((a) => ONLY_HELP.test(a))) return null;
  if (execArgv.some((a) => OWN_SETTING.test(a)) || OWN_SETTING.test(env['NODE_OPTIONS'] ?? '')) return null;
  return [...SCAN_NODE_FLAGS, ...execArgv];
}
