/**
 * The intrusive authorization requests (i.authz) end to end: scan() of the SDK 1.x resource server
 * backed by a real oidc-provider, with `PUBLIC_CLIENT` (pre-registered with one redirect URI) as the
 * designated client. Each case runs its own provider (the toggles are per provider). Redirects are
 * never followed: nothing goes to the unregistered host, the client's redirect URI or a login page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Mode } from '../../src/evidence/types.js';
import { buildPlan, scan } from '../../src/index.js';
import type { ScanOutput } from '../../src/index.js';
import { PUBLIC_CLIENT, startOidcProvider } from '../fixtures/servers/oidc.js';
import type { OidcToggles } from '../fixtures/servers/oidc.js';
import { startResourceServer } from '../fixtures/servers/resource-server.js';

/** The redirect URI registered for PUBLIC_CLIENT in ../fixtures/servers/oidc.ts. */
const REDIRECT_URI = 'http://127.0.0.1:3999/callback';
const AUTHZ_CHECKS = ['MCPP-ACT07', 'MCPP-ACT08', 'MCPP-ACT11'];
const AUTHZ_PROBES = [
  'i.authz(no-pkce)',
  'i.authz(plain)',
  'i.authz(bad-redirect)',
  'i.authz(bogus-response-type)',
];

interface Run {
  readonly out: ScanOutput;
  readonly issuer: string;
}

async function run(
  toggles: OidcToggles,
  opts: { mode?: Mode; client?: { clientId: string; redirectUri: string } | null } = {},
): Promise<Run> {
  const oidc = await startOidcProvider({ toggles });
  try {
    const rs = await startResourceServer({ issuer: oidc.issuer });
    try {
      const client =
        opts.client === undefined ? { clientId: PUBLIC_CLIENT, redirectUri: REDIRECT_URI } : opts.client;
      const out = await scan({
        url: rs.url,
        mode: opts.mode ?? 'intrusive',
        ...(client ? { oauthClient: client } : {}),
        requestTimeoutMs: 5_000,
        scanTimeoutMs: 60_000,
      });
      return { out, issuer: oidc.issuer };
    } finally {
      await rs.close();
    }
  } finally {
    await oidc.close();
  }
}

/** `status[:key or reason]` of every result of the authorization-request checks. */
function verdicts(r: Run): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const id of AUTHZ_CHECKS) {
    out[id] = r.out.report.results
      .filter((x) => x.checkId === id)
      .map((x) =>
        x.status === 'inconclusive' || x.status === 'not_applicable'
          ? `${x.status}:${x.reason}`
          : x.key
            ? `${x.status}:${x.key}`
            : x.status,
      );
  }
  return out;
}

const runs = new Map<string, Promise<Run>>();

beforeAll(() => {
  runs.set('good', run({}));
  runs.set('pkce optional', run({ pkceOptional: true }));
  runs.set('downgrade', run({ downgrade: true }));
  runs.set('safe mode', run({}, { mode: 'safe' }));
  runs.set('no client', run({ reg: 'off' }, { client: null }));
  runs.set('registered client', run({}, { client: null }));
  runs.set(
    'unknown client',
    run({}, { client: { clientId: 'mcp-posture-unknown', redirectUri: REDIRECT_URI } }),
  );
});

afterAll(async () => {
  await Promise.allSettled(runs.values());
});

function exchanges(r: Run, probe: string) {
  return r.out.evidence.exchanges.filter((x) => x.probe === probe);
}

