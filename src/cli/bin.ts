#!/usr/bin/env node
/**
 * Entry point. `--version` is answered before the scanner is imported, so the
 * cheapest call stays cheap (the full import graph costs ~300 ms).
 */
import { TOOL_VERSION } from '../version.js';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${TOOL_VERSION}\n`);
} else {
  const { main } = await import('./main.js');
  process.exitCode = await main(process.argv).catch(() => 4);
}
