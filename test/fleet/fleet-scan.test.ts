/**
 * Fleet scans end to end through the CLI (in-process), against 200 loopback targets of every
 * kind: into SQLite and into a real PostgreSQL, with the same results in both; the fleet report
 * and a target's history from them; a registry fixture; and a database that is down.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openHistory } from '../../src/fleet/db/open.js';
import { readJournal } from '../../src/fleet/journal.js';
import { runCli } from '../helpers/cli.js';
import type { FleetFixtures } from '../helpers/fleet-fixtures.js';
import { startFleetFixtures } from '../helpers/fleet-fixtures.js';
import type { TestDatabase } from '../helpers/pg.js';
import { createTestDatabase } from '../helpers/pg.js';
import type { RegistryFixture } from '../helpers/registry-fixture.js';
import { startRegistryFixture } from '../helpers/registry-fixture.js';

const MIX = { healthy: 120, oauth: 30, legacy: 20, slow: 15, unreachable: 10, rateLimited: 5 };
// The scanner's default per-request timeout: this process hosts the 200 fixtures and scans them,
// so on a loaded machine a shorter one would turn a starved fixture into an "unreachable" target.
const PACE = [
  '--concurrency',
  '16',
  '--timeout',
  '10000',
  '--scan-timeout',
  '30000',
  '--max-backoff',
  '3000',
  '--no-progress',
];

let fleet: FleetFixtures;
let pgDb: TestDatabase;
let dir: string;
let targetsFile: string;

interface Row {
  outcome: string;
  grade: string | null;
  attempts: number;
  fails: string;
}

/** Per target URL: outcome, grade, attempts and the failing fingerprints, as stored. */
async function snapshot(spec: string, runId?: string): Promise<Map<string, Row>> {
  const h = await openHistory(spec);
  try {
    let q = h.db
      .selectFrom('scans')
      .innerJoin('targets', 'targets.id', 'scans.target_id')
      .select(['scans.id', 'targets.url', 'scans.outcome', 'scans.grade', 'scans.attempts']);
    if (runId) q = q.where('scans.run_id', '=', runId);
    const scans = await q.execute();
    const fails = await h.db
      .selectFrom('results')
      .select(['scan_id', 'fingerprint'])
      .where('status', '=', 'fail')
      .execute();
    const byScan = new Map<string, string[]>();
    for (const f of fails) byScan.set(f.scan_id, [...(byScan.get(f.scan_id) ?? []), f.fingerprint]);
    return new Map(
      scans.map((s) => [
        s.url,
        {
          outcome: s.outcome,
          grade: s.grade,
          attempts: s.attempts,
          fails: (byScan.get(s.id) ?? []).sort().join(','),
        },
      ]),
    );
  } finally {
    await h.close();
  }
}

beforeAll(async () => {
  [fleet, pgDb] = await Promise.all([startFleetFixtures(MIX), createTestDatabase('fleet')]);
  dir = mkdtempSync(join(tmpdir(), 'posture-fleet-'));
  targetsFile = join(dir, 'targets.txt');
  const urls = fleet.targets.map((t) => `${t.url}  # ${t.kind}`);
  // A duplicate (other spelling of the same URL) and comments: de-duplicated to 200.
  writeFileSync(
    targetsFile,
    `# fleet\n${urls.join('\n')}\n${fleet.targets[0]!.url.replace('http://', 'HTTP://')}\n`,
  );
}, 120_000);

afterAll(async () => {
  await Promise.all([fleet?.close(), pgDb?.drop()]);
});

