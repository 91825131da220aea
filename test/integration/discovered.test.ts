/**
 * `scan --discovered` is a fleet run through the one run loop: it honours every scan option
 * (`--ca-file`, `-H`, `--mode`, `--lock`, `--db`, `--concurrency`), scans its servers at once, and
 * its output is a fleet's (per-target reports in --output-dir, the run's summary on stdout).
 * The servers a client configuration lists are fixtures on 127.0.0.1 that record what they get.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openHistory } from '../../src/fleet/db/open.js';
import { testCerts } from '../helpers/certs.js';
import type { FleetReport } from '../../src/fleet/report/model.js';
import { runCli } from '../helpers/cli.js';
import type { RawServer } from '../helpers/raw-servers.js';
import { startRawServer, startTextServer } from '../helpers/raw-servers.js';
import type { PinFixture } from '../lock/pin-fixture.js';
import { startPinFixture } from '../lock/pin-fixture.js';

const root = mkdtempSync(join(tmpdir(), 'mcpp-discovered-'));
const home = join(root, 'home');
const project = join(root, 'project');
const caFile = join(root, 'ca.pem');

/** A server that answers 404 a little later, and records when each request came and its X-Team header. */
interface Recorder {
  readonly server: RawServer;
  readonly arrivals: number[];
  readonly teams: (string | undefined)[];
}

async function recorder(): Promise<Recorder> {
  const arrivals: number[] = [];
  const teams: (string | undefined)[] = [];
  const server = await startRawServer((req, res) => {
    arrivals.push(performance.now());
    teams.push(req.headers['x-team'] as string | undefined);
    req.resume();
    setTimeout(
      () => res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not_found"}'),
      60,
    );
  });
  return { server, arrivals, teams };
}

let tls: RawServer;
let a: Recorder;
let b: Recorder;
let pin: PinFixture;

beforeAll(async () => {
  const certs = testCerts();
  writeFileSync(caFile, certs.ca);
  [tls, a, b, pin] = await Promise.all([
    startTextServer({ tls: certs.leaf }),
    recorder(),
    recorder(),
    startPinFixture(),
  ]);
  const file = join(home, '.cursor', 'mcp.json');
  mkdirSync(dirname(file), { recursive: true });
  mkdirSync(project, { recursive: true });
  writeFileSync(
    file,
    JSON.stringify({
      mcpServers: {
        tls: { url: tls.url.replace('http://', 'https://') },
        a: { type: 'http', url: a.server.url },
        b: { type: 'http', url: b.server.url },
        pinned: { type: 'http', url: pin.url },
      },
    }),
  );
}, 60_000);

afterAll(async () => {
  await Promise.all([tls?.close(), a?.server.close(), b?.server.close(), pin?.close()]);
  rmSync(root, { recursive: true, force: true });
});

/** `--discovered` of the fake home and project. */
const discovery = () => ['--discovered', '--home', home, '--project', project];

async function discovered(out: string, ...flags: string[]) {
  a.arrivals.length = 0;
  b.arrivals.length = 0;
  const run = await runCli([
    'scan',
    ...discovery(),
    '--no-progress',
    '--format',
    'json',
    '--output-dir',
    join(root, out),
    '--fail-on',
    'none',
    ...flags,
  ]);
  const files = readdirSync(join(root, out)).sort();
  // The run's per-target table, beside the reports.
  const index = JSON.parse(readFileSync(join(root, out, 'index.json'), 'utf8')) as FleetReport;
  const reports = files
    .filter((f) => f !== 'index.json')
    .map(
      (f) =>
        JSON.parse(readFileSync(join(root, out, f), 'utf8')) as {
          target: { url: string };
          outcome: string;
          mode: string;
        },
    );
  return { run, reports, files, index, byUrl: new Map(reports.map((r) => [r.target.url, r])) };
}

/** Did the two servers' requests interleave (their scans ran at the same time)? */
const interleaved = (x: readonly number[], y: readonly number[]) =>
  !(Math.max(...x) < Math.min(...y) || Math.max(...y) < Math.min(...x));

