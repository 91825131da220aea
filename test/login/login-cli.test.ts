/**
 * The commands: `login URL --no-browser` (the printed URL is followed by the HTTP driver, as a user
 * would paste it), `scan URL --login` with the stored token, `logout URL` deleting the registered
 * client, and `login --format json` on a failure. The token store lives in a temporary directory
 * (MCP_POSTURE_CONFIG_DIR).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { main } from '../../src/cli/main.js';
import { startOidcProvider } from '../fixtures/servers/oidc.js';
import type { OidcServer } from '../fixtures/servers/oidc.js';
import { startResourceServer } from '../fixtures/servers/resource-server.js';
import type { ResourceServer } from '../fixtures/servers/resource-server.js';
import { httpDriver } from './drivers.js';

let oidc: OidcServer;
let rs: ResourceServer;
let dir: string;
const saved = process.env['MCP_POSTURE_CONFIG_DIR'];

beforeAll(async () => {
  oidc = await startOidcProvider();
  rs = await startResourceServer({ issuer: oidc.issuer });
  dir = mkdtempSync(join(tmpdir(), 'mcpp-login-cli-'));
  process.env['MCP_POSTURE_CONFIG_DIR'] = dir;
});

afterAll(async () => {
  if (saved === undefined) delete process.env['MCP_POSTURE_CONFIG_DIR'];
  else process.env['MCP_POSTURE_CONFIG_DIR'] = saved;
  await rs?.close();
  await oidc?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the CLI; a printed authorization URL is followed by the HTTP driver. */
async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const drives: Promise<unknown>[] = [];
  const text = (c: unknown): string => (typeof c === 'string' ? c : Buffer.from(c as Uint8Array).toString());
  const so = vi.spyOn(process.stdout, 'write').mockImplementation((c: unknown) => (out.push(text(c)), true));
  const se = vi.spyOn(process.stderr, 'write').mockImplementation((c: unknown) => {
    const t = text(c);
    err.push(t);
    const url = /Open this URL in a browser:\n {2}(\S+)/.exec(t)?.[1];
    if (url) drives.push(httpDriver(url));
    return true;
  });
  try {
    const code = await main(['node', 'mcp-posture', ...args]);
    await Promise.all(drives);
    return { code, stdout: out.join(''), stderr: err.join('') };
  } finally {
    so.mockRestore();
    se.mockRestore();
    process.exitCode = undefined;
  }
}

describe('login, scan --login, logout', () => {
  it('logs in, scans with the stored token, and logs out deleting the registered client', async () => {
    const r = await cli(['login', rs.url, '--no-browser', '--login-timeout', '15000']);
    expect(r.stderr).toContain('Open this URL in a browser');
    expect(r.stdout).toContain('✓ token');
    expect(r.stdout).toContain(`Logged in: a token for ${rs.url}`);
    expect(r.code).toBe(0);
    const file = join(dir, 'tokens.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as {
      logins: { accessToken: string; registration: { clientUri: string; accessToken: string } }[];
    };
    const token = stored.logins[0]!.accessToken;
    expect(r.stdout).not.toContain(token);

    const s = await cli(['scan', rs.url, '--login', '--format', 'json', '--timeout', '5000']);
    const report = JSON.parse(s.stdout) as { results: { checkId: string; status: string }[] };
    expect(report.results.filter((x) => x.checkId === 'MCPP-ASM08').map((x) => x.status)).toEqual(['pass']);
    expect(s.stdout).not.toContain(token);

    const registration = stored.logins[0]!.registration;
    const l = await cli(['logout', rs.url]);
    expect(l.stdout).toContain('registered client deleted');
    expect(existsSync(file)).toBe(false);
    const gone = await fetch(registration.clientUri, {
      headers: { authorization: `Bearer ${registration.accessToken}` },
    });
    expect(gone.status).toBe(401);

    const again = await cli(['scan', rs.url, '--login']);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`no stored login for ${rs.url}`);
  });

  it('prints a failed login as data with --format json, exit 1', async () => {
    const r = await cli([
      'login',
      rs.url,
      '--oauth-client-id',
      'conf-client',
      '--no-browser',
      '--format',
      'json',
    ]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as {
      ok: boolean;
      failure: { step: string; code: string; fix: string };
    };
    expect(report.ok).toBe(false);
    expect(report.failure.step).toBe('authorization');
    expect(report.failure.code).toBe('redirect-mismatch');
  });

  it('prints a failed login as a page with --format html: the chain, stopped at the authorization request', async () => {
    const r = await cli([
      'login',
      rs.url,
      '--oauth-client-id',
      'conf-client',
      '--no-browser',
      '--format',
      'html',
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^<!doctype html>/);
    expect(r.stdout).not.toContain('<script');
    expect(r.stdout).toContain('redirect-mismatch');
    expect(r.stdout).toMatch(/data-hop="authorization"[^>]*data-stopped="true"/);
    expect(r.stdout.match(/data-stopped=/g)).toHaveLength(1);
  });
});

describe('cimd lint', () => {
  it('lints a served document (exit 1 on a high finding) and a file with the URL it will have (exit 0)', async () => {
    const { createServer } = await import('node:http');
    const { writeFileSync } = await import('node:fs');
    const doc = createServer((_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ client_name: 'c', redirect_uris: ['http://127.0.0.1/cb'], client_secret: 'x' }),
        ),
    );
    await new Promise<void>((r) => doc.listen(0, '127.0.0.1', () => r()));
    try {
      const port = (doc.address() as { port: number }).port;
      const served = await cli(['cimd', 'lint', `http://127.0.0.1:${port}/client.json`, '--format', 'json']);
      expect(served.code).toBe(1);
      const report = JSON.parse(served.stdout) as {
        results: { checkId: string; status: string; key: string | null; severity: string | null }[];
      };
      expect(
        report.results.filter((f) => f.status === 'fail').map((f) => `${f.checkId}:${f.key}:${f.severity}`),
      ).toEqual([
        'MCPP-CIMD50:scheme:high',
        'MCPP-CIMD50:ip-literal:high',
        'MCPP-CIMD51:missing:high',
        'MCPP-CIMD52:client_id:medium',
        'MCPP-CIMD53:loopback-only:info',
        'MCPP-CIMD54:client_secret:critical',
        'MCPP-CIMD56:method-omitted:high',
        'MCPP-CIMD58:no-method:info',
      ]);
      // Served 200 JSON, small: CIMD57 passes; the fetch is the report's one exchange.
      expect(report.results.find((f) => f.checkId === 'MCPP-CIMD57')?.status).toBe('pass');
    } finally {
      await new Promise<void>((r) => doc.close(() => r()));
    }
    const url = 'https://client.example/mcp/client.json';
    const file = join(dir, 'client.json');
    writeFileSync(
      file,
      JSON.stringify({
        client_id: url,
        client_name: 'c',
        redirect_uris: ['https://client.example/cb'],
        token_endpoint_auth_method: 'none',
      }),
    );
    const ok = await cli(['cimd', 'lint', file, '--url', url]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/PASS \(\d+\)\n.*MCPP-CIMD51/);
    expect(ok.stdout).toContain('read from a file');
    const sarif = await cli(['cimd', 'lint', file, '--url', url, '--format', 'sarif']);
    expect(JSON.parse(sarif.stdout).version).toBe('2.1.0');
  });
});
