/**
 * `--clients` and `--fail-on-client` through the real CLI against the loopback fixture server:
 * over http on 127.0.0.1, Claude (reached from Anthropic's cloud) and ChatGPT (https only) are
 * blocked, Cursor connects.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CLIENT_PROFILES } from '../../src/clients/profiles/index.js';
import { startFixtureServer } from '../../src/demo/fixture-server.js';
import type { FixtureServer } from '../../src/demo/fixture-server.js';
import type { ScanReport } from '../../src/report/model.js';
import { runCli, STACK_TRACE } from '../helpers/cli.js';
import { validateReport } from '../helpers/schema.js';

const FAST = ['--timeout', '1000', '--scan-timeout', '8000', '--fail-on', 'critical'];

let server: FixtureServer;
let dir: string;

beforeAll(async () => {
  server = await startFixtureServer({});
  dir = mkdtempSync(join(tmpdir(), 'mcpp-clients-'));
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function report(json: string): ScanReport {
  expect(validateReport(json)).toEqual([]);
  return JSON.parse(json) as ScanReport;
}

describe('cli: --clients', () => {
  it('limits the matrix to the clients named, in report order', async () => {
    const run = await runCli(['scan', server.url, ...FAST, '-f', 'json', '--clients', 'cursor,Claude']);
    expect(run.code, run.stderr).toBe(0);
    const r = report(run.stdout);
    expect(r.clients?.map((c) => [c.id, c.verdict])).toEqual([
      ['claude', 'blocked'],
      ['cursor', 'connects'],
    ]);
  });

  it('refuses an unknown client with a usage error listing the valid ids', async () => {
    const run = await runCli(['scan', server.url, ...FAST, '--clients', 'cursor,netscape']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/unknown client "netscape"/);
    for (const p of CLIENT_PROFILES) expect(run.stderr).toContain(p.id);
    expect(run.stderr).not.toMatch(STACK_TRACE);
  });
});

describe('cli: --fail-on-client', () => {
  it('passes the gate without it, and when the clients named connect', async () => {
    expect((await runCli(['scan', server.url, ...FAST])).code).toBe(0);
    const run = await runCli(['scan', server.url, ...FAST, '--fail-on-client', 'cursor,vscode']);
    expect(run.code, run.stderr).toBe(0);
  });

  it('fails with the --fail-on code when a client named is blocked', async () => {
    const run = await runCli(['scan', server.url, ...FAST, '--fail-on-client', 'cursor,chatgpt']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/ChatGPT +blocked +The endpoint is http, not https\./);
  });

  it('keeps a client it names in a matrix --clients limits', async () => {
    const run = await runCli([
      'scan',
      server.url,
      ...FAST,
      '-f',
      'json',
      '--clients',
      'cursor',
      '--fail-on-client',
      'chatgpt',
    ]);
    expect(run.code).toBe(1);
    expect(report(run.stdout).clients?.map((c) => c.id)).toEqual(['chatgpt', 'cursor']);
  });

  it('gates `evaluate` of saved evidence the same way', async () => {
    const bundle = join(dir, 'evidence.json');
    const scan = await runCli(['scan', server.url, ...FAST, '--save-evidence', bundle, '-f', 'json']);
    expect(scan.code, scan.stderr).toBe(0);
    expect((await runCli(['evaluate', bundle, '--fail-on', 'critical'])).code).toBe(0);
    const run = await runCli(['evaluate', bundle, '--fail-on', 'critical', '--fail-on-client', 'claude']);
    expect(run.code).toBe(1);
  });
});