describe('scan --discovered honours the scan options', () => {
  it('--ca-file, -H, --lock, --db and --concurrency; a fleet summary on stdout, a report per server', async () => {
    const lock = join(root, 'discovered.lock.json');
    const db = join(root, 'history.db');
    const { run, reports, files, index, byUrl } = await discovered(
      'out-1',
      '--ca-file',
      caFile,
      '-H',
      'X-Team: blue',
      '--lock',
      lock,
      '--update-lock',
      '--db',
      db,
      '--concurrency',
      '4',
    );
    // Three of the four are not MCP servers: the run's code says so, as any fleet's does.
    expect(run.code, run.stderr).toBe(3);
    expect(reports).toHaveLength(4);
    // One line per server on stdout (its client and configuration file, its outcome and why),
    // then the run's summary at the end; each report is named after its server, beside the table.
    const cursorFile = join(home, '.cursor', 'mcp.json');
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(
      /^grade +crit +high +med +low +target +client +config file +outcome +since previous run +report$/,
    );
    for (const name of ['a', 'b', 'pinned', 'tls']) {
      const row = lines.filter((l) => l.includes(` ${name} `) && l.includes(`${name}.json`));
      expect(row, name).toHaveLength(1);
      expect(row[0]).toContain(`cursor`);
      expect(row[0]).toMatch(/ (\/|…)\S*\/\.cursor\/mcp\.json /);
    }
    expect(lines.find((l) => l.includes('tls.json'))).toMatch(
      /^N\/G .*not-mcp: it answers HTTP, but not MCP/,
    );
    expect(run.stdout).toMatch(/\nmcp-posture fleet run \S+: 4 targets[^]*took \d/);
    expect(files).toEqual(['a.json', 'b.json', 'index.json', 'pinned.json', 'tls.json']);
    expect(index.targets.total).toBe(4);
    expect(index.targets.items.map((r) => [r.name, r.client, r.configFile, r.report]).sort()).toEqual(
      ['a', 'b', 'pinned', 'tls'].map((n) => [n, 'cursor', cursorFile, n]),
    );
    // --ca-file: the TLS handshake with the test CA's server succeeds, so it gets HTTP requests.
    expect(tls.requests()).toBeGreaterThan(0);
    expect(byUrl.get(tls.url.replace('http://', 'https://'))?.outcome).toBe('not-mcp');
    // -H: every request to a discovered server carries the header (to its own origin only).
    for (const r of [a, b]) {
      expect(r.teams.length).toBeGreaterThan(0);
      expect(new Set(r.teams)).toEqual(new Set(['blue']));
    }
    // --concurrency 4: the two slow servers were scanned at the same time.
    expect(interleaved(a.arrivals, b.arrivals)).toBe(true);
    // --lock --update-lock: the reachable server is recorded under its identity.
    const entries = JSON.parse(readFileSync(lock, 'utf8')) as { targets: Record<string, unknown> };
    expect(Object.keys(entries.targets)).toEqual([pin.url]);
    // --db: every server is in the history database under its identity.
    const history = await openHistory(db);
    try {
      const rows = await history.db.selectFrom('targets').select(['url', 'source', 'name']).execute();
      expect(rows.map((r) => [r.url, r.source, r.name]).sort()).toEqual(
        [
          [a.server.url, 'discovered', 'a'],
          [b.server.url, 'discovered', 'b'],
          [pin.url, 'discovered', 'pinned'],
          [tls.url.replace('http://', 'https://'), 'discovered', 'tls'],
        ].sort(),
      );
    } finally {
      await history.close();
    }
  }, 120_000);

  it('--mode and --concurrency 1: every report passive, the servers scanned one after the other', async () => {
    const { run, reports } = await discovered(
      'out-2',
      '--mode',
      'passive',
      '--concurrency',
      '1',
      '--ca-file',
      caFile,
    );
    expect(run.code, run.stderr).toBe(3);
    expect(reports.map((r) => r.mode)).toEqual(['passive', 'passive', 'passive', 'passive']);
    expect(a.arrivals.length).toBeGreaterThan(0);
    expect(interleaved(a.arrivals, b.arrivals)).toBe(false);
  }, 120_000);

  it('without --ca-file the same server is not trusted, so nothing reaches it past the handshake', async () => {
    const before = tls.requests();
    const { byUrl } = await discovered('out-3');
    expect(tls.requests()).toBe(before);
    expect(byUrl.get(tls.url.replace('http://', 'https://'))?.outcome).toBe('unreachable');
  }, 120_000);

  it('refuses a token for discovered servers: it would go to every one of them', async () => {
    const run = await runCli(['scan', ...discovery(), '--token', 'secret']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--token does not apply to a fleet scan');
  });
});
