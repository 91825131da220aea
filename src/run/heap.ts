/**
 * The V8 heap setting of a fleet run, and when the CLI must start a second Node process to have it.
 *
 * Many scans at once in one process each allocate about 3 MB and keep almost none of it: at 64 scans
 * at once, never more than 36 MB was live, yet the process peaked at 214–228 MB, because V8 lets the
 * dead state of finished scans wait in a 32 MB young generation and, once promoted, in the old
 * generation until a full collection (issue 25; docs/performance.md, "Memory with many scans at
 * once"). A 4 MB semi-space (an 8 MB young generation) collects it sooner: 183–200 MB against
 * 214–228 MB in alternated runs under load, for the same CPU; on a quiet machine the gain was within
 * the noise (213 MB), so the 200 MB goal is not held by it alone. V8 reads the flag only when it builds its heap, so it
 * cannot be set from inside a running process; the bin (`#!/usr/bin/env node`) cannot pass it
 * portably either (`env -S` is not in every image), hence the second process.
 */

/** What a fleet run's Node process is started with. */
export const FLEET_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4'];

/** Set in the second process, so it never starts a third. */
export const FLEET_CHILD_ENV = 'MCP_POSTURE_FLEET_PROCESS';

/** The options that make `scan` a fleet run (docs/fleet.md). */
const FLEET_OPTION = /^--(targets|registry|discovered)(=|$)/;

/** A setting of the young generation's size the user chose themselves. */
const OWN_SETTING = /--max-semi-space-size|--semi-space|--max-young-generation-size/;

/**
 * The Node arguments to run this command with the fleet's heap setting, or null when this process
 * should run it itself: not a fleet run, already the second process, or the user set the young
 * generation's size (in the command line or NODE_OPTIONS).
 */
export function fleetNodeArgs(
  args: readonly string[],
  execArgv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): string[] | null {
  if (env[FLEET_CHILD_ENV] !== undefined) return null;
  if (args[0] !== 'scan' || !args.some((a) => FLEET_OPTION.test(a))) return null;
  if (execArgv.some((a) => OWN_SETTING.test(a)) || OWN_SETTING.test(env['NODE_OPTIONS'] ?? '')) return null;
  return [...FLEET_NODE_FLAGS, ...execArgv];
}
