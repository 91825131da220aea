/**
 * A fleet run's per-target table end to end through the CLI (in-process), against loopback
 * fixtures named in a targets file: one line per target on stdout before the run's summary,
 * each report named after its server beside `index.html`, `index.md` and `index.json`, what
 * changed since the previous run from the history database, and `--verbose` printing the full
 * report of the failing targets only.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { FleetReport } from '../../src/fleet/report/model.js';
import { runCli } from '../helpers/cli.js';
import type { FleetFixtures } from '../helpers/fleet-fixtures.js';
import { startFleetFixtures } from '../helpers/fleet-fixtures.js';
import { XSS } from '../helpers/hostile-report.js';

let fleet: FleetFixtures;
let dir: string;
let list: string;

const PACE = ['--concurrency', '4', '--timeout', '10000', '--no-progress', '--fail-on', 'critical'];

beforeAll(async () => {
  fleet = await startFleetFixtures({
    healthy: 3,
    oauth: 0,
    legacy: 0,
    slow: 0,
    unreachable: 1,
    rateLimited: 0,
  });
  dir = mkdtempSync(join(tmpdir(), 'posture-fleet-table-'));
  list = join(dir, 'targets.json');
  const [a, b, c] = fleet.targets.filter((t) => t.kind === 'healthy');
  const down = fleet.targets.find((t) => t.kind === 'unreachable')!;
  writeFileSync(
    list,
    JSON.stringify([
      { url: a!.url, name: 'GitHub' },
      { url: b!.url, name: 'github' },
      { url: c!.url, name: XSS.img },
      { url: down.url, name: 'down' },
    ]),
  );
}, 60_000);

afterAll(async () => {
  await fleet?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a fleet run prints and writes one line per target', () => {
  it('the table on stdout, then the summary; reports named by server beside index.html, index.md and index.json', async () => {
    const out = join(dir, 'out-1');
    const db = join(dir, 'fleet.db');
    const run = await runCli([
      'scan',
      '--targets',
      list,
      '--db',
      db,
      '--output-dir',
      out,
      '--format',
      'html,markdown,json',
      ...PACE,
    ]);
    expect(run.code, run.stderr).toBe(3);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^grade +crit +high +med +low +target +outcome +since previous run +report$/);
    // Worst first: the unreachable one says why, in words.
    expect(lines[1]).toMatch(
      /^N\/G .* down http:\/\/127\.0\.0\.1:\d+\/mcp +unreachable: nothing accepts connections there/,
    );
    expect(lines[1]).toMatch(/ down\.html$/);
    expect(lines.slice(1, 5).every((l) => /^(N\/G|A\+|[A-F]) /.test(l))).toBe(true);
    expect(lines[5]).toBe('');
    expect(lines[6]).toMatch(/^mcp-posture fleet run \S+: 4 targets$/);
    expect(run.stdout).toContain('grades: A+ ');
    expect(run.stdout).toMatch(/ · N\/G 1\n/);
    // The hostile name reaches neither the terminal raw nor the file system.
    expect(run.stdout).not.toContain('\u001b');
    const files = readdirSync(out).sort();
    const stems = [...new Set(files.map((f) => f.replace(/\.(html|md|json)$/, '')))].sort();
    expect(stems).toHaveLength(5);
    expect(stems.filter((s) => /^github-[0-9a-f]{8}$/.test(s))).toHaveLength(2);
    expect(stems).toContain('down');
    expect(stems).toContain('index');
    expect(stems).toContain('img-src-x-onerror-window.__xss-1');
    for (const s of stems) for (const ext of ['html', 'md', 'json']) expect(files).toContain(`${s}.${ext}`);
    const index = JSON.parse(readFileSync(join(out, 'index.json'), 'utf8')) as FleetReport;
    expect(index.targets.items.map((r) => r.report).sort()).toEqual(stems.filter((s) => s !== 'index'));
    const page = readFileSync(join(out, 'index.html'), 'utf8');
    for (const r of index.targets.items) {
      expect(page).toContain(`href="${r.report}.html"`);
      expect(existsSync(join(out, `${r.report}.html`))).toBe(true);
    }
    expect(readFileSync(join(out, 'index.md'), 'utf8')).toContain('[down](down.md)');
  }, 120_000);

  it('a second run: what changed since the first, from the database; --verbose prints the failing targets only', async () => {
    const run = await runCli([
      'scan',
      '--targets',
      list,
      '--db',
      join(dir, 'fleet.db'),
      '--verbose',
      ...PACE,
    ]);
    expect(run.code, run.stderr).toBe(3);
    const table = run.stdout.slice(run.stdout.indexOf('grade  '));
    const rows = table.split('\n').slice(1, 5);
    expect(rows).toHaveLength(4);
    for (const r of rows) expect(r).toMatch(/ no change$/);
    // The failing target's full report comes before the table; a passing one's does not.
    const before = run.stdout.slice(0, run.stdout.indexOf('grade  '));
    const down = fleet.targets.find((t) => t.kind === 'unreachable')!.url;
    expect(before).toContain(`cannot scan ${down}`);
    for (const t of fleet.targets.filter((x) => x.kind === 'healthy')) expect(before).not.toContain(t.url);
    expect(run.stdout).toContain('details: --output-dir DIR writes each target');
    const report = await runCli(['fleet', 'report', '--db', join(dir, 'fleet.db'), '--format', 'text']);
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout.split('\n').filter((l) => / no change +\S+\.txt$/.test(l))).toHaveLength(4);
  }, 120_000);
});
