#!/usr/bin/env node
/**
 * Entry point. `--version` is answered before the scanner is imported, so the
 * cheapest call stays cheap (the full import graph costs ~300 ms). A command that scans is started
 * again in a second process with the scan's heap setting (../run/heap.ts says why).
 */
import { SCAN_CHILD_ENV, scanNodeArgs } from '../run/heap.js';
import { TOOL_VERSION } from '../version.js';

const args = process.argv.slice(2);
const nodeArgs = scanNodeArgs(args, process.execArgv, process.env);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${TOOL_VERSION}\n`);
} else if (nodeArgs) {
  const { runInChild } = await import('./reexec.js');
  process.exitCode = await runInChild(nodeArgs, process.argv[1]!, args);
} else {
  // Only a second process watches its parent: no extra import for every other command.
  if (process.env[SCAN_CHILD_ENV] !== undefined) (await import('./reexec.js')).exitWithParent();
  const { main } = await import('./main.js');
  process.exitCode = await main(process.argv).catch(() => 4);
}
