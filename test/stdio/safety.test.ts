/**
 * Launching a server runs its code: the child gets a scrubbed environment, a throwaway HOME and
 * working directory that are removed afterwards, and its whole process group is killed. Hostile
 * servers (floods, a 100 MB line, a command that does not exist or exits at once) end cleanly.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { collectStdioEvidence } from '../../src/probe/stdio/collect.js';
import { stdioCommandLine } from '../../src/targets/target.js';
import { FIXTURE, scanCommand } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'stdio-safety-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Running (a zombie waiting for init to reap it runs nothing, and holds no resources but its entry). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  if (process.platform !== 'linux') return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
}

describe('stdio safety', () => {
  it('the child sees PATH, a throwaway HOME and the declared variables only; HOME and cwd are removed', async () => {
    process.env['FIXTURE_SECRET'] = 'parent-secret-value-123';
    const report = join(dir, 'env.json');
    try {
      const s = await scanCommand([FIXTURE, '--report', report], {
        env: { DECLARED_KEY: 'sk-abcdefghijklmnop1234' },
      });
      const seen = JSON.parse(readFileSync(report, 'utf8')) as {
        home: string;
        cwd: string;
        env: string[];
        secret: string | null;
      };
      expect(seen.secret).toBeNull();
      expect(seen.env).toEqual(['DECLARED_KEY', 'HOME', 'MCP_POSTURE_LAUNCH', 'PATH']);
      expect(seen.home).not.toBe(process.env['HOME']);
      expect(seen.home.startsWith(tmpdir())).toBe(true);
      expect(existsSync(seen.home)).toBe(false);
      expect(existsSync(seen.cwd)).toBe(false);
      expect(s.evidence.stdio!.envNames).toEqual(['DECLARED_KEY', 'HOME', 'MCP_POSTURE_LAUNCH', 'PATH']);
      expect(s.evidence.stdio!.throwawayCwd).toBe(true);
      // The declared value never reaches the evidence.
      expect(JSON.stringify(s.evidence)).not.toContain('sk-abcdefghijklmnop1234');
    } finally {
      delete process.env['FIXTURE_SECRET'];
    }
  });

  it('secrets in the command line are redacted in the evidence', () => {
    const url = stdioCommandLine({
      command: 'server',
      args: ['--api-key', 'hunter2-long-value', '--token=abcdefgh', 'ghp_abcdefghijklmnopqrstuvwxyz012345'],
      env: {},
      cwd: null,
    });
    expect(url).toBe('stdio:server --api-key [REDACTED] --token=[REDACTED] [REDACTED]');
  });

  it('the process group is killed: a grandchild that ignores SIGTERM is gone afterwards', async () => {
    const pidFile = join(dir, 'grandchild.pid');
    const s = await scanCommand([FIXTURE, '--pid-file', pidFile]);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(pid).toBeGreaterThan(0);
    expect(alive(pid)).toBe(false);
    expect(s.evidence.stdio!.launches[0]!.shutdown.groupSurvivors).toBe(true);
  }, 30_000);

  it('a command that does not exist: unreachable, STDIO06 inconclusive, no hang', async () => {
    const ev = await collectStdioEvidence({
      command: { command: join(dir, 'no-such-command'), args: [], env: {}, cwd: null },
    });
    expect(ev.detection.targetClass).toBe('unreachable');
    expect(ev.stdio!.launches[0]!.spawnError).toMatch(/ENOENT/);
    expect(ev.detection.discover.kind).toBe('failed');
  });

  it('a command that exits at once: unreachable (the report is not graded), the era probe recorded as exit', async () => {
    const s = await scanCommand([FIXTURE, '--flaw', 'exit-at-once']);
    expect(s.evidence.detection.targetClass).toBe('unreachable');
    expect(s.status('MCPP-STDIO06')).toBe('not_applicable');
    expect(s.evidence.stdio!.launches[0]!.opening.outcome).toBe('exit');
    expect(s.evidence.stdio!.launches.every((l) => l.exit?.code === 3)).toBe(true);
  });

  it('an endless stdout flood is cut at the output cap and the process killed; memory stays bounded', async () => {
    const before = process.memoryUsage().rss;
    const s = await scanCommand([FIXTURE, '--flaw', 'flood'], {
      limits: { maxStdoutBytes: 8 * 1024 * 1024 },
    });
    const launch = s.evidence.stdio!.launches[0]!;
    expect(launch.stdout.capped).toBe(true);
    expect(launch.exit?.signal).toBe('SIGKILL');
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
  }, 30_000);

  it('a 100 MB line is cut at the per-message cap, not held', async () => {
    const before = process.memoryUsage().rss;
    const s = await scanCommand([FIXTURE, '--flaw', 'huge-line'], {
      limits: { maxStdoutBytes: 200 * 1024 * 1024 },
    });
    const launch = s.evidence.stdio!.launches[0]!;
    expect(launch.framingCounts['too-long']).toBe(1);
    expect(s.failKeys('MCPP-STDIO02')).toContain('too-long');
    expect(launch.lines.every((l) => l.text.length <= 2_000)).toBe(true);
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
  }, 30_000);

  it('--sandbox: the well-behaved fixture scans the same inside the sandbox', async () => {
    const s = await scanCommand([FIXTURE], { sandbox: true });
    const sb = s.evidence.stdio!.sandbox;
    expect(sb).toMatchObject({ requested: true, applied: true, mode: 'strict' });
    expect(sb.detail).toMatch(/^(unshare|bwrap): /);
    expect(s.evidence.detection.targetClass).toBe('reachable');
    const plain = await scanCommand([FIXTURE]);
    const statuses = (x: typeof s) => x.results.map((r) => `${r.checkId}:${r.status}:${r.key ?? ''}`).sort();
    expect(statuses(s)).toEqual(statuses(plain));
  }, 30_000);
});
