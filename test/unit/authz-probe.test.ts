/** i.authz: when it is sent, what each request carries, and how an answer is read (never followed). */
import { describe, expect, it } from 'vitest';

import type { AuthorizationServerObservation } from '../../src/evidence/auth-types.js';
import type { ExchangeId, Mode } from '../../src/evidence/types.js';
import { loginOf, probeAuthz, redirectOf } from '../../src/probe/auth/authz.js';
import type { HttpClient, HttpResponseData, RequestSpec } from '../../src/probe/http/types.js';

const ISSUER = 'https://as.example.test';
const ENDPOINT = `${ISSUER}/oauth2/authorize?tenant=1`;
const CLIENT = { clientId: 'c-1', redirectUri: 'http://127.0.0.1:3999/callback' };
const RESOURCE = 'http://127.0.0.1:3000/mcp';

function server(metadata: Record<string, unknown> | null): AuthorizationServerObservation {
  return {
    issuer: ISSUER,
    via: 'prm',
    attempts: [],
    found: metadata ? { attempt: 0, metadata } : null,
    dcrMalformed: { kind: 'skipped', reason: 'not_needed' },
    addresses: [],
  };
}

const METADATA = {
  issuer: ISSUER,
  authorization_endpoint: ENDPOINT,
  code_challenge_methods_supported: ['S256'],
};

/** A client that answers every request with `answer` and records what was asked. */
function fakeClient(answer: (spec: RequestSpec) => Partial<HttpResponseData> | null): {
  client: HttpClient;
  sent: RequestSpec[];
} {
  const sent: RequestSpec[] = [];
  const client: HttpClient = {
    send(spec) {
      sent.push(spec);
      const exchangeId: ExchangeId = `x${sent.length}`;
      const a = answer(spec);
      if (a === null) return Promise.resolve({ exchangeId, error: { code: 'connect', message: 'refused' } });
      return Promise.resolve({
        exchangeId,
        response: {
          status: 400,
          headers: {},
          text: '',
          bytes: new Uint8Array(),
          truncated: false,
          ...a,
        },
      });
    },
    exchanges: () => [],
    resolveScope: () => Promise.resolve({ address: null, scope: 'public' }),
    close: () => Promise.resolve(),
  };
  return { client, sent };
}

async function probe(opts: {
  mode?: Mode;
  client?: typeof CLIENT | null;
  metadata?: Record<string, unknown> | null;
  answer?: (spec: RequestSpec) => Partial<HttpResponseData> | null;
}) {
  const fake = fakeClient(opts.answer ?? (() => ({ status: 400 })));
  const result = await probeAuthz({
    client: fake.client,
    mode: opts.mode ?? 'intrusive',
    oauthClient: opts.client === undefined ? CLIENT : opts.client,
    server: server(opts.metadata === undefined ? METADATA : opts.metadata),
    scopes: ['mcp:tools', 'mcp:resources'],
    resource: RESOURCE,
  });
  return { result, sent: fake.sent };
}

describe('probeAuthz: gating', () => {
  it('sends nothing outside intrusive mode', async () => {
    for (const mode of ['passive', 'safe'] as const) {
      const { result, sent } = await probe({ mode });
      expect(result).toMatchObject({ kind: 'skipped', reason: 'mode_disabled' });
      expect(sent).toEqual([]);
    }
  });

  it('sends nothing without a designated client (not_designated)', async () => {
    const { result, sent } = await probe({ client: null });
    expect(result).toMatchObject({ kind: 'skipped', reason: 'not_designated' });
    expect(sent).toEqual([]);
  });

  it('sends nothing without an authorization server, metadata or http(s) authorization_endpoint', async () => {
    const none = await probeAuthz({
      client: fakeClient(() => ({})).client,
      mode: 'intrusive',
      oauthClient: CLIENT,
      server: undefined,
      scopes: [],
      resource: RESOURCE,
    });
    expect(none).toMatchObject({ kind: 'skipped', reason: 'not_needed' });
    expect((await probe({ metadata: null })).result).toMatchObject({
      kind: 'skipped',
      reason: 'dependency_failed',
    });
    for (const authorization_endpoint of [undefined, 'urn:x:authorize', 'javascript:alert(1)', 'not a url']) {
      const { result, sent } = await probe({ metadata: { ...METADATA, authorization_endpoint } });
      expect(result).toMatchObject({ kind: 'skipped', reason: 'not_needed' });
      expect(sent).toEqual([]);
    }
  });
});

