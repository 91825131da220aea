/**
 * The OAuth discovery probes against real components: oidc-provider 9.13.3 as
 * the authorization server and an SDK 1.x resource server, through the real
 * HTTP client. The detection ladder runs first (as in a scan) and its 401s feed
 * probeAuth. Each resource-server flaw must be visible in the evidence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AuthDiscovery, DocumentFetch } from '../../src/evidence/auth-types.js';
import type { HttpExchange, Mode, Probe, HttpReply } from '../../src/evidence/types.js';
import { asMetadataUrls } from '../../src/probe/auth/as-metadata.js';
import { AUTH_PLAN } from '../../src/probe/auth/plan.js';
import { probeAuth } from '../../src/probe/auth/probe-auth.js';
import { wellKnownPrmUrls } from '../../src/probe/auth/prm.js';
import { HANDSHAKE, MODERN, streamableHttpChannel } from '../../src/probe/channel/streamable-http.js';
import { startLadder } from '../../src/probe/detect.js';
import { ScanCredentials } from '../../src/probe/credentials.js';
import { createHttpClient } from '../../src/probe/http/client.js';
import { RpcIds } from '../../src/probe/mcp-messages.js';
import { REVISIONS } from '../../src/spec/revisions.js';
import { isTargetError, parseHttpTarget } from '../../src/targets/target.js';
import type { Revision } from '../../src/spec/revisions.js';
import { startAsVariant } from '../fixtures/servers/as-variants.js';
import type { AsVariantOptions } from '../fixtures/servers/as-variants.js';
import { clientCredentialsToken, startOidcProvider } from '../fixtures/servers/oidc.js';
import type { OidcServer } from '../fixtures/servers/oidc.js';
import { startResourceServer } from '../fixtures/servers/resource-server.js';
import type { ResourceServerFlaws, ResourceServerOptions } from '../fixtures/servers/resource-server.js';

/** Behind a wall without a token every revision with authorization stays a candidate. */
const WALL: Revision[] = ['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'];

interface Run {
  readonly d: AuthDiscovery;
  readonly url: string;
  readonly prmUrl: string;
  readonly exchanges: readonly HttpExchange[];
  readonly ladderRequests: number;
}

async function discover(
  rsOpts: ResourceServerOptions,
  opts: {
    mode?: Mode;
    candidates?: Revision[];
    token?: string | ((resource: string) => Promise<string>);
  } = {},
): Promise<Run & { token: string | null }> {
  const rs = await startResourceServer(rsOpts);
  const target = parseHttpTarget(rs.url);
  if (isTargetError(target)) throw new Error(target.error);
  const token = typeof opts.token === 'function' ? await opts.token(rs.url) : (opts.token ?? null);
  const credentials = new ScanCredentials(token ? { token } : {}, target.origin);
  const client = createHttpClient({
    target: target.url,
    allowPrivate: false,
    requestTimeoutMs: 5_000,
    ...(credentials.present ? { credentials: credentials.forClient() } : {}),
  });
  try {
    const ids = new RpcIds();
    const ladder = await startLadder(
      {
        modern: streamableHttpChannel(client, rs.url, MODERN),
        handshake: streamableHttpChannel(client, rs.url, HANDSHAKE),
      },
      ids,
    ).result;
    const probes: Probe<HttpReply>[] = [ladder.discover, ...ladder.inits.map((i) => i.probe)];
    const challengeReplies = probes.flatMap((p) =>
      p.kind === 'ok' && (p.value.status === 401 || p.value.status === 403) ? [p.value] : [],
    );
    const ladderRequests = client.exchanges().length;
    const d = await probeAuth({
      client,
      target,
      ids,
      mode: opts.mode ?? 'safe',
      targetScope: 'loopback',
      challengeReplies,
      candidates: opts.candidates ?? WALL,
      credentials,
    });
    return { d, url: rs.url, prmUrl: rs.prmUrl, exchanges: client.exchanges(), ladderRequests, token };
  } finally {
    await client.close();
    await rs.close();
  }
}

function ok<T>(p: Probe<T>): T {
  if (p.kind !== 'ok') throw new Error(`expected an ok probe, got ${JSON.stringify(p)}`);
  return p.value;
}

