/**
 * Fleet runs as separate processes, as Kubernetes or a CI matrix runs them: four shards
 * writing into one PostgreSQL (one run, every target scanned exactly once), and a run killed
 * with SIGKILL mid-way and resumed from its journal (no target lost, none scanned twice). The
 * CLI is compiled into a private directory first (test/helpers/hostile-run.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openHistory } from '../../src/fleet/db/open.js';
import { readJournal } from '../../src/fleet/journal.js';
import { shardOf } from '../../src/fleet/shard.js';
import type { FleetFixtures } from '../helpers/fleet-fixtures.js';
import { startFleetFixtures } from '../helpers/fleet-fixtures.js';
import type { BuiltScanner } from '../helpers/hostile-run.js';
import { buildScanner } from '../helpers/hostile-run.js';
import type { TestDatabase } from '../helpers/pg.js';
import { createTestDatabase } from '../helpers/pg.js';

const PACE = ['--timeout', '5000', '--scan-timeout', '30000', '--no-progress'];

let built: BuiltScanner;
let fleet: FleetFixtures;
let pgDb: TestDatabase;
let dir: string;
let targetsFile: string;

interface Child {
  readonly done: Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
    stdout: string;
    stderr: string;
  }>;
  kill(): void;
}

/** The pids of a process's children (Linux). */
function childrenOf(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
}

const running = (pid: number) => existsSync(`/proc/${pid}`);

async function until(test: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!test() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  return test();
}

/**
 * The first process's child once it runs with the heap setting, or null. Between fork and exec a
 * child's cmdline is still its parent's, so the check waits for the exec.
 */
async function secondProcess(pid: number): Promise<number | null> {
  const flagged = (child: number): boolean => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').includes('--max-semi-space-size=4');
    } catch {
      return false;
    }
  };
  await until(() => childrenOf(pid).some(flagged), 30_000);
  return childrenOf(pid).find(flagged) ?? null;
}

