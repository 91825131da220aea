#!/usr/bin/env node
/**
 * Entry point. `--version` is answered before the scanner is imported, so the
 * cheapest call stays cheap (the full import graph costs ~300 ms). A fleet run is started again
 * in a second process with its heap setting (../fleet/heap.ts says why).
 */
import { FLEET_CHILD_ENV, fleetNodeArgs } from '../fleet/heap.js';
import { TOOL_VERSION } from '../version.js';

const args = process.argv.slice(2);
const fleetArgs = fleetNodeArgs(args, process.execArgv, process.env);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${TOOL_VERSION}\n`);
} else if (fleetArgs) {
  const { runInChild } = await import('./reexec.js');
  process.exitCode = await runInChild(fleetArgs, process.argv[1]!, args);
} else {
  // Only a fleet run's second process watches its parent: no extra import for every other command.
  if (process.env[FLEET_CHILD_ENV] !== undefined) (await import('./reexec.js')).exitWithParent();
  const { main } = await import('./main.js');
  process.exitCode = await main(process.argv).catch(() => 4);
}
