/**
 * Each way a login stops, against real software: oidc-provider (behind a small rewriting proxy
 * where the flaw is one oidc-provider cannot be configured to have) and the SDK resource server.
 * The interaction is driven over HTTP (./drivers.ts httpDriver); the Chromium run is
 * ./login.browser.test.ts. Each case asserts the step, the failure code and the message.
 */
import { createServer, request } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { loginTrustChain } from '../../src/login/chain.js';
import { login } from '../../src/login/flow.js';
import { freshLogin } from '../../src/login/session.js';
import type { LoginOptions } from '../../src/login/flow.js';
import type { StoredLogin } from '../../src/login/store.js';
import { CONF_CLIENT, CONF_SECRET, PUBLIC_CLIENT, startOidcProvider } from '../fixtures/servers/oidc.js';
import type { OidcToggles } from '../fixtures/servers/oidc.js';
import { startResourceServer } from '../fixtures/servers/resource-server.js';
import { httpDriver } from './drivers.js';

type Rewrite = 'wrong-iss' | 'no-s256' | 'stale-code';

/** A proxy in front of the provider: rewrites the `iss` of redirects, or drops S256 from the metadata. */
async function startProxy(
  rewrite: Rewrite,
): Promise<{ origin: string; setUpstream(o: string): void; close(): Promise<void> }> {
  let upstream = '';
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const target = new URL(req.url ?? '/', upstream);
    const up = request(target, { method: req.method, headers: req.headers }, (ur) => {
      const headers = { ...ur.headers };
      const chunks: Buffer[] = [];
      ur.on('data', (c: Buffer) => chunks.push(c));
      ur.on('end', () => {
        let body = Buffer.concat(chunks);
        if (
          rewrite === 'wrong-iss' &&
          typeof headers.location === 'string' &&
          headers.location.includes('iss=')
        ) {
          headers.location = headers.location.replace(
            /iss=[^&]*/,
            `iss=${encodeURIComponent('http://127.0.0.1:1/other')}`,
          );
        }
        if (
          rewrite === 'stale-code' &&
          typeof headers.location === 'string' &&
          headers.location.includes('code=')
        ) {
          // As a code that expired (or was used) before it was redeemed: the AS never issued this one.
          headers.location = headers.location.replace(/code=[^&]*/, 'code=expired-or-used-code');
        }
        if (rewrite === 'no-s256' && target.pathname.startsWith('/.well-known/')) {
          const json = JSON.parse(body.toString()) as Record<string, unknown>;
          delete json['code_challenge_methods_supported'];
          body = Buffer.from(JSON.stringify(json));
          headers['content-length'] = String(body.length);
        }
        res.writeHead(ur.statusCode ?? 502, headers).end(body);
      });
    });
    req.pipe(up);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    setUpstream: (o) => (upstream = o),
    close: async () => {
      const closed = new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections();
      await closed;
    },
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(toggles: OidcToggles = {}, rewrite?: Rewrite): Promise<{ url: string; issuer: string }> {
  const proxy = rewrite ? await startProxy(rewrite) : null;
  if (proxy) cleanups.push(() => proxy.close());
  const oidc = await startOidcProvider({ toggles, ...(proxy ? { publicOrigin: proxy.origin } : {}) });
  cleanups.push(() => oidc.close());
  proxy?.setUpstream(oidc.origin);
  const rs = await startResourceServer({ issuer: oidc.issuer });
  cleanups.push(() => rs.close());
  return { url: rs.url, issuer: oidc.issuer };
}

function opts(url: string, extra: Partial<LoginOptions> = {}): LoginOptions & { opened: string[] } {
  const opened: string[] = [];
  return {
    url,
    timeoutMs: 10_000,
    requestTimeoutMs: 5_000,
    openUrl: async (u) => {
      opened.push(u);
      await httpDriver(u);
    },
    ...extra,
    opened,
  };
}

function stopped(r: Awaited<ReturnType<typeof login>>): string {
  return `${r.report.failure?.step}:${r.report.failure?.code}`;
}

describe('login failures, each at its step', () => {
  it('passes with the HTTP driver and a pre-registered public client on any loopback port (the control)', async () => {
    const { url } = await setup();
    const o = opts(url, { clientId: PUBLIC_CLIENT });
    const r = await login(o);
    expect(r.report.failure).toBeNull();
    expect(r.report.client).toEqual({ kind: 'pre-registered', clientId: PUBLIC_CLIENT });
    expect(r.login?.accessToken).toBeTruthy();
    expect(o.opened).toHaveLength(1);
  });

  it('stops at the callback when the iss of the response is not the issuer (RFC 9207)', async () => {
    const { url, issuer } = await setup({}, 'wrong-iss');
    const r = await login(opts(url));
    expect(stopped(r)).toBe('callback:iss-mismatch');
    expect(r.report.failure?.message).toContain('http://127.0.0.1:1/other');
    expect(r.report.failure?.message).toContain(issuer);
    expect(r.login).toBeNull();
    // No token request after a mismatched iss.
    expect(r.report.exchanges.some((x) => x.probe === 'l.token')).toBe(false);
  });

  it('stops at the token request when the code is not redeemable (an expired or used code: invalid_grant)', async () => {
    const { url } = await setup({}, 'stale-code');
    const r = await login(opts(url));
    expect(stopped(r)).toBe('token:token-rejected');
    expect(r.report.failure?.message).toMatch(/the token endpoint answered 400 invalid_grant/);
    expect(r.report.failure?.fix).toContain('invalid_grant');
    // The failing exchange is the token request, and its record holds no verifier.
    const x = r.report.exchanges.find((e) => e.id === r.report.failure?.exchange);
    expect(x?.probe).toBe('l.token');
    expect(x?.request.body).toMatch(/code_verifier=%5BREDACTED%5D|code_verifier=\[REDACTED\]/);
  });

  it('stops at the AS metadata when it does not list S256, before any registration or browser', async () => {
    const { url } = await setup({}, 'no-s256');
    const o = opts(url);
    const r = await login(o);
    expect(stopped(r)).toBe('as-metadata:pkce-s256-missing');
    expect(r.report.failure?.message).toContain('code_challenge_methods_supported');
    expect(r.report.failure?.clause).toContain('Authorization Code Protection');
    expect(o.opened).toEqual([]);
    expect(r.report.exchanges.some((x) => x.probe === 'l.register')).toBe(false);
  });

  it('stops at the authorization request when the redirect URI is not registered, and never opens the browser', async () => {
    const { url } = await setup();
    const o = opts(url, { clientId: CONF_CLIENT, clientSecret: CONF_SECRET });
    const r = await login(o);
    expect(stopped(r)).toBe('authorization:redirect-mismatch');
    expect(r.report.failure?.message).toContain(r.report.redirectUri!);
    expect(o.opened).toEqual([]);
    // Nothing was ever sent to the client's registered redirect host.
    expect(r.report.exchanges.every((x) => !x.request.url.includes('client.example'))).toBe(true);
  });

  it('stops at the callback after the timeout, and closes the listener', async () => {
    const { url } = await setup();
    const r = await login(opts(url, { timeoutMs: 300, openUrl: () => {} }));
    expect(stopped(r)).toBe('callback:callback-timeout');
    expect(r.report.failure?.message).toMatch(
      /no callback reached http:\/\/127\.0\.0\.1:\d+\/callback within 0 s/,
    );
    const port = Number(new URL(r.report.redirectUri!).port);
    const refused = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1');
      s.once('connect', () => (s.destroy(), resolve(false)));
      s.once('error', () => resolve(true));
    });
    expect(refused).toBe(true);
  });

  it('stops at the client when registration is closed and no client is given', async () => {
    const { url } = await setup({ reg: 'closed' });
    const r = await login(opts(url));
    expect(stopped(r)).toBe('client:registration-rejected');
    expect(r.report.failure?.message).toMatch(/registration is protected: it answered 401 .*invalid_token/);
  });

  it('stops at the client when registration is off and no client is given', async () => {
    const { url } = await setup({ reg: 'off' });
    const r = await login(opts(url));
    expect(stopped(r)).toBe('client:no-client-identity');
  });

  it('uses the callback host and port asked for', async () => {
    const { url } = await setup({ reg: 'off' });
    const r = await login(opts(url, { callbackHost: 'localhost' }));
    expect(r.report.redirectUri).toMatch(/^http:\/\/localhost:\d+\/callback$/);
  });

  it('blocks a client metadata document that fails a high CIMD lint rule, before any authorization request', async () => {
    const { url } = await setup({ cimd: true });
    const doc = createServer((_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ client_name: 'x', redirect_uris: ['http://127.0.0.1/callback'] })),
    );
    await new Promise<void>((r) => doc.listen(0, '127.0.0.1', () => r()));
    cleanups.push(() => new Promise<void>((r) => doc.close(() => r())));
    const docUrl = `http://127.0.0.1:${(doc.address() as AddressInfo).port}/client.json`;
    const o = opts(url, { clientMetadataUrl: docUrl });
    const r = await login(o);
    expect(stopped(r)).toBe('client:cimd-lint-failed');
    expect(r.report.failure?.message).toContain('MCPP-CIMD50 (scheme)');
    expect(r.report.failure?.message).toContain('MCPP-CIMD51 (missing)');
    expect(r.report.exchanges.some((x) => x.probe === 'l.authorize')).toBe(false);
    expect(o.opened).toEqual([]);
  });
});

