/**
 * `--sandbox` fails closed (docs/stdio.md#sandbox): where the sandbox cannot be had (simulated
 * with a PATH whose `unshare` and `bwrap` exit 1, or lie), nothing is launched and the scan exits
 * 2 with the reason and how to enable it; `--sandbox=best-effort` runs with the warning first.
 * The mount script refuses to run outside new namespaces; the plan says what the sandbox does.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, afterEach, describe, expect, it } from 'vitest';

import { enableHints } from '../../src/probe/stdio/sandbox/diagnose.js';
import { unshareCommand } from '../../src/probe/stdio/sandbox/unshare.js';
import { runCli } from '../helpers/cli.js';
import { FIXTURE } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'stdio-sandbox-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A directory of executables that each log their call and exit 1. */
function failingTools(names: readonly string[]): { bin: string; log: string } {
  const bin = mkdtempSync(join(dir, 'bin-'));
  const log = join(bin, 'calls.log');
  for (const n of names) {
    const file = join(bin, n);
    writeFileSync(file, `#!/bin/sh\necho "${n} $*" >> '${log}'\nexit 1\n`);
    chmodSync(file, 0o755);
  }
  return { bin, log };
}

const originalPath = process.env['PATH'];
afterEach(() => {
  process.env['PATH'] = originalPath;
});

/** Scans the fixture (which writes `report` when it starts) with a PATH whose unshare and bwrap exit 1. */
async function scanWhereRefused(flag: string) {
  const { bin, log } = failingTools(['unshare', 'bwrap']);
  const report = join(bin, 'launched.json');
  process.env['PATH'] = `${bin}:${originalPath}`;
  const r = await runCli(['scan', flag, '--stdio', '--', process.execPath, FIXTURE, '--report', report]);
  return { r, log, report };
}

describe('where namespaces are refused', () => {
  it('--sandbox exits 2 before launching anything, with the reason and how to enable it', async () => {
    const { r, log, report } = await scanWhereRefused('--sandbox');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.split('\n');
    expect(lines[0]).toBe('mcp-posture: --sandbox cannot be applied here, so nothing was launched:');
    expect(r.stderr).toMatch(/^ {2}unshare: the sandbox did not start/m);
    expect(r.stderr).toContain('to enable it:');
    expect(r.stderr).toContain('--sandbox=best-effort');
    // The sandbox was tried (the failing tool ran) and the server never started.
    expect(readFileSync(log, 'utf8')).toMatch(/^unshare /m);
    expect(existsSync(report)).toBe(false);
  }, 30_000);

  it('--sandbox=best-effort runs anyway, the warning its first line of output and of the report', async () => {
    const { r, report } = await scanWhereRefused('--sandbox=best-effort');
    expect(r.code).toBe(0);
    expect(r.stderr.split('\n')[0]).toMatch(
      /^mcp-posture: warning: --sandbox=best-effort: the sandbox could not be applied, so the server runs with the network and your files in reach \(unshare: the sandbox did not start/,
    );
    expect(r.stdout.split('\n')[0]).toMatch(
      /^! --sandbox not applied \(nothing was applied: unshare: .*\): the server ran with the network and the files and rights of this user$/,
    );
    expect(existsSync(report)).toBe(true);
  }, 30_000);

  it('--sandbox with a value other than best-effort is a usage error', async () => {
    const r = await runCli(['scan', '--sandbox=loose', '--stdio', '--', process.execPath, FIXTURE]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--sandbox takes no value, or =best-effort (got "loose")');
  });
});

describe('how to enable it', () => {
  it('names the sysctl that switches unprivileged user namespaces back on', () => {
    const off = (file: string) => (file.endsWith('unprivileged_userns_clone') ? '0' : null);
    const hints = enableHints(false, [], off);
    expect(hints[0]).toBe(
      'unprivileged user namespaces are switched off: sudo sysctl -w kernel.unprivileged_userns_clone=1',
    );
    expect(
      enableHints(false, [], (f) => (f.endsWith('apparmor_restrict_unprivileged_userns') ? '1' : null))[0],
    ).toMatch(
      /^AppArmor restricts unprivileged user namespaces: sudo sysctl -w kernel\.apparmor_restrict_unprivileged_userns=0/,
    );
    expect(enableHints(true, ['setpriv'], off)[0]).toBe(
      'install setpriv (util-linux), or bubblewrap (apt install bubblewrap)',
    );
  });
});

describe('the mount script', () => {
  it('refuses to mount anything outside a new PID and mount namespace (an unshare that ignored its options)', () => {
    const { bin, log } = failingTools(['mount', 'umount', 'pivot_root', 'setpriv', 'unshare']);
    const tool = (n: string) => join(bin, n);
    const cmd = unshareCommand(
      {
        unshare: tool('unshare'),
        mount: tool('mount'),
        umount: tool('umount'),
        pivot_root: tool('pivot_root'),
        setpriv: tool('setpriv'),
      },
      '/bin/sh',
      { hidden: ['/root'], mapped: [], notMapped: [], hiddenArgs: [] },
      { root: join(dir, 'root'), home: join(dir, 'home'), cwd: join(dir, 'cwd'), cwdWritable: true },
      ['true'],
      true,
    );
    // Run the script the way a lying unshare would: right here, in the scanner's namespaces.
    const script = cmd.args.at(-1)!;
    const r = spawnSync('/bin/sh', ['-c', script], { encoding: 'utf8' });
    expect(r.status).toBe(97);
    expect(r.stderr).toContain('mcp-posture sandbox: not the first process of a new PID namespace');
    expect(existsSync(log)).toBe(false);
  });
});

describe('scan --plan --sandbox', () => {
  it('lists what the sandbox hides, maps and leaves writable, and runs nothing', async () => {
    const r = await runCli(['scan', '--plan', '--sandbox', '--stdio', '--', process.execPath, FIXTURE]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('sandbox  strict');
    expect(r.stdout).toMatch(/^ {2}filesystem: read-only; hidden \(empty\): .*\/root/m);
    expect(r.stdout).toContain('  network: none (an empty network namespace)');
    expect(r.stdout).toContain('  when any part cannot be applied: exit 2 with the reason, nothing launched');
    expect(r.stdout).toMatch(/passive +spawn +x\.sandbox\.try/);
    expect(r.stdout).toMatch(/passive +kill +x\.sweep/);
    expect(r.stdout).toContain('MCP_POSTURE_LAUNCH=<an id for each launch');
  });
});