function status(p: Probe<HttpReply> | Probe<DocumentFetch>): number | string {
  return p.kind === 'ok' ? p.value.status : p.kind;
}

function prmDoc(run: Run): Record<string, unknown> {
  const found = run.d.prm.find((c) => c.fetch.kind === 'ok' && c.fetch.value.status === 200);
  if (!found) throw new Error('no PRM found');
  return ok(found.fetch).json as Record<string, unknown>;
}

function anonymousBearer(run: Run) {
  const anon = run.d.challenges.filter((c) => !c.credentialsSent);
  expect(anon.length).toBeGreaterThan(0);
  return anon.map((c) => {
    expect(c.parseError).toBeNull();
    const bearer = c.challenges?.find((ch) => ch.scheme === 'bearer');
    expect(bearer).toBeDefined();
    return bearer!.params;
  });
}

describe('OAuth discovery against oidc-provider and an SDK resource server', () => {
  let as: OidcServer;
  beforeAll(async () => {
    as = await startOidcProvider();
  });
  afterAll(async () => {
    await as.close();
  });
  const flawed = (flaws: ResourceServerFlaws, opts?: Parameters<typeof discover>[1]) =>
    discover({ issuer: as.issuer, flaws }, opts);

  it('observes the good configuration end to end', async () => {
    const run = await discover({ issuer: as.issuer });
    const { d, url, prmUrl } = run;

    // Every ladder request was challenged; the challenge parses, names PRM and scope, carries no error.
    expect(d.challenges.filter((c) => c.probe.startsWith('p.')).length).toBe(5);
    for (const params of anonymousBearer(run)) {
      expect(params).toEqual({ resource_metadata: prmUrl, scope: 'mcp:tools' });
    }

    // PRM: challenge URL and path-inserted are the same document; the root 404s.
    expect(d.prm.map((c) => [c.source, c.url])).toEqual([
      ['challenge', prmUrl],
      ['path-inserted', prmUrl],
      ['root', new URL('/.well-known/oauth-protected-resource', url).href],
    ]);
    expect(ok(d.prm[0]!.fetch).exchange).toBe(ok(d.prm[1]!.fetch).exchange);
    expect(ok(d.prm[1]!.fetch)).toMatchObject({ status: 200, mediaType: 'application/json', hops: [] });
    expect(prmDoc(run)).toMatchObject({ resource: url, authorization_servers: [as.issuer] });
    expect(status(d.prm[2]!.fetch)).toBe(404);
    expect(d.prm.every((c) => c.signed === null)).toBe(true);

    // The AS: found with its RFC 8414 metadata, issuer identical; open DCR answers the bad body with 400.
    expect(d.authorizationServers).toHaveLength(1);
    const server = d.authorizationServers[0]!;
    expect(server).toMatchObject({ issuer: as.issuer, via: 'prm' });
    expect(server.attempts.map((a) => a.kind)).toEqual(['oauth']);
    expect(server.found?.attempt).toBe(0);
    expect(server.found?.metadata['issuer']).toBe(as.issuer);
    expect(status(server.dcrMalformed)).toBe(400);
    expect(server.addresses.find((a) => a.role === 'issuer')).toMatchObject({
      addresses: ['127.0.0.1'],
      scope: 'loopback',
    });
    expect(server.addresses.map((a) => a.role)).toEqual(
      expect.arrayContaining(['token_endpoint', 'jwks_uri']),
    );

    // Safe probes: garbage token 401 invalid_token; every method and verb refused anonymously.
    expect(status(d.garbageToken)).toBe(401);
    const garbage = d.challenges.find((c) => c.probe === 's.token.garbage');
    expect(garbage?.credentialsSent).toBe(true);
    expect(garbage?.challenges?.[0]?.params['error']).toBe('invalid_token');
    expect(d.methodsNoAuth.map((m) => [m.method, status(m.probe)])).toEqual(
      [
        'initialize',
        'server/discover',
        'tools/list',
        'prompts/list',
        'resources/list',
        'tools/call',
        'GET',
        'DELETE',
      ].map((m) => [m, 401]),
    );
    for (const m of d.methodsNoAuth) {
      const ex = run.exchanges.find((x) => x.id === ok(m.probe).exchange);
      expect(ex?.request.headers['authorization']).toBeUndefined();
    }

    // Forwarding headers change nothing.
    const fwd = run.exchanges.find((x) => x.id === ok(d.forwarded.challenge).exchange)!;
    expect(fwd.request.headers['x-forwarded-host']).toBe('evil.example');
    expect(fwd.response?.headers['www-authenticate']?.join()).not.toContain('evil.example');
    expect(d.forwarded.prm).toHaveLength(1);
    expect(d.forwarded.prm[0]!.url).toBe(prmUrl);
    expect((ok(d.forwarded.prm[0]!.fetch).json as Record<string, unknown>)['resource']).toBe(url);

    expect(d.addresses).toEqual([
      { role: 'resource_metadata', url: prmUrl, addresses: ['127.0.0.1'], scope: 'loopback' },
      { role: 'authorization_servers[0]', url: as.issuer, addresses: ['127.0.0.1'], scope: 'loopback' },
    ]);
    expect(d.legacyBase).toBeNull();
    expect(d).toMatchObject({ tokenKind: 'none', tokenClaims: null });

    // Every request is labelled with a planned probe ID.
    const planned = new Set(AUTH_PLAN.map((p) => p.probe));
    const authExchanges = run.exchanges.slice(run.ladderRequests);
    expect(authExchanges.map((x) => x.probe).filter((p) => !planned.has(p))).toEqual([]);
    expect(authExchanges.every((x) => x.purpose.length > 10)).toBe(true);
    // The count the issue note quotes: the ladder, then the discovery chain.
    console.log(
      `good configuration: ${run.exchanges.length} requests (ladder ${run.ladderRequests}, OAuth ${authExchanges.length})`,
    );
    expect(authExchanges).toHaveLength(15);
  });

  it('passive mode sends no safe probe', async () => {
    const run = await discover({ issuer: as.issuer }, { mode: 'passive' });
    expect(run.d.garbageToken).toMatchObject({ kind: 'skipped', reason: 'mode_disabled' });
    expect(run.d.forwarded).toEqual({
      challenge: { kind: 'skipped', reason: 'mode_disabled', detail: 'needs --mode safe' },
      prm: [],
    });
    expect(run.d.methodsNoAuth).toEqual([]);
    expect(run.d.authorizationServers[0]!.dcrMalformed).toMatchObject({
      kind: 'skipped',
      reason: 'mode_disabled',
    });
    expect(run.exchanges.slice(run.ladderRequests).every((x) => x.probe.startsWith('p.'))).toBe(true);
  });

  it('finds a path issuer through the appended OpenID Connect URL only', async () => {
    const tenant = await startOidcProvider({ issuerPath: '/tenant1' });
    try {
      const run = await discover({ issuer: tenant.issuer });
      const server = run.d.authorizationServers[0]!;
      expect(server.issuer).toBe(`${tenant.origin}/tenant1`);
      expect(server.attempts.map((a) => [a.kind, a.url, status(a.fetch)])).toEqual([
        ['oauth', `${tenant.origin}/.well-known/oauth-authorization-server/tenant1`, 404],
        ['openid', `${tenant.origin}/.well-known/openid-configuration/tenant1`, 404],
        ['openid', `${tenant.origin}/tenant1/.well-known/openid-configuration`, 200],
      ]);
      expect(server.found).toMatchObject({ attempt: 2, metadata: { issuer: tenant.issuer } });
      expect(status(server.dcrMalformed)).toBe(400);
    } finally {
      await tenant.close();
    }
  });

  describe('resource-server flaws', () => {
    it('noResourceMetadataParam: challenges lack resource_metadata; PRM found at the well-known URL', async () => {
      const run = await flawed({ noResourceMetadataParam: true });
      for (const params of anonymousBearer(run)) expect(params['resource_metadata']).toBeUndefined();
      expect(run.d.prm.map((c) => c.source)).toEqual(['path-inserted', 'root']);
      expect(status(run.d.prm[0]!.fetch)).toBe(200);
      expect(run.d.addresses.map((a) => a.role)).toEqual(['authorization_servers[0]']);
    });

    it('errorWithoutCredentials: anonymous challenges carry error="invalid_token"', async () => {
      const run = await flawed({ errorWithoutCredentials: true });
      for (const params of anonymousBearer(run)) {
        expect(params['error']).toBe('invalid_token');
        expect(params['error_description']).toBe('Missing Authorization header');
      }
    });

    it('prmWrongResource: the PRM resource has a trailing slash', async () => {
      const run = await flawed({ prmWrongResource: true });
      expect(prmDoc(run)['resource']).toBe(`${run.url}/`);
    });

    it('prmOfflineAccess: offline_access in scopes_supported', async () => {
      const run = await flawed({ prmOfflineAccess: true });
      expect(prmDoc(run)['scopes_supported']).toContain('offline_access');
    });

    it('prmOmnibusScope: a wildcard scope', async () => {
      const run = await flawed({ prmOmnibusScope: true });
      expect(prmDoc(run)['scopes_supported']).toEqual(['*']);
    });

    it('prmQueryInResource: the PRM resource carries a query', async () => {
      const run = await flawed({ prmQueryInResource: true });
      expect(new URL(String(prmDoc(run)['resource'])).search).toBe('?tenant=1');
    });

    it('prmTextPlain: the PRM media type is text/plain (the JSON still parses)', async () => {
      const run = await flawed({ prmTextPlain: true });
      const fetch = ok(run.d.prm[0]!.fetch);
      expect(fetch.mediaType).toBe('text/plain');
      expect(fetch.jsonError).toBeNull();
    });

    it('reflectForwardedHost: s.xfh sees evil.example in the challenge and the PRM resource', async () => {
      const run = await flawed({ reflectForwardedHost: true });
      const fwd = run.exchanges.find((x) => x.id === ok(run.d.forwarded.challenge).exchange)!;
      expect(fwd.response?.headers['www-authenticate']?.join()).toContain(
        'resource_metadata="https://evil.example/.well-known/oauth-protected-resource/mcp"',
      );
      const doc = ok(run.d.forwarded.prm[0]!.fetch).json as Record<string, unknown>;
      expect(doc['resource']).toBe('https://evil.example/mcp');
      // Without the headers, nothing is reflected.
      expect(prmDoc(run)['resource']).toBe(run.url);
    });

    it('garbageTokenServed: a random bearer token gets past authentication', async () => {
      const run = await flawed({ garbageTokenServed: true });
      const reply = ok(run.d.garbageToken);
      expect(reply.status).not.toBe(401);
      expect(run.d.challenges.some((c) => c.probe === 's.token.garbage')).toBe(false);
    });

    it('inconsistentAuth: tools/list is served without a token, the rest is refused', async () => {
      const run = await flawed({ inconsistentAuth: true });
      const served = run.d.methodsNoAuth.filter((m) => status(m.probe) !== 401).map((m) => m.method);
      expect(served).toEqual(['tools/list']);
      const list = ok(run.d.methodsNoAuth.find((m) => m.method === 'tools/list')!.probe);
      expect(list.status).toBe(200);
      expect(list.response?.result).toMatchObject({ tools: [{ name: 'echo' }] });
    });

    it('noPrm: every candidate 404s, no AS is evaluated, the 2025-03-26 base is probed', async () => {
      const run = await flawed({ noPrm: true });
      expect(run.d.prm.map((c) => [c.source, status(c.fetch)])).toEqual([
        ['challenge', 404],
        ['path-inserted', 404],
        ['root', 404],
      ]);
      expect(run.d.authorizationServers).toEqual([]);
      expect(run.d.forwarded.prm).toEqual([]);
      const legacy = run.d.legacyBase!;
      expect(status(legacy.metadata)).toBe(404);
      expect(legacy.defaults.map((x) => [x.path, status(x.probe)])).toEqual([
        ['/authorize', 404],
        ['/token', 404],
        ['/register', 404],
      ]);
    });

    it('noPrm without 2025-03-26 among the candidates: no legacy base', async () => {
      const run = await flawed({ noPrm: true }, { candidates: ['2025-06-18', '2025-11-25'] });
      expect(run.d.legacyBase).toBeNull();
    });

    it('prmSignedMetadataUnsigned: alg none is decoded and never verified', async () => {
      const run = await flawed({ prmSignedMetadataUnsigned: true });
      const signed = run.d.prm[0]!.signed!;
      expect(signed.header).toEqual({ alg: 'none' });
      expect(signed.claims).toMatchObject({ iss: as.issuer, resource: run.url });
      expect(signed.verification).toBe('unverifiable');
      expect(signed.verificationDetail).toContain('alg none');
    });
  });

  describe('signed_metadata verification', () => {
    it('verifies a JWS signed by the listed issuer with a key from its jwks_uri', async () => {
      const run = await discover({ issuer: as.issuer, signedMetadata: { key: as.signingKey } });
      const signed = run.d.prm[0]!.signed!;
      expect(signed.header).toMatchObject({ alg: 'RS256', kid: as.signingKey.kid });
      expect(signed).toMatchObject({ verification: 'verified', decodeError: null });
      // The JWKS was fetched once for the two candidates naming the same document.
      expect(run.exchanges.filter((x) => x.probe === 'p.prm.jwks')).toHaveLength(1);
    });

    it('reports a tampered JWS as failed', async () => {
      const run = await discover({ issuer: as.issuer, signedMetadata: { key: as.signingKey, tamper: true } });
      expect(run.d.prm[0]!.signed).toMatchObject({
        verification: 'failed',
        claims: { resource: 'https://evil.example/mcp' },
      });
    });
  });

  describe('tokens', () => {
    it('decodes a JWT access token locally, never storing it, and still probes anonymously', async () => {
      const cc = await startOidcProvider({ toggles: { cc: true } });
      try {
        const run = await discover(
          { issuer: cc.issuer },
          { token: (resource) => clientCredentialsToken(cc.issuer, resource) },
        );
        const token = run.token!;
        expect(run.d.tokenKind).toBe('jwt');
        expect(run.d.tokenClaims).toMatchObject({ iss: cc.issuer, aud: run.url, scope: 'mcp:tools' });
        expect(JSON.stringify(run.d)).not.toContain(token);
        expect(JSON.stringify(run.exchanges)).not.toContain(token);
        // The token is valid: the ladder got in, so the challenge comes from the anonymous probes.
        expect(run.d.challenges.map((c) => c.probe).filter((p) => !p.startsWith('s.methods.noauth'))).toEqual(
          ['s.token.garbage'],
        );
        expect(run.d.prm[0]).toMatchObject({ source: 'challenge', url: run.prmUrl });
        expect(run.d.methodsNoAuth.every((m) => status(m.probe) === 401)).toBe(true);
        // The ladder saw no 401, so s.xfh replays the anonymous initialize that got one, without the token.
        const xfh = run.d.forwarded.challenge;
        expect(xfh.kind).toBe('ok');
        const sent = run.exchanges.find((x) => x.probe === 's.xfh');
        expect(sent?.request.headers['x-forwarded-host']).toBe('evil.example');
        expect(sent?.request.headers['authorization']).toBeUndefined();
        expect(sent?.request.body).toContain('"method":"initialize"');
        expect(sent?.response?.status).toBe(401);
      } finally {
        await cc.close();
      }
    });

    it('labels a non-JWT token opaque', async () => {
      const run = await discover({ issuer: as.issuer }, { token: 'opaque-token-value', mode: 'passive' });
      expect(run.d).toMatchObject({ tokenKind: 'opaque', tokenClaims: null });
      // Behind the rejected token the ladder was still challenged, with credentials.
      expect(run.d.challenges.every((c) => c.credentialsSent)).toBe(true);
    });
  });

  describe('authorization-server variants', () => {
    const withVariant = async (variant: AsVariantOptions, rs: ResourceServerFlaws = {}) => {
      const host = await startAsVariant(variant);
      try {
        return { host, run: await discover({ issuer: host.issuer, flaws: rs }) };
      } finally {
        await host.close();
      }
    };

    it('follows and records a metadata redirect', async () => {
      const { host, run } = await withVariant({ redirect: true });
      const attempt = run.d.authorizationServers[0]!.attempts[0]!;
      const fetch = ok(attempt.fetch);
      expect(fetch.hops).toEqual([
        { status: 302, location: '/meta/as.json', exchange: expect.stringMatching(/^x\d+$/) },
      ]);
      expect(fetch.finalUrl).toBe(new URL('/meta/as.json', host.issuer).href);
      expect(fetch.status).toBe(200);
      expect(attempt.fetch.kind === 'ok' && attempt.fetch.exchanges).toHaveLength(2);
      expect(run.d.authorizationServers[0]!.found?.attempt).toBe(0);
    });

    it('sees a protected registration endpoint refuse before reading the body', async () => {
      const { host, run } = await withVariant({ registration: 'protected' });
      expect(status(run.d.authorizationServers[0]!.dcrMalformed)).toBe(401);
      expect(host.requests).toContain('POST /register');
    });

    it('skips s.dcr.malformed without a registration endpoint', async () => {
      const { run } = await withVariant({ registration: 'none' });
      expect(run.d.authorizationServers[0]!.dcrMalformed).toMatchObject({
        kind: 'skipped',
        reason: 'not_needed',
      });
    });

    it('records an issuer mismatch and an OIDC-only AS as served', async () => {
      const { run } = await withVariant({ issuerMismatch: true, layout: 'openid-inserted' });
      const server = run.d.authorizationServers[0]!;
      expect(server.attempts.map((a) => [a.kind, status(a.fetch)])).toEqual([
        ['oauth', 404],
        ['openid', 200],
      ]);
      expect(server.found?.metadata['issuer']).toBe(`${server.issuer}/`);
    });
  });
});