/** A fixture MCP endpoint at /mcp: POST answered by `answer`, everything else 404. */
async function endpoint(answer: (origin: string, res: ServerResponse) => void): Promise<string> {
  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/mcp') return answer(origin, res);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
  return `${origin}/mcp`;
}

describe('login labels that are never wrong', () => {
  it('an endpoint that answers 200 without a challenge: the challenge step is the one marked failed', async () => {
    const url = await endpoint((_o, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":1,"result":{}}'),
    );
    const r = await login(opts(url));
    expect(stopped(r)).toBe('challenge:no-challenge');
    expect(r.report.steps.find((s) => s.step === 'challenge')).toMatchObject({
      status: 'failed',
      detail: 'answered 200 without a challenge',
    });
  });

  it('a challenge that names the well-known metadata URL: each URL tried is listed once', async () => {
    const url = await endpoint((origin, res) =>
      res
        .writeHead(401, {
          'www-authenticate': `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`,
        })
        .end(),
    );
    const r = await login(opts(url));
    expect(stopped(r)).toBe('resource-metadata:no-resource-metadata');
    const listed = r.report.failure!.message.replace('no protected-resource metadata at ', '').split(', ');
    expect(listed.length).toBeGreaterThan(0);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('the registration hop of a login that registered shows the registration endpoint beside its status', async () => {
    const { url } = await setup();
    const r = await login(opts(url));
    expect(r.report.failure).toBeNull();
    const hop = loginTrustChain(r.report).hops.find((h) => h.id === 'registration')!;
    expect(hop.status).toBe('HTTP 201');
    expect(hop.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.*reg/);
  });
});

describe('refresh', () => {
  const stored: StoredLogin = {
    resource: 'http://127.0.0.1:9/mcp',
    target: 'http://127.0.0.1:9/mcp',
    issuer: 'http://127.0.0.1:9',
    tokenEndpoint: 'http://127.0.0.1:9/token',
    clientId: 'c',
    clientKind: 'pre-registered',
    accessToken: 'a'.repeat(40),
    expiresAt: 1_000_000,
    createdAt: 0,
  };

  it('hands out a token that is not about to expire as it is, with no request', async () => {
    const r = await freshLogin(stored, { now: () => 0 });
    expect(r).toEqual({ login: stored, failure: null, refreshed: false });
  });

  it('refuses an expired token without a refresh token, and says to log in again', async () => {
    const r = await freshLogin(stored, { now: () => 2_000_000 });
    expect(r.login).toBeNull();
    expect(r.failure?.code).toBe('refresh-failed');
    expect(r.failure?.fix).toContain('mcp-posture login');
  });

  it('refreshes at the token endpoint and reports the rejection of a bad refresh token', async () => {
    const { issuer } = await setup();
    const r = await freshLogin(
      {
        ...stored,
        issuer,
        tokenEndpoint: `${issuer}/token`,
        target: issuer,
        clientId: PUBLIC_CLIENT,
        refreshToken: 'not-a-refresh-token',
      },
      { now: () => 2_000_000 },
    );
    expect(r.refreshed).toBe(true);
    expect(r.failure?.code).toBe('refresh-failed');
    expect(r.failure?.message).toContain('invalid_grant');
  });
});
