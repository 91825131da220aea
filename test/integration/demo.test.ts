/**
 * The README's first command: `npm run demo` bundles the demo from the sources and scans the bundled
 * target; `npm run demo -- --serve` keeps the target running for the README's other commands.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';

import { describe, expect, it } from 'vitest';

const DEMO = ['scripts/demo.mjs'];

describe('npm run demo', () => {
  it('scans the bundled target and shows the report, exit 0', () => {
    const r = spawnSync(process.execPath, [...DEMO, '--no-color'], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/grade F/);
    expect(r.stdout).toContain('MCPP-ACT01');
    expect(r.stderr).toMatch(/as expected for this demo target/);
  });

  it('--serve keeps the target running, prints its URL first, and stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, [...DEMO, '--serve'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const firstLine = await new Promise<string>((resolve) =>
      createInterface({ input: child.stdout }).once('line', resolve),
    );
    expect(firstLine).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const init = await fetch(firstLine, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    });
    expect(init.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect(fetch(firstLine, { method: 'POST' })).rejects.toThrow();
  });
});
