/**
 * Paths named on a local server's command line are data (docs/stdio.md#sandbox): inside the
 * sandbox they stay hidden unless the user maps them with `--sandbox-map`. A server that stops
 * because it cannot see one is explained with that flag as the next step; the plan says so
 * before anything runs. The served directory lies in the system temporary directory, which the
 * sandbox always hides, wherever the checkout is.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { sandboxLayout } from '../../src/probe/stdio/sandbox/layout.js';
import { runCli } from '../helpers/cli.js';
import { binOf, CORPUS } from '../surface/corpus.js';

const dir = mkdtempSync(join(tmpdir(), 'stdio-sandbox-map-'));
const served = join(dir, 'served');
mkdirSync(served);
writeFileSync(join(served, 'note.txt'), 'hello\n');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const filesystem = binOf(CORPUS.find((s) => s.pkg === '@modelcontextprotocol/server-filesystem')!).path;

interface Report {
  outcome: string;
  target: { unreached?: { why: string; next: string } };
  settings: { sandbox: { applied: boolean; mapped?: string[]; hiddenArgs?: string[] } };
}

describe('sandbox layout: path arguments', () => {
  const base = { command: process.execPath, cwd: null, pathEnv: process.env['PATH'] };

  it('an existing path argument inside a hidden directory is listed as hidden, never mapped on its own', () => {
    const layout = sandboxLayout({ ...base, args: [filesystem, served, `--root=${served}`, '-v'] });
    expect(layout.hiddenArgs).toEqual([served]);
    expect(layout.mapped.map((m) => m.target)).not.toContain(served);
  });

  it('a path the user maps is mapped read-only and no longer listed', () => {
    const layout = sandboxLayout({ ...base, args: [filesystem, served], readOnly: [served] });
    expect(layout.hiddenArgs).toEqual([]);
    expect(layout.mapped.map((m) => m.target)).toContain(served);
  });

  it('a hidden directory itself is never mapped, even when the user names it', () => {
    const layout = sandboxLayout({ ...base, args: [filesystem, served], readOnly: [tmpdir()] });
    expect(layout.notMapped).toContain(tmpdir());
    expect(layout.hiddenArgs).toEqual([served]);
  });

  it('a path that does not exist is not reported', () => {
    const layout = sandboxLayout({ ...base, args: [filesystem, join(dir, 'absent')] });
    expect(layout.hiddenArgs).toEqual([]);
  });
});

describe('scan --sandbox of a server given a hidden directory (server-filesystem)', () => {
  const scan = (extra: readonly string[]) =>
    runCli([
      'scan',
      '--format',
      'json',
      '--stdio',
      '--sandbox',
      ...extra,
      '--',
      process.execPath,
      filesystem,
      served,
    ]);

  it('without --sandbox-map: not reached, and the next step names the flag and the path', async () => {
    const r = await scan([]);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.outcome).toBe('unreachable');
    expect(report.settings.sandbox.hiddenArgs).toEqual([served]);
    expect(report.target.unreached?.next).toContain(`--sandbox-map ${served}`);
  }, 60_000);

  it('with --sandbox-map: the server reads it (read-only) and is graded', async () => {
    const r = await scan(['--sandbox-map', served]);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.outcome, r.stderr).toBe('graded');
    expect(report.settings.sandbox.applied).toBe(true);
    expect(report.settings.sandbox.mapped).toContain(served);
    expect(report.settings.sandbox.hiddenArgs).toBeUndefined();
  }, 60_000);

  it('--plan says which named path would stay hidden, and nothing runs', async () => {
    const r = await runCli([
      'scan',
      '--plan',
      '--stdio',
      '--sandbox',
      '--',
      process.execPath,
      filesystem,
      served,
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      `hidden from the server although named on its command line (map with --sandbox-map PATH): ${served}`,
    );
    const mapped = await runCli([
      'scan',
      '--plan',
      '--stdio',
      '--sandbox',
      '--sandbox-map',
      served,
      '--',
      process.execPath,
      filesystem,
      served,
    ]);
    expect(mapped.stdout).not.toContain('hidden from the server');
    expect(mapped.stdout).toContain(served);
  });
});