describe('i.authz against oidc-provider behind the SDK resource server', () => {
  it('good configuration: PKCE enforced, unregistered redirect refused, iss emitted', async () => {
    const r = await runs.get('good')!;
    expect(verdicts(r)).toEqual({
      'MCPP-ACT07': ['pass'],
      'MCPP-ACT08': ['pass:no-pkce', 'pass:plain'],
      'MCPP-ACT11': ['pass'],
    });
    expect(r.out.report.results.filter((x) => x.status === 'error').map((x) => x.message)).toEqual([]);
    // What oidc-provider answers to each request.
    const authz = r.out.evidence.oauth?.authz;
    expect(authz?.kind).toBe('ok');
    if (authz?.kind !== 'ok') return;
    const { noPkce, plain, badRedirect, bogusResponseType } = authz.value;
    expect(authz.value.issuer).toBe(r.issuer);
    expect(authz.value.authorizationEndpoint).toBe(`${r.issuer}/auth`);
    for (const p of [noPkce, plain, bogusResponseType]) {
      expect(p.kind).toBe('ok');
      if (p.kind !== 'ok') continue;
      expect(p.value.status).toBe(303);
      expect(p.value.redirect?.origin).toBe('http://127.0.0.1:3999');
      expect(p.value.redirect?.iss).toBe(r.issuer);
      expect(p.value.redirect?.state).toBe(p.value.params['state']);
      expect(p.value.login).toBeNull();
    }
    expect(noPkce.kind === 'ok' && noPkce.value.redirect?.error).toBe('invalid_request');
    expect(plain.kind === 'ok' && plain.value.redirect?.error).toBe('invalid_request');
    expect(bogusResponseType.kind === 'ok' && bogusResponseType.value.redirect?.error).toBe(
      'unsupported_response_type',
    );
    expect(badRedirect.kind === 'ok' && [badRedirect.value.status, badRedirect.value.redirect]).toEqual([
      400,
      null,
    ]);
    // The requests: exactly the four variants, each with its own state, none with credentials.
    const sent = AUTHZ_PROBES.map((p) => exchanges(r, p));
    expect(sent.map((xs) => xs.length)).toEqual([1, 1, 1, 1]);
    const params = sent.map((xs) => Object.fromEntries(new URL(xs[0]!.request.url).searchParams));
    expect(
      params.map((p) => [p['response_type'], p['client_id'], p['redirect_uri'], p['code_challenge_method']]),
    ).toEqual([
      ['code', PUBLIC_CLIENT, REDIRECT_URI, undefined],
      ['code', PUBLIC_CLIENT, REDIRECT_URI, 'plain'],
      ['code', PUBLIC_CLIENT, 'https://mcp-posture-probe.invalid/cb', 'S256'],
      ['mcp_posture_bogus', PUBLIC_CLIENT, REDIRECT_URI, 'S256'],
    ]);
    expect(params.every((p) => p['scope'] === 'mcp:tools mcp:resources')).toBe(true);
    expect(new Set(params.map((p) => p['state'])).size).toBe(4);
    expect(params[0]!['code_challenge']).toBeUndefined();
    expect(params.slice(1).every((p) => p['code_challenge']?.length === 43)).toBe(true);
    for (const xs of sent) expect(xs[0]!.request.headers['authorization']).toBeUndefined();
  });

  it('PKCE optional: the request without code_challenge reaches the login step', async () => {
    const r = await runs.get('pkce optional')!;
    expect(verdicts(r)).toEqual({
      'MCPP-ACT07': ['pass'],
      'MCPP-ACT08': ['fail:no-pkce', 'pass:plain'],
      'MCPP-ACT11': ['pass'],
    });
    const fail = r.out.report.results.find((x) => x.checkId === 'MCPP-ACT08' && x.status === 'fail');
    expect(fail?.severity).toBe('high');
    const authz = r.out.evidence.oauth?.authz;
    const noPkce = authz?.kind === 'ok' ? authz.value.noPkce : null;
    expect(noPkce?.kind === 'ok' && [noPkce.value.status, noPkce.value.login]).toEqual([303, 'redirect']);
    expect(noPkce?.kind === 'ok' && noPkce.value.redirect?.path).toMatch(/^\/interaction\//);
  });

  it('plain advertised and the iss flag dropped: plain not sent, ACT11 not applicable', async () => {
    const r = await runs.get('downgrade')!;
    expect(verdicts(r)).toEqual({
      'MCPP-ACT07': ['pass'],
      'MCPP-ACT08': ['pass:no-pkce'],
      'MCPP-ACT11': ['not_applicable:feature_absent'],
    });
    expect(exchanges(r, 'i.authz(plain)')).toEqual([]);
  });

  it('an unknown client_id: every answer is an error page, so nothing is claimed', async () => {
    const r = await runs.get('unknown client')!;
    expect(verdicts(r)).toEqual({
      'MCPP-ACT07': ['inconclusive:ambiguous'],
      'MCPP-ACT08': ['inconclusive:ambiguous', 'inconclusive:ambiguous'],
      'MCPP-ACT11': ['inconclusive:ambiguous'],
    });
  });

  it('safe mode: no authorization request is sent', async () => {
    const r = await runs.get('safe mode')!;
    expect(r.out.evidence.exchanges.filter((x) => x.probe.startsWith('i.authz'))).toEqual([]);
    expect(verdicts(r)).toEqual({
      'MCPP-ACT07': ['inconclusive:mode_disabled'],
      'MCPP-ACT08': ['inconclusive:mode_disabled'],
      'MCPP-ACT11': ['inconclusive:mode_disabled'],
    });
  });

  it('intrusive mode without a designated client, open registration: a client is registered (i.client), used and deleted', async () => {
    const r = await runs.get('registered client')!;
    expect(verdicts(r)).toEqual({
      'MCPP-ACT07': ['pass'],
      'MCPP-ACT08': ['pass:no-pkce', 'pass:plain'],
      'MCPP-ACT11': ['pass'],
    });
    const reg = exchanges(r, 'i.client');
    expect(reg.map((x) => x.response?.status)).toEqual([201]);
    expect(JSON.parse(reg[0]!.request.body!)).toMatchObject({
      application_type: 'native',
      redirect_uris: ['http://127.0.0.1/callback'],
      token_endpoint_auth_method: 'none',
    });
    // The registration access token is redacted from the record.
    expect(reg[0]!.response?.body).not.toMatch(/"registration_access_token":"(?!\[REDACTED\])/);
    const del = exchanges(r, 'i.client.cleanup');
    expect(del.map((x) => x.response?.status)).toEqual([204]);
    const authz = r.out.evidence.oauth?.authz;
    expect(authz?.kind === 'ok' && authz.value.registered?.deletion?.deleted).toBe(true);
    // The requests used the registered client.
    expect(authz?.kind === 'ok' && authz.value.clientId).toBe(JSON.parse(reg[0]!.response!.body).client_id);
  });

  it('intrusive mode without a designated client and no registration: nothing sent, needs_designation', async () => {
    const r = await runs.get('no client')!;
    expect(r.out.evidence.exchanges.filter((x) => x.probe.startsWith('i.authz'))).toEqual([]);
    expect(verdicts(r)).toEqual({
      'MCPP-ACT07': ['inconclusive:needs_designation'],
      'MCPP-ACT08': ['inconclusive:needs_designation'],
      'MCPP-ACT11': ['inconclusive:needs_designation'],
    });
  });

  it('--plan lists every request of an intrusive scan with a designated client', async () => {
    const r = await runs.get('good')!;
    const planned = new Set(buildPlan(r.out.evidence.target.url, 'intrusive').map((p) => p.probe));
    const sent = new Set(r.out.evidence.exchanges.map((x) => x.probe));
    expect([...sent].filter((p) => !planned.has(p))).toEqual([]);
    for (const p of AUTHZ_PROBES) expect(sent.has(p), p).toBe(true);
    expect(buildPlan(r.out.evidence.target.url, 'safe').some((p) => p.probe.startsWith('i.authz'))).toBe(
      false,
    );
  });

  it('no request ever goes to the unregistered host, the redirect URI or a login page', async () => {
    for (const [name, pending] of runs) {
      const r = await pending;
      for (const x of r.out.evidence.exchanges) {
        const u = new URL(x.request.url);
        expect(u.hostname, `${name}: ${x.probe}`).not.toBe('mcp-posture-probe.invalid');
        expect(u.origin, `${name}: ${x.probe}`).not.toBe('http://127.0.0.1:3999');
        expect(u.pathname, `${name}: ${x.probe}`).not.toMatch(/^\/interaction\//);
      }
    }
  });
});
