import { describe, expect, it } from 'vitest';

import { runNode } from '../../../src/bench/child-scan.js';

/**
 * The bench's CLI figures come from a hook every Node process of the child's tree runs on exit. A
 * scanning command re-runs itself in a second process (src/run/heap.ts) that exits before its
 * launcher: the launcher's small figure must not replace the scanner's.
 */
describe('peak RSS hook of a bench child', () => {
  it("keeps the second process's peak when its launcher exits after it", async () => {
    // The launcher re-runs node with its own execArgv (the hook), as the CLI does; the second
    // process holds ~200 MB of touched memory, the launcher stays near bare Node.
    const second = 'const b = Buffer.alloc(200 * 1024 * 1024, 1); process.exitCode = b[0] === 1 ? 0 : 1;';
    const launcher =
      "const { spawnSync } = require('node:child_process');" +
      `const r = spawnSync(process.execPath, [...process.execArgv, '-e', ${JSON.stringify(second)}], { stdio: 'inherit' });` +
      'process.exitCode = r.status ?? 1;';
    const run = await runNode(['-e', launcher]);
    expect(run.code).toBe(0);
    expect(run.maxRssKb).not.toBeNull();
    expect(run.maxRssKb!).toBeGreaterThan(150 * 1024);
  }, 60_000);
});