describe('fleet scan', () => {
  let sqliteRun: Map<string, Row>;
  let sqliteMs = 0;

  it('scans 200 targets of every kind into SQLite, politely and exactly once each', async () => {
    const db = join(dir, 'fleet.db');
    const journal = join(dir, 'sqlite.ndjson');
    const run = await runCli([
      'scan',
      '--targets',
      targetsFile,
      '--db',
      db,
      '--journal',
      journal,
      '--run-id',
      'sqlite-1',
      ...PACE,
    ]);
    sqliteMs = run.ms;
    process.stderr.write(`fleet: 200 targets into SQLite in ${(run.ms / 1000).toFixed(1)} s\n`);
    // Unreachable targets are outcomes, and they make the exit code 3 (scan failed), as for one URL.
    expect(run.code, run.stderr).toBe(3);
    expect(run.stdout).toContain('200 targets, 1 duplicate(s) dropped');
    expect(run.stdout).toMatch(/unreachable 10/);
    sqliteRun = await snapshot(db);
    expect(sqliteRun.size).toBe(200);
    const kinds = new Map(fleet.targets.map((t) => [t.url, t.kind]));
    for (const [url, row] of sqliteRun) {
      const kind = kinds.get(url);
      if (kind === 'unreachable') expect(row.outcome).toBe('unreachable');
      else expect(row.outcome, `${kind} ${url}`).toBe('graded');
      // The rate-limited ones were scanned again after their Retry-After, and only then stored.
      expect(row.attempts, `${kind} ${url}`).toBe(kind === 'rate-limited' ? 2 : 1);
    }
    const oauth = [...sqliteRun].filter(([u]) => kinds.get(u) === 'oauth').map(([, r]) => r.grade);
    expect(new Set(oauth).size).toBe(1);
    const journaled: string[] = [];
    for await (const l of readJournal(journal)) journaled.push(l.record.target.url);
    expect(journaled).toHaveLength(200);
    expect(new Set(journaled).size).toBe(200);
    // The OAuth targets' discovery documents are kept: PRM and the authorization server's metadata.
    const h = await openHistory(db);
    try {
      const docs = await h.db.selectFrom('documents').select(['kind']).execute();
      expect(docs.filter((d) => d.kind === 'prm').length).toBeGreaterThanOrEqual(MIX.oauth);
      expect(docs.filter((d) => d.kind === 'as').length).toBeGreaterThanOrEqual(MIX.oauth);
      const tools = await h.db
        .selectFrom('surfaces')
        .select('name')
        .where('kind', '=', 'tool')
        .distinct()
        .execute();
      expect(tools.map((t) => t.name).sort()).toEqual(['echo', 'get_time']);
    } finally {
      await h.close();
    }
  }, 300_000);

  it('scans the same 200 into PostgreSQL with the same results', async () => {
    fleet.rearm();
    const run = await runCli([
      'scan',
      '--targets',
      targetsFile,
      '--db',
      pgDb.url,
      '--run-id',
      'pg-1',
      ...PACE,
    ]);
    process.stderr.write(
      `fleet: 200 targets into PostgreSQL in ${(run.ms / 1000).toFixed(1)} s (SQLite ${(sqliteMs / 1000).toFixed(1)} s)\n`,
    );
    expect(run.code, run.stderr).toBe(3);
    const pgRun = await snapshot(pgDb.url);
    expect(pgRun.size).toBe(200);
    expect([...pgRun].sort()).toEqual([...sqliteRun].sort());
  }, 300_000);

  it('reports the fleet and one target over time from the database', async () => {
    const json = await runCli(['fleet', 'report', '--db', pgDb.url, '--format', 'json']);
    expect(json.code, json.stderr).toBe(0);
    const r = JSON.parse(json.stdout) as {
      run: { id: string; scans: number };
      outcomes: Record<string, number>;
      notGraded: { total: number };
    };
    expect(r.run).toMatchObject({ id: 'pg-1', scans: 200 });
    expect(r.outcomes).toEqual({ graded: 190, unreachable: 10 });
    expect(r.notGraded.total).toBe(10);
    const html = join(dir, 'fleet.html');
    const page = await runCli([
      'fleet',
      'report',
      '--db',
      join(dir, 'fleet.db'),
      '--format',
      'html',
      '--output',
      html,
    ]);
    expect(page.code).toBe(0);
    expect(readFileSync(html, 'utf8')).toContain('<svg');
    const hist = await runCli(['history', fleet.targets[0]!.url, '--db', join(dir, 'fleet.db')]);
    expect(hist.code, hist.stderr).toBe(0);
    expect(hist.stdout).toContain('run sqlite-1');
    const none = await runCli(['history', 'https://never.example/mcp', '--db', join(dir, 'fleet.db')]);
    expect(none.code).toBe(2);
    const missing = await runCli(['fleet', 'report', '--db', join(dir, 'nope.db')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no history database');
  }, 60_000);
});

describe('fleet scan: sources and failures', () => {
  let registry: RegistryFixture;
  beforeAll(async () => {
    const [a, b, c] = fleet.targets.filter((t) => t.kind === 'healthy');
    registry = await startRegistryFixture([
      {
        name: 'io.example/alpha',
        version: '1.0.0',
        updatedAt: '2025-01-01T00:00:00Z',
        remotes: [{ type: 'streamable-http', url: a!.url }],
      },
      {
        name: 'io.example/tenant',
        version: '2.0.0',
        updatedAt: '2025-01-02T00:00:00Z',
        remotes: [{ type: 'streamable-http', url: 'https://{tenant}.example.com/mcp' }],
      },
      {
        name: 'io.example/local',
        version: '0.1.0',
        updatedAt: '2025-01-03T00:00:00Z',
        packages: [{ registryType: 'npm', identifier: 'x' }],
      },
      {
        name: 'io.example/beta',
        version: '3.1.4',
        updatedAt: '2025-02-01T00:00:00Z',
        remotes: [{ type: 'sse', url: b!.url }],
      },
      {
        name: 'io.example/gone',
        version: '1.0.0',
        updatedAt: '2025-02-02T00:00:00Z',
        status: 'deleted',
        remotes: [{ type: 'streamable-http', url: c!.url }],
      },
      {
        name: 'io.example/gamma',
        version: '0.9.0',
        updatedAt: '2025-02-03T00:00:00Z',
        remotes: [{ type: 'streamable-http', url: c!.url }],
      },
    ]);
  });
  afterAll(async () => {
    await registry?.close();
  });

  it('scans a registry: cursor pages, templated and deleted entries skipped with the reason, names and versions kept', async () => {
    const db = join(dir, 'registry.db');
    const run = await runCli(['scan', '--registry', registry.url, '--db', db, ...PACE]);
    expect(run.code, run.stderr).toBe(1);
    expect(registry.queries.length).toBe(3);
    expect(registry.queries.map((q) => q.get('version'))).toEqual(['latest', 'latest', 'latest']);
    expect(registry.queries[0]!.get('cursor')).toBeNull();
    expect(registry.queries[1]!.get('cursor')).toBeTruthy();
    expect(run.stdout).toContain('https://{tenant}.example.com/mcp: templated URL: needs {tenant}');
    expect(run.stdout).toContain('io.example/local: no remote endpoint (packages only)');
    const h = await openHistory(db);
    try {
      const targets = await h.db
        .selectFrom('targets')
        .select(['registry_name', 'registry_version'])
        .orderBy('registry_name')
        .execute();
      expect(targets).toEqual([
        { registry_name: 'io.example/alpha', registry_version: '1.0.0' },
        { registry_name: 'io.example/beta', registry_version: '3.1.4' },
        { registry_name: 'io.example/gamma', registry_version: '0.9.0' },
      ]);
    } finally {
      await h.close();
    }
  }, 120_000);

  it('an incremental registry run (--updated-since) honours deleted entries', async () => {
    registry.queries.length = 0;
    const run = await runCli([
      'scan',
      '--registry',
      registry.url,
      '--updated-since',
      '2025-01-15T00:00:00Z',
      '--no-db',
      ...PACE,
    ]);
    expect(run.code, run.stderr).toBe(1);
    expect(registry.queries[0]!.get('updated_since')).toBe('2025-01-15T00:00:00Z');
    expect(run.stdout).toContain('io.example/gone: deleted in the registry');
    expect(run.stdout).toMatch(/: 2 targets, 1 skipped/);
  }, 120_000);

  it('database down: a clear error, the results kept in the journal, stored on --resume', async () => {
    const dead = createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    const { port } = dead.address() as AddressInfo;
    await new Promise<void>((r) => dead.close(() => r()));
    const file = join(dir, 'few.txt');
    writeFileSync(
      file,
      fleet.targets
        .filter((t) => t.kind === 'healthy')
        .slice(0, 6)
        .map((t) => t.url)
        .join('\n'),
    );
    const journal = join(dir, 'down.ndjson');
    const down = `postgres://posture@127.0.0.1:${port}/posture`;
    const run = await runCli(['scan', '--targets', file, '--db', down, '--journal', journal, ...PACE]);
    expect(run.code).toBe(4);
    expect(run.stderr).toContain(`cannot open the history database ${down}`);
    expect(run.stderr).toContain(`rerun with --resume to store them`);
    const lines: string[] = [];
    for await (const l of readJournal(journal)) lines.push(l.record.target.url);
    expect(lines).toHaveLength(6);
    // Without a journal there is nowhere to keep results: nothing is sent.
    const none = await runCli(['scan', '--targets', file, '--db', down, ...PACE]);
    expect(none.code).toBe(4);
    expect(none.stdout).toBe('');
    // With the database back (here: another one), --resume stores the journal and scans nothing again.
    const before = fleet.targets.slice(0, 6).map((t) => t.requests());
    const db = join(dir, 'after.db');
    const resumed = await runCli([
      'scan',
      '--targets',
      file,
      '--db',
      db,
      '--journal',
      journal,
      '--resume',
      ...PACE,
    ]);
    expect(resumed.code, resumed.stderr).toBe(1);
    expect(resumed.stdout).toContain('6 journal entries stored');
    expect(fleet.targets.slice(0, 6).map((t) => t.requests())).toEqual(before);
    expect((await snapshot(db)).size).toBe(6);
  }, 120_000);

  it('refuses credentials and combined formats for fleet sources', async () => {
    const t = await runCli(['scan', '--targets', targetsFile, '--token', 'secret']);
    expect(t.code).toBe(2);
    expect(t.stderr).toContain('--token does not apply to a fleet scan');
    const s = await runCli(['scan', '--targets', targetsFile, '--format', 'sarif', '--output-dir', dir]);
    expect(s.code).toBe(2);
    expect(s.stderr).toContain('sarif combine every target');
    const r = await runCli(['scan', '--targets', targetsFile, '--resume']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--resume needs --journal');
  });
});
