/**
 * One lock for a fleet (`scan --targets F --lock L`): every target is compared with its own
 * entry, `--update-lock` records them all (under one guard per batch, the same safe-write
 * rules), and a lock an older mcp-posture wrote, keyed by the URL as typed, still matches.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runCli } from '../helpers/cli.js';
import type { PinFixture } from './pin-fixture.js';
import { startPinFixture } from './pin-fixture.js';
import type { PinRow } from './pin-rows.js';
import { pinFails, pinRows } from './pin-rows.js';

let dir: string;
let fixtures: PinFixture[];
let targetsFile: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcpp-fleet-lock-'));
  fixtures = await Promise.all([startPinFixture(), startPinFixture(), startPinFixture()]);
  targetsFile = join(dir, 'targets.txt');
  writeFileSync(targetsFile, `${fixtures.map((f) => f.url).join('\n')}\n`);
});
afterAll(async () => {
  await Promise.all(fixtures.map((f) => f.close()));
  rmSync(dir, { recursive: true, force: true });
});

/** A fleet scan of the targets file with the lock; each target's JSON report by URL. */
async function fleet(lock: string, out: string, ...extra: string[]) {
  const run = await runCli([
    'scan',
    '--targets',
    targetsFile,
    '--lock',
    lock,
    ...extra,
    '--no-db',
    '--no-progress',
    '--format',
    'json',
    '--output-dir',
    join(dir, out),
    '--fail-on',
    'none',
  ]);
  expect(run.code, run.stderr).toBe(0);
  const reports = new Map<string, PinRow[]>();
  // index.json is the run's per-target table, beside the reports.
  for (const f of readdirSync(join(dir, out)).filter((x) => x !== 'index.json')) {
    const r = JSON.parse(readFileSync(join(dir, out, f), 'utf8')) as {
      target: { url: string };
      results: PinRow[];
    };
    reports.set(r.target.url, pinRows(r.results));
  }
  return { run, reports };
}

const fails = pinFails;

describe('scan --targets with one lock', () => {
  it('records every target, then compares each with its own entry', async () => {
    const lock = join(dir, 'fleet.lock.json');
    const recorded = await fleet(lock, 'recorded', '--update-lock');
    for (const f of fixtures)
      expect(recorded.run.stderr).toContain(`recorded ${f.url} (anonymous) in lock ${lock}`);
    const entries = JSON.parse(readFileSync(lock, 'utf8')) as { targets: Record<string, unknown> };
    expect(Object.keys(entries.targets).sort()).toEqual(fixtures.map((f) => f.url).sort());

    fixtures[1]!.state.tools.push({
      name: 'delete_files',
      description: 'Deletes files.',
      params: { path: true },
    });
    const locked = readFileSync(lock, 'utf8');
    const compared = await fleet(lock, 'compared');
    expect(fails(compared.reports.get(fixtures[0]!.url))).toEqual([]);
    expect(fails(compared.reports.get(fixtures[1]!.url))).toEqual(['PIN01 added medium tool:delete_files']);
    expect(fails(compared.reports.get(fixtures[2]!.url))).toEqual([]);
    for (const f of fixtures)
      expect(compared.reports.get(f.url)?.find((r) => r.checkId === 'MCPP-PIN04')?.status, f.url).toBe(
        'pass',
      );
    // Comparing never writes the lock.
    expect(readFileSync(lock, 'utf8')).toBe(locked);
    fixtures[1]!.state.tools.pop();
  }, 120_000);

  it('a target the scan did not reach keeps its recorded entry; no entry is lost', async () => {
    const lock = join(dir, 'partial.lock.json');
    const gone = await startPinFixture();
    const list = join(dir, 'with-gone.txt');
    writeFileSync(list, `${fixtures[0]!.url}\n${gone.url}\n`);
    const scanList = () =>
      runCli([
        'scan',
        '--targets',
        list,
        '--lock',
        lock,
        '--update-lock',
        '--no-db',
        '--no-progress',
        '--fail-on',
        'none',
      ]);
    await scanList();
    const before = JSON.parse(readFileSync(lock, 'utf8')) as { targets: Record<string, unknown> };
    expect(Object.keys(before.targets).sort()).toEqual([fixtures[0]!.url, gone.url].sort());
    await gone.close();
    const run = await scanList();
    expect(run.stderr).toContain(`the scan did not reach ${gone.url}; the lock was left as it was`);
    expect(JSON.parse(readFileSync(lock, 'utf8'))).toEqual(before);
  }, 120_000);

  it('a lock written by an older version, keyed by the URL as typed, still matches its targets', async () => {
    const lock = join(dir, 'current.lock.json');
    await fleet(lock, 'old-1', '--update-lock');
    const current = JSON.parse(readFileSync(lock, 'utf8')) as {
      schemaVersion: number;
      targets: Record<string, unknown>;
    };
    // Older versions keyed a target by `new URL(typed).toString()`: a fragment typed on the
    // command line or in a config file survived in the key.
    const old = join(dir, 'old.lock.json');
    const typed = (url: string) => `${url}#reviewed`;
    writeFileSync(
      old,
      JSON.stringify({
        schemaVersion: current.schemaVersion,
        targets: Object.fromEntries(Object.entries(current.targets).map(([k, v]) => [typed(k), v])),
      }),
    );
    const compared = await fleet(old, 'old-2');
    for (const f of fixtures) {
      expect(fails(compared.reports.get(f.url)), f.url).toEqual([]);
      expect(compared.reports.get(f.url)?.find((r) => r.checkId === 'MCPP-PIN04')?.status).toBe('pass');
    }
  }, 120_000);
});
