/**
 * Credentials in client configurations (issue 24, item 2): `scan --discovered` reports a literal
 * secret in a config (MCPP-CFG01) by file, server and key, never by value, in every format; it
 * sends no configured header unless `--use-config-credentials` is given, and then each server gets
 * its own entry's headers only. The servers are fixtures on 127.0.0.1 that record what arrives.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadFormats } from '../../src/report/format-loader.js';
import type { FormatName } from '../../src/report/format-spec.js';
import { FORMAT_NAMES } from '../../src/report/format-spec.js';
import { parseReport } from '../../src/report/parse-report.js';
import { runCli } from '../helpers/cli.js';
import type { RawServer } from '../helpers/raw-servers.js';
import { startRawServer } from '../helpers/raw-servers.js';

const root = mkdtempSync(join(tmpdir(), 'mcpp-config-credentials-'));
const home = join(root, 'home');
const project = join(root, 'project');

/** The literal secret of server `a`'s config entry, and the one `b` refers to by environment variable. */
const SECRET_A = 'ghp_LiteralSecretOfServerA0123456789';
const SECRET_B = 'b-key-from-the-environment-98765';

interface Recorder {
  readonly server: RawServer;
  /** The credential headers of each request, as they arrived. */
  readonly seen: { authorization?: string; apiKey?: string }[];
}

async function recorder(): Promise<Recorder> {
  const seen: Recorder['seen'] = [];
  const server = await startRawServer((req, res) => {
    seen.push({
      ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
      ...(req.headers['x-api-key'] ? { apiKey: req.headers['x-api-key'] as string } : {}),
    });
    req.resume();
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not_found"}');
  });
  return { server, seen };
}

let a: Recorder;
let b: Recorder;

beforeAll(async () => {
  [a, b] = await Promise.all([recorder(), recorder()]);
  const file = join(home, '.cursor', 'mcp.json');
  mkdirSync(dirname(file), { recursive: true });
  mkdirSync(project, { recursive: true });
  writeFileSync(
    file,
    JSON.stringify({
      mcpServers: {
        a: { url: a.server.url, headers: { Authorization: `Bearer ${SECRET_A}` } },
        b: { url: b.server.url, headers: { 'X-API-Key': '${env:MCPP_TEST_B_KEY}' } },
      },
    }),
  );
  process.env['MCPP_TEST_B_KEY'] = SECRET_B;
});

afterAll(async () => {
  delete process.env['MCPP_TEST_B_KEY'];
  await Promise.all([a?.server.close(), b?.server.close()]);
  rmSync(root, { recursive: true, force: true });
});

/** A fleet streams per-target files; SARIF and JUnit combine targets, so they are rendered from each JSON report. */
const COMBINED: readonly FormatName[] = ['sarif', 'junit'];
const STREAMED = FORMAT_NAMES.filter((f) => !COMBINED.includes(f));

async function combined(jsonTexts: readonly string[]): Promise<string[]> {
  const specs = await loadFormats(COMBINED);
  const reports = jsonTexts.map((t, i) => parseReport(t, `report ${i}`));
  return COMBINED.map((f) =>
    specs.get(f)!.render(reports, { anchor: { file: 'mcp.json', line: () => 1 }, color: false }),
  );
}

type Report = {
  target: { url: string };
  results: {
    checkId: string;
    status: string;
    key: string | null;
    severity: string;
    location: string;
    message: string;
  }[];
};

async function scan(out: string, ...flags: string[]) {
  a.seen.length = 0;
  b.seen.length = 0;
  const dir = join(root, out);
  const run = await runCli([
    'scan',
    '--discovered',
    '--home',
    home,
    '--project',
    project,
    '--no-progress',
    '--format',
    STREAMED.join(','),
    '--output-dir',
    dir,
    '--fail-on',
    'none',
    ...flags,
  ]);
  // The recorders are not MCP servers: the run's code says so, as any fleet's does.
  expect(run.code, run.stderr).toBe(3);
  const names = readdirSync(dir);
  // index.* is the run's per-target table (html, md, json, txt), beside the reports.
  const jsonTexts = names
    .filter((f) => f.endsWith('.json') && f !== 'index.json')
    .map((f) => readFileSync(join(dir, f), 'utf8'));
  const files = [...names.map((f) => readFileSync(join(dir, f), 'utf8')), ...(await combined(jsonTexts))];
  const reports = jsonTexts.map((t) => JSON.parse(t) as Report);
  const cfg = (url: string) =>
    reports
      .find((r) => r.target.url === url)!
      .results.filter((r) => r.checkId === 'MCPP-CFG01')
      .map((r) => [r.status, r.key, r.severity]);
  return { run, files, reports, cfg };
}

describe('credentials in client configurations', () => {
  it('without the flag: nothing configured is sent, the literal secret is named (never its value), the unused credentials are said', async () => {
    const { run, files, reports, cfg } = await scan('out-plain');
    expect(reports).toHaveLength(2);
    expect(a.seen.length).toBeGreaterThan(0);
    expect(b.seen.length).toBeGreaterThan(0);
    expect([...a.seen, ...b.seen].filter((s) => s.authorization || s.apiKey)).toEqual([]);
    expect(cfg(a.server.url)).toEqual([
      ['fail', 'literal-secret', 'medium'],
      ['fail', 'credentials-unused', 'info'],
    ]);
    expect(cfg(b.server.url)).toEqual([['fail', 'credentials-unused', 'info']]);
    const literal = reports
      .find((r) => r.target.url === a.server.url)!
      .results.find((r) => r.key === 'literal-secret')!;
    expect(literal.message).toContain('server `a` in');
    expect(literal.message).toContain(join(home, '.cursor', 'mcp.json'));
    expect(literal.message).toContain('header `Authorization`');
    // Every format of every report, and the run's own output: the values appear nowhere.
    expect(files.length).toBe(2 * STREAMED.length + 4 + COMBINED.length);
    for (const text of [...files, run.stdout, run.stderr]) {
      expect(text).not.toContain(SECRET_A);
      expect(text).not.toContain(SECRET_B);
    }
  }, 120_000);

  it('--use-config-credentials: each server gets its own configured header, and only its own', async () => {
    const { run, files, cfg } = await scan('out-creds', '--use-config-credentials');
    expect(a.seen.length).toBeGreaterThan(0);
    expect(b.seen.length).toBeGreaterThan(0);
    expect(new Set(a.seen.map((s) => s.authorization))).toEqual(new Set([`Bearer ${SECRET_A}`]));
    expect(a.seen.filter((s) => s.apiKey)).toEqual([]);
    expect(new Set(b.seen.map((s) => s.apiKey))).toEqual(new Set([SECRET_B]));
    expect(b.seen.filter((s) => s.authorization)).toEqual([]);
    // Sent, not unused; the literal secret is still a finding. Recorded exchanges are redacted.
    expect(cfg(a.server.url)).toEqual([['fail', 'literal-secret', 'medium']]);
    // Nothing passes on a target that was not reached (the recorders are not MCP): no finding for b.
    expect(cfg(b.server.url)).toEqual([['not_applicable', null, null]]);
    for (const text of [...files, run.stdout, run.stderr]) {
      expect(text).not.toContain(SECRET_A);
      expect(text).not.toContain(SECRET_B);
    }
  }, 120_000);

  it('--use-config-credentials needs --discovered', async () => {
    const r = await runCli(['scan', 'http://127.0.0.1:9/mcp', '--use-config-credentials']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--use-config-credentials needs --discovered');
  });
});
