/**
 * `doctor` through the real CLI against fixture servers with known verdicts: a server whose 401
 * advertises a PRM it never serves blocks Zed at the PRM layer; a plain loopback http server lets
 * Cursor connect and blocks ChatGPT by its own https rule. With the scan's credentials (`--token-env`,
 * `-H`, a config target's `tokenEnv`) the wall opens and the transport behind it is decided; the
 * Markdown block shows the exchanges with the token redacted.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

describe('doctor with credentials and config', () => {
  const TOKEN_ENV = 'MCP_POSTURE_DOCTOR_TEST_TOKEN';

  it('without a token the transport behind the 401 is unknown; --token-env and -H decide it', async () => {
    const before = await runCli(['doctor', walled.url, '--client', 'windsurf', ...FAST]);
    expect(before.code, before.stderr).toBe(1);
    expect(before.stdout).toMatch(/Windsurf: unknown|cannot be decided|not decid/i);
    process.env[TOKEN_ENV] = 'secret-token';
    try {
      const env = await runCli([
        'doctor',
        walled.url,
        '--client',
        'windsurf',
        '--token-env',
        TOKEN_ENV,
        ...FAST,
      ]);
      expect(env.code, env.stdout + env.stderr).toBe(0);
      expect(env.stdout).toContain('Windsurf can connect and log in.');
    } finally {
      delete process.env[TOKEN_ENV];
    }
    const header = await runCli([
      'doctor',
      walled.url,
      '--client',
      'windsurf',
      '-H',
      'Authorization: Bearer secret-token',
      ...FAST,
    ]);
    expect(header.code, header.stdout + header.stderr).toBe(0);
    // A named but empty variable is a usage error, as for scan.
    const unset = await runCli(['doctor', walled.url, '--token-env', TOKEN_ENV, ...FAST]);
    expect(unset.code).toBe(2);
    expect(unset.stderr).toMatch(/environment variable .* is empty or unset/);
  });

  it('a config target by name brings its tokenEnv; markdown keeps the exchanges, token redacted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'doctor-'));
    const config = join(dir, 'mcp-posture.config.json');
    writeFileSync(
      config,
      JSON.stringify({ targets: [{ name: 'walled', url: walled.url, tokenEnv: TOKEN_ENV }] }),
    );
    process.env[TOKEN_ENV] = 'secret-token';
    try {
      const run = await runCli([
        'doctor',
        'walled',
        '--config',
        config,
        '--client',
        'zed',
        '--format',
        'markdown',
        ...FAST,
      ]);
      expect(run.stdout, run.stderr).toContain('**Zed: blocked.**');
      expect(run.stdout).toMatch(/<details><summary>exchange x\d+<\/summary>/);
      expect(run.stdout).not.toContain('secret-token');
      const windsurf = await runCli([
        'doctor',
        'walled',
        '--config',
        config,
        '--client',
        'windsurf',
        ...FAST,
      ]);
      expect(windsurf.code, windsurf.stdout + windsurf.stderr).toBe(0);
    } finally {
      delete process.env[TOKEN_ENV];
    }
  });
});