function cli(args: readonly string[], env: Readonly<Record<string, string>> = {}): Child & { pid: number } {
  const child = spawn(process.execPath, [join(built.dir, 'dist', 'cli', 'bin.js'), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  return {
    done: new Promise((resolve) =>
      child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
    ),
    kill: () => child.kill('SIGKILL'),
    pid: child.pid!,
  };
}

async function journalUrls(file: string): Promise<string[]> {
  const out: string[] = [];
  if (!existsSync(file)) return out;
  for await (const l of readJournal(file)) out.push(l.record.target.url);
  return out;
}

beforeAll(async () => {
  built = buildScanner();
  [fleet, pgDb] = await Promise.all([
    startFleetFixtures({ healthy: 40, oauth: 4, legacy: 4, slow: 4, unreachable: 4, rateLimited: 0 }),
    createTestDatabase('shards'),
  ]);
  dir = mkdtempSync(join(tmpdir(), 'posture-fleet-proc-'));
  targetsFile = join(dir, 'targets.txt');
  writeFileSync(targetsFile, fleet.targets.map((t) => t.url).join('\n'));
}, 240_000);

afterAll(async () => {
  await Promise.all([fleet?.close(), pgDb?.drop()]);
  built?.cleanup();
});

/** Healthy targets: their server counts what the scans sent, so a second scan would double it. */
const healthy = () => fleet.targets.filter((t) => t.kind === 'healthy');

/** One complete scan: at most the recorded exchanges (a timed-out one may never arrive), far more than half. */
function oneScan(sent: number, recorded: number | undefined, url: string): void {
  expect(recorded, url).toBeGreaterThan(10);
  expect(sent, url).toBeLessThanOrEqual(recorded!);
  expect(sent, url).toBeGreaterThan(recorded! / 2);
}

describe('fleet processes', () => {
  it('a scan (a fleet run or one target) is run by a second Node process with the heap setting, which ends with the first', async () => {
    const args = ['scan', '--targets', targetsFile, '--no-db', '--concurrency', '2', ...PACE];
    for (const signal of ['SIGKILL', 'SIGTERM'] as const) {
      const run = cli(args);
      const scanner = await secondProcess(run.pid);
      expect(scanner, 'a second process started with the heap setting').not.toBeNull();
      expect(childrenOf(scanner!)).toEqual([]);
      process.kill(run.pid, signal);
      const ended = await run.done;
      // Killed outright, the first process cannot pass the signal on: the second sees its IPC
      // channel close and exits. A SIGTERM is passed on, and the first ends by it too.
      expect(ended.signal).toBe(signal);
      expect(await until(() => !running(scanner!), 5_000)).toBe(true);
    }
    // A single scan is run the same way (its replies are garbage at the same pace).
    const single = cli(['scan', fleet.targets[0]!.url, '--allow-private', ...PACE]);
    expect(await secondProcess(single.pid), 'a second process started with the heap setting').not.toBeNull();
    expect((await single.done).signal).toBeNull();
  }, 120_000);

  it('four shards write one run into one PostgreSQL, each target scanned exactly once', async () => {
    const before = new Map(fleet.targets.map((t) => [t.url, t.requests()]));
    const common = [
      'scan',
      '--targets',
      targetsFile,
      '--db',
      pgDb.url,
      '--run-id',
      'shared-run',
      '--concurrency',
      '4',
      ...PACE,
    ];
    const children = [
      cli([...common, '--shard', '0/4']),
      cli([...common, '--shard', '1/4']),
      cli([...common, '--shard', '2/4']),
      // The fourth as a Kubernetes Indexed Job pod: the index from the Job, the count from the environment.
      cli(common, { JOB_COMPLETION_INDEX: '3', MCP_POSTURE_SHARD_COUNT: '4' }),
    ];
    const results = await Promise.all(children.map((c) => c.done));
    let inShards = 0;
    for (const r of results) {
      expect([0, 1, 3], r.stderr).toContain(r.code);
      const m = /; (\d+) in this shard/.exec(r.stdout);
      expect(m, r.stdout).not.toBeNull();
      inShards += Number(m![1]);
    }
    expect(inShards).toBe(fleet.targets.length);
    const h = await openHistory(pgDb.url);
    try {
      const runs = await h.db.selectFrom('runs').selectAll().execute();
      expect(runs.map((r) => [r.id, r.shard_count])).toEqual([['shared-run', 4]]);
      const scans = await h.db
        .selectFrom('scans')
        .innerJoin('targets', 'targets.id', 'scans.target_id')
        .select(['targets.url', 'scans.shard', 'scans.requests'])
        .execute();
      expect(scans).toHaveLength(fleet.targets.length);
      expect(new Set(scans.map((s) => s.url)).size).toBe(fleet.targets.length);
      for (const s of scans) expect(s.shard).toBe(shardOf(s.url, 4));
      const recorded = new Map(scans.map((s) => [s.url, s.requests]));
      for (const t of healthy()) oneScan(t.requests() - before.get(t.url)!, recorded.get(t.url), t.url);
    } finally {
      await h.close();
    }
  }, 240_000);

  it('a run killed with SIGKILL mid-way and resumed scans every target exactly once', async () => {
    const journal = join(dir, 'killed.ndjson');
    const db = join(dir, 'killed.db');
    const args = [
      'scan',
      '--targets',
      targetsFile,
      '--db',
      db,
      '--journal',
      journal,
      '--concurrency',
      '3',
      ...PACE,
    ];
    const first = cli(args);
    const deadline = Date.now() + 120_000;
    while ((await journalUrls(journal)).length < 12 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    first.kill();
    const killed = await first.done;
    expect(killed.signal).toBe('SIGKILL');
    const before = await journalUrls(journal);
    expect(before.length).toBeGreaterThanOrEqual(12);
    expect(before.length).toBeLessThan(fleet.targets.length);
    const atKill = new Map(fleet.targets.map((t) => [t.url, t.requests()]));

    const resumed = await cli([...args, '--resume']).done;
    expect([0, 1, 3], resumed.stderr).toContain(resumed.code);
    expect(resumed.stdout).toContain(`(+${before.length} from the journal)`);
    const after = await journalUrls(journal);
    expect(after).toHaveLength(fleet.targets.length);
    expect(new Set(after).size).toBe(fleet.targets.length);
    const h = await openHistory(db);
    try {
      const scans = await h.db
        .selectFrom('scans')
        .innerJoin('targets', 'targets.id', 'scans.target_id')
        .select(['targets.url', 'scans.requests', 'scans.run_id'])
        .execute();
      expect(scans).toHaveLength(fleet.targets.length);
      expect(new Set(scans.map((s) => s.run_id)).size).toBe(1);
      const recorded = new Map(scans.map((s) => [s.url, s.requests]));
      const journaled = new Set(before);
      for (const t of healthy()) {
        const sent = t.requests() - atKill.get(t.url)!;
        // Finished before the kill: left alone. Otherwise: one complete scan after the resume.
        if (journaled.has(t.url)) expect(sent, t.url).toBe(0);
        else oneScan(sent, recorded.get(t.url), t.url);
      }
    } finally {
      await h.close();
    }
    expect(readFileSync(journal, 'utf8').endsWith('\n')).toBe(true);
  }, 240_000);
});
