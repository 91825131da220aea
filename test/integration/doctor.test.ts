/**
 * `doctor` through the real CLI against fixture servers with known verdicts: a server whose 401
 * advertises a PRM it never serves blocks Zed at the PRM layer; a plain loopback http server lets
 * Cursor connect and blocks ChatGPT by its own https rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startFixtureServer } from '../../src/demo/fixture-server.js';
import type { FixtureServer } from '../../src/demo/fixture-server.js';
import { runCli, STACK_TRACE } from '../helpers/cli.js';

const FAST = ['--timeout', '1000'];
let open: FixtureServer;
let walled: FixtureServer;

beforeAll(async () => {
  open = await startFixtureServer({});
  walled = await startFixtureServer({ requireAuth: 'secret-token' });
});

afterAll(async () => {
  await open.close();
  await walled.close();
});

describe('doctor', () => {
  it('a server without its PRM: Zed is blocked, the layer is the PRM, with the next step', async () => {
    const run = await runCli(['doctor', walled.url, '--client', 'zed', ...FAST]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain('Zed cannot connect or log in.');
    expect(run.stdout).toMatch(/^ {2}layer: PRM$/m);
    expect(run.stdout).toMatch(/^ {2}next step: \S/m);
    // One client asked about: one answer.
    expect(run.stdout).not.toContain('Cursor');
  });

  it('a client that connects, and one blocked by its own rule', async () => {
    const ok = await runCli(['doctor', open.url, '--client', 'cursor', ...FAST]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('Cursor can connect and log in.');
    expect(ok.stdout).toContain('next step: Nothing to do');
    const https = await runCli(['doctor', open.url, '--client', 'chatgpt', ...FAST]);
    expect(https.code).toBe(1);
    expect(https.stdout).toMatch(/^ {2}layer: client's own rule$/m);
    expect(https.stdout).toContain('why: The endpoint is http, not https.');
  });

  it('--format markdown: a block for an issue tracker with the exchanges that prove it', async () => {
    const run = await runCli(['doctor', walled.url, '--client', 'zed', '--format', 'markdown', ...FAST]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('**Zed: blocked.**');
    expect(run.stdout).toContain('- Layer: PRM');
    expect(run.stdout).toMatch(
      /<details><summary>exchange x\d+<\/summary>\n\n```+text\nGET http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource/,
    );
    expect(run.stdout).toMatch(/\nHTTP 404\n/);
  });

  it('every client when none is named; an unknown client is a usage error', async () => {
    const all = await runCli(['doctor', open.url, ...FAST]);
    for (const name of ['Claude Code', 'ChatGPT', 'Cursor', 'Windsurf']) expect(all.stdout).toContain(name);
    const bad = await runCli(['doctor', open.url, '--client', 'netscape']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown client "netscape"/);
    expect(bad.stderr).not.toMatch(STACK_TRACE);
  });
});