describe('probeAuthz: a registered client (i.client)', () => {
  const REG = `${ISSUER}/reg`;
  it('registers a native public client where registration is open, uses it, then deletes it', async () => {
    const { result, sent } = await probe({
      client: null,
      metadata: { ...METADATA, registration_endpoint: REG },
      answer: (spec) =>
        spec.probe === 'i.client'
          ? {
              status: 201,
              text: JSON.stringify({
                client_id: 'reg-1',
                registration_client_uri: `${REG}/reg-1`,
                registration_access_token: 'rat-secret-value',
              }),
            }
          : spec.probe === 'i.client.cleanup'
            ? { status: 204 }
            : { status: 400 },
    });
    expect(sent.map((s) => `${s.method} ${s.probe}`)).toEqual([
      'POST i.client',
      'GET i.authz(no-pkce)',
      'GET i.authz(plain)',
      'GET i.authz(bad-redirect)',
      'GET i.authz(bogus-response-type)',
      'GET i.authz(foreign-resource)',
      'DELETE i.client.cleanup',
    ]);
    expect(JSON.parse(sent[0]!.body!)).toMatchObject({
      application_type: 'native',
      token_endpoint_auth_method: 'none',
      redirect_uris: ['http://127.0.0.1/callback'],
    });
    expect(sent[0]!.secretResponseMembers).toContain('registration_access_token');
    expect(sent.at(-1)!.headers?.['authorization']).toBe('Bearer rat-secret-value');
    expect(sent.at(-1)!.secrets).toEqual(['rat-secret-value']);
    const authz = new URL(sent[1]!.url).searchParams;
    expect([authz.get('client_id'), authz.get('redirect_uri')]).toEqual([
      'reg-1',
      'http://127.0.0.1/callback',
    ]);
    if (result.kind !== 'ok') throw new Error('expected ok');
    expect(result.value.registered?.deletion).toMatchObject({ status: 204, deleted: true });
    expect(JSON.stringify(result)).not.toContain('rat-secret-value');
  });

  it('stays not_designated when registration is refused, sending no authorization request', async () => {
    const { result, sent } = await probe({
      client: null,
      metadata: { ...METADATA, registration_endpoint: REG },
      answer: () => ({ status: 401 }),
    });
    expect(result).toMatchObject({ kind: 'skipped', reason: 'not_designated' });
    expect(sent.map((s) => s.probe)).toEqual(['i.client']);
  });
});

describe('probeAuthz: the requests', () => {
  it('five GETs of the learned endpoint, without credentials, each with a fresh state', async () => {
    const { result, sent } = await probe({});
    expect(result.kind).toBe('ok');
    expect(sent.map((s) => [s.method, s.probe, s.source, s.attachCredentials])).toEqual([
      ['GET', 'i.authz(no-pkce)', 'learned', false],
      ['GET', 'i.authz(plain)', 'learned', false],
      ['GET', 'i.authz(bad-redirect)', 'learned', false],
      ['GET', 'i.authz(bogus-response-type)', 'learned', false],
      ['GET', 'i.authz(foreign-resource)', 'learned', false],
    ]);
    const params = sent.map((s) => new URL(s.url).searchParams);
    // The endpoint's own query is kept (RFC 6749 §3.1).
    expect(params.every((p) => p.get('tenant') === '1')).toBe(true);
    expect(params.map((p) => p.get('response_type'))).toEqual([
      'code',
      'code',
      'code',
      'mcp_posture_bogus',
      'code',
    ]);
    expect(params.map((p) => p.get('redirect_uri'))).toEqual([
      CLIENT.redirectUri,
      CLIENT.redirectUri,
      'https://mcp-posture-probe.invalid/cb',
      CLIENT.redirectUri,
      CLIENT.redirectUri,
    ]);
    expect(params.map((p) => p.get('code_challenge_method'))).toEqual([
      null,
      'plain',
      'S256',
      'S256',
      'S256',
    ]);
    expect(params.map((p) => p.get('code_challenge')?.length ?? 0)).toEqual([0, 43, 43, 43, 43]);
    expect(
      params.every((p) => p.get('client_id') === 'c-1' && p.get('scope') === 'mcp:tools mcp:resources'),
    ).toBe(true);
    // RFC 8707, as MCP clients send it; the last names a foreign resource (ACT06).
    expect(params.map((p) => p.get('resource'))).toEqual([
      RESOURCE,
      RESOURCE,
      RESOURCE,
      RESOURCE,
      'https://mcp-posture-foreign.invalid/mcp',
    ]);
    const states = params.map((p) => p.get('state'));
    expect(new Set(states).size).toBe(5);
    expect(states.every((s) => /^mcp-posture-probe-[\w-]{22}$/.test(s ?? ''))).toBe(true);
  });

  it('leaves out plain when it is advertised, and scope when none is known', async () => {
    const fake = fakeClient(() => ({ status: 400 }));
    const result = await probeAuthz({
      client: fake.client,
      mode: 'intrusive',
      oauthClient: CLIENT,
      server: server({ ...METADATA, code_challenge_methods_supported: ['plain', 'S256'] }),
      scopes: [],
      resource: RESOURCE,
    });
    expect(result.kind === 'ok' && result.value.plain).toMatchObject({
      kind: 'skipped',
      reason: 'not_needed',
    });
    expect(fake.sent.map((s) => s.probe)).toEqual([
      'i.authz(no-pkce)',
      'i.authz(bad-redirect)',
      'i.authz(bogus-response-type)',
      'i.authz(foreign-resource)',
    ]);
    expect(fake.sent.every((s) => !new URL(s.url).searchParams.has('scope'))).toBe(true);
  });

  it('records a redirect without following it, and a network failure as data', async () => {
    const { result, sent } = await probe({
      answer: (spec) =>
        spec.probe === 'i.authz(bad-redirect)'
          ? { status: 302, headers: { location: ['https://mcp-posture-probe.invalid/cb?error=x'] } }
          : spec.probe === 'i.authz(plain)'
            ? null
            : { status: 303, headers: { location: ['/login?x=1'] } },
    });
    expect(sent).toHaveLength(5);
    if (result.kind !== 'ok') throw new Error('expected ok');
    expect(result.value.plain).toMatchObject({ kind: 'failed', error: { code: 'connect' } });
    const bad = result.value.badRedirect;
    expect(bad.kind === 'ok' && bad.value.redirect?.origin).toBe('https://mcp-posture-probe.invalid');
    const noPkce = result.value.noPkce;
    expect(noPkce.kind === 'ok' && [noPkce.value.login, noPkce.value.redirect?.url]).toEqual([
      'redirect',
      `${ISSUER}/login?x=1`,
    ]);
  });
});

