/** When the CLI runs a command in a second process with the scan's heap setting (src/run/heap.ts). */
import { spawnSync } from 'node:child_process';

import { describe, expect, it } from 'vitest';

import { SCAN_CHILD_ENV, SCAN_NODE_FLAGS, scanNodeArgs } from '../../src/run/heap.js';

describe('scanNodeArgs', () => {
  it('starts every form of scan, and doctor, again with the flags, keeping the node options given', () => {
    const scans = [
      ['scan', 'https://example.com/mcp'],
      ['scan', '--stdio', 'node server.js'],
      ...['--targets', '--targets=t.txt', '--registry', '--discovered'].map((flag) => ['scan', flag, 'x']),
      ['doctor', 'https://example.com/mcp', '--client', 'cursor'],
    ];
    for (const args of scans)
      expect(scanNodeArgs(args, ['--enable-source-maps'], {}), args.join(' ')).toEqual([
        ...SCAN_NODE_FLAGS,
        '--enable-source-maps',
      ]);
  });

  it('runs anything else in this process, and a scan command asked only for its help', () => {
    expect(scanNodeArgs(['fleet', 'report', '--db', 'h.db'], [], {})).toBeNull();
    expect(scanNodeArgs(['checks', 'list'], [], {})).toBeNull();
    expect(scanNodeArgs(['lock', 'diff', 'a.json', 'b.json'], [], {})).toBeNull();
    expect(scanNodeArgs([], [], {})).toBeNull();
    expect(scanNodeArgs(['scan', '--help'], [], {})).toBeNull();
    expect(scanNodeArgs(['doctor', '-h'], [], {})).toBeNull();
  });

  it('never starts a third process, and leaves a young-generation size the user chose', () => {
    expect(scanNodeArgs(['scan', '--targets', 't'], [], { [SCAN_CHILD_ENV]: '1' })).toBeNull();
    expect(scanNodeArgs(['scan', 'https://example.com/mcp'], ['--max-semi-space-size=16'], {})).toBeNull();
    expect(
      scanNodeArgs(['scan', '--targets', 't'], [], { NODE_OPTIONS: '--max-semi-space-size=8' }),
    ).toBeNull();
  });

  it('names flags this Node accepts (node refuses a V8 flag it does not know)', () => {
    const run = spawnSync(process.execPath, [...SCAN_NODE_FLAGS, '-e', 'process.stdout.write("ok")'], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('ok');
  });
});