describe('discovery URL builders', () => {
  it.each([
    [
      'http://h/mcp',
      ['http://h/.well-known/oauth-protected-resource/mcp', 'http://h/.well-known/oauth-protected-resource'],
    ],
    [
      'http://h/mcp/',
      ['http://h/.well-known/oauth-protected-resource/mcp', 'http://h/.well-known/oauth-protected-resource'],
    ],
    [
      'http://h/a/mcp?t=1',
      [
        'http://h/.well-known/oauth-protected-resource/a/mcp?t=1',
        'http://h/.well-known/oauth-protected-resource',
      ],
    ],
    ['http://h/', ['http://h/.well-known/oauth-protected-resource']],
  ])('PRM candidates of %s', (url, expected) => {
    expect(wellKnownPrmUrls(url).map((c) => c.url)).toEqual(expected);
  });

  it.each([
    [
      'https://as.example',
      [
        'oauth https://as.example/.well-known/oauth-authorization-server',
        'openid https://as.example/.well-known/openid-configuration',
      ],
    ],
    [
      'https://as.example/',
      [
        'oauth https://as.example/.well-known/oauth-authorization-server',
        'openid https://as.example/.well-known/openid-configuration',
      ],
    ],
    [
      'https://as.example/tenant1/',
      [
        'oauth https://as.example/.well-known/oauth-authorization-server/tenant1',
        'openid https://as.example/.well-known/openid-configuration/tenant1',
        'openid https://as.example/tenant1/.well-known/openid-configuration',
      ],
    ],
  ])('AS metadata URLs of %s', (issuer, expected) => {
    expect(asMetadataUrls(issuer)?.map((u) => `${u.kind} ${u.url}`)).toEqual(expected);
  });

  it('has no metadata URLs for a non-http issuer', () => {
    expect(asMetadataUrls('javascript:alert(1)')).toBeNull();
    expect(asMetadataUrls('not a url')).toBeNull();
  });

  it('plans every auth probe once, in the passive or safe tier', () => {
    const ids = AUTH_PLAN.map((p) => p.probe);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of AUTH_PLAN) expect(p.tier).toBe(p.probe.startsWith('s.') ? 'safe' : 'passive');
    expect(REVISIONS).toContain('2025-03-26');
  });
});