describe('reading an answer', () => {
  const base = `${ISSUER}/authorize?x=1`;
  it('query parameters, URL-decoded; a code only as present', () => {
    expect(
      redirectOf(
        'http://127.0.0.1:3999/callback?error=invalid_request&iss=https%3A%2F%2Fas.example.test&state=s1&code=secret',
        base,
      ),
    ).toEqual({
      location:
        'http://127.0.0.1:3999/callback?error=invalid_request&iss=https%3A%2F%2Fas.example.test&state=s1&code=secret',
      url: 'http://127.0.0.1:3999/callback?error=invalid_request&iss=https%3A%2F%2Fas.example.test&state=s1&code=secret',
      origin: 'http://127.0.0.1:3999',
      path: '/callback',
      error: 'invalid_request',
      errorDescription: null,
      iss: ISSUER,
      state: 's1',
      code: true,
    });
  });

  it('fragment parameters when the query has none; relative and custom-scheme locations', () => {
    expect(redirectOf('https://c.example/cb?x=1#error=access_denied&iss=i', base)).toMatchObject({
      error: 'access_denied',
      iss: 'i',
      code: false,
    });
    expect(redirectOf('/interaction/abc', base)).toMatchObject({ origin: ISSUER, path: '/interaction/abc' });
    expect(redirectOf('com.example.app:/cb?error=e', base)).toMatchObject({ origin: null, error: 'e' });
    expect(redirectOf('http://[bad', base)).toMatchObject({ url: null, origin: null, error: null });
  });

  it('login: a form or password field in HTML, or a login path on the AS without an error', () => {
    const as = new Set([ISSUER]);
    expect(loginOf('<form action="/x"><input name=a></form>', 'text/html', null, as)).toBe('page');
    expect(loginOf('<input type=password>', null, null, as)).toBe('page');
    expect(loginOf('<h1>invalid_request</h1>', 'text/html', null, as)).toBeNull();
    expect(loginOf('{"form":"<form>"}', 'application/json', null, as)).toBeNull();
    for (const path of ['/u/login?state=x', '/interaction/abc', '/oauth2/sign-in', '/consent'])
      expect(loginOf('', null, redirectOf(path, base), as), path).toBe('redirect');
    expect(loginOf('', null, redirectOf('/login?error=invalid_request', base), as)).toBeNull();
    expect(loginOf('', null, redirectOf('https://idp.example/login', base), as)).toBeNull();
    expect(loginOf('', null, redirectOf('/authorize/continue', base), as)).toBeNull();
  });
});
