/**
 * The intrusive unsafe registrations (i.dcr(unsafe)) end to end: scan() of the SDK 1.x resource
 * server backed by a real oidc-provider. In its default open configuration oidc-provider 9 ACCEPTS
 * `http://evil.example/cb` for a web client (201, a true finding) and refuses `javascript:alert(1)`
 * (400 invalid_redirect_uri); the created client is deleted again through RFC 7592. With the
 * fixture's `strictRedirects` both are refused. Each case runs its own provider.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Mode } from '../../src/evidence/types.js';
import { buildPlan, scan } from '../../src/index.js';
import type { ScanOutput } from '../../src/index.js';
import { startOidcProvider } from '../fixtures/servers/oidc.js';
import type { OidcToggles } from '../fixtures/servers/oidc.js';
import { startResourceServer } from '../fixtures/servers/resource-server.js';

const DCR_PROBES = ['i.dcr(unsafe-http)', 'i.dcr(unsafe-javascript)'];

interface Run {
  readonly out: ScanOutput;
  readonly issuer: string;
  /** For each client the scan created: what the authorization endpoint says of it after the scan. */
  readonly afterwards: { clientId: string; status: number; body: string }[];
}

async function run(toggles: OidcToggles, mode: Mode = 'intrusive'): Promise<Run> {
  const oidc = await startOidcProvider({ toggles });
  try {
    const rs = await startResourceServer({ issuer: oidc.issuer });
    try {
      const out = await scan({ url: rs.url, mode, requestTimeoutMs: 5_000, scanTimeoutMs: 60_000 });
      // Does a client the scan created still exist? An unknown client gets a 400 invalid_client page.
      const dcr = out.evidence.oauth?.dcrUnsafe;
      const uris =
        dcr?.kind === 'ok'
          ? [dcr.value.http, dcr.value.javascript].flatMap((p) =>
              p.kind === 'ok' && p.value.registrationClientUri ? [p.value.registrationClientUri] : [],
            )
          : [];
      const afterwards = await Promise.all(
        uris.map(async (uri) => {
          const clientId = decodeURIComponent(new URL(uri).pathname.split('/').pop()!);
          const q = new URLSearchParams({
            client_id: clientId,
            response_type: 'code',
            redirect_uri: 'http://evil.example/cb',
            scope: 'openid',
          });
          const res = await fetch(`${oidc.issuer}/auth?${q.toString()}`, { redirect: 'manual' });
          return { clientId, status: res.status, body: await res.text() };
        }),
      );
      return { out, issuer: oidc.issuer, afterwards };
    } finally {
      await rs.close();
    }
  } finally {
    await oidc.close();
  }
}

function verdicts(r: Run): string[] {
  return r.out.report.results
    .filter((x) => x.checkId === 'MCPP-ACT09')
    .map((x) =>
      x.status === 'inconclusive' || x.status === 'not_applicable'
        ? `${x.status}:${x.reason}`
        : x.key
          ? `${x.status}:${x.key}`
          : x.status,
    );
}

const runs = new Map<string, Promise<Run>>();

beforeAll(() => {
  runs.set('open', run({}));
  runs.set('strict', run({ strictRedirects: true }));
  runs.set('closed', run({ reg: 'closed' }));
  runs.set('off', run({ reg: 'off' }));
  runs.set('safe mode', run({}, 'safe'));
});

afterAll(async () => {
  await Promise.allSettled(runs.values());
});

function exchanges(r: Run, probe: string) {
  return r.out.evidence.exchanges.filter((x) => x.probe === probe);
}

describe('i.dcr(unsafe) against oidc-provider behind the SDK resource server', () => {
  it('default open registration: http://evil.example/cb accepted (and deleted), javascript: refused', async () => {
    const r = await runs.get('open')!;
    expect(verdicts(r)).toEqual(['fail:http', 'pass:javascript']);
    const fail = r.out.report.results.find((x) => x.checkId === 'MCPP-ACT09' && x.status === 'fail');
    expect(fail?.severity).toBe('high');
    expect(fail?.message).toMatch(/deleted again \(RFC 7592 DELETE answered 204\)/);
    const dcr = r.out.evidence.oauth?.dcrUnsafe;
    expect(dcr?.kind).toBe('ok');
    if (dcr?.kind !== 'ok') return;
    expect(dcr.value.issuer).toBe(r.issuer);
    expect(dcr.value.registrationEndpoint).toBe(`${r.issuer}/reg`);
    const { http, javascript } = dcr.value;
    expect(http.kind === 'ok' && http.value).toMatchObject({
      redirectUri: 'http://evil.example/cb',
      status: 201,
      error: null,
      clientId: true,
      registrationAccessToken: true,
      deletion: { status: 204, deleted: true },
    });
    expect(javascript.kind === 'ok' && javascript.value).toMatchObject({
      redirectUri: 'javascript:alert(1)',
      status: 400,
      error: 'invalid_redirect_uri',
      clientId: false,
      deletion: null,
    });
    // The created client is gone: the authorization endpoint no longer knows it.
    expect(r.afterwards).toHaveLength(1);
    expect(r.afterwards[0]!.status).toBe(400);
    expect(r.afterwards[0]!.body).toMatch(/invalid_client/);
    // The requests: two registrations and one deletion, no user credentials, the token redacted.
    const [reg] = exchanges(r, 'i.dcr(unsafe-http)');
    const body = JSON.parse(reg!.request.body!) as Record<string, unknown>;
    expect(body).toEqual({
      client_name: 'mcp-posture-probe (delete me)',
      redirect_uris: ['http://evil.example/cb'],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
    expect(reg!.request.headers['authorization']).toBeUndefined();
    const answer = JSON.parse(reg!.response!.body) as Record<string, unknown>;
    expect(answer['registration_access_token']).toBe('[REDACTED]');
    const [del] = exchanges(r, 'i.dcr.cleanup');
    expect(del?.request.method).toBe('DELETE');
    expect(del?.request.url).toBe(answer['registration_client_uri']);
    expect(del?.request.headers['authorization']).toBe('Bearer [REDACTED]');
    expect(del?.response?.status).toBe(204);
    expect(exchanges(r, 'i.dcr(unsafe-javascript)')).toHaveLength(1);
    expect(exchanges(r, 'i.dcr.cleanup')).toHaveLength(1);
  });

  it('strict redirect validation: both registrations refused with 400 invalid_redirect_uri', async () => {
    const r = await runs.get('strict')!;
    expect(verdicts(r)).toEqual(['pass:http', 'pass:javascript']);
    expect(exchanges(r, 'i.dcr.cleanup')).toEqual([]);
    expect(r.afterwards).toEqual([]);
  });

  it('registration protected by an initial access token: not applicable (ASM09 territory)', async () => {
    const r = await runs.get('closed')!;
    expect(verdicts(r)).toEqual(['not_applicable:feature_absent']);
    const dcr = r.out.evidence.oauth?.dcrUnsafe;
    expect(
      dcr?.kind === 'ok' &&
        [dcr.value.http, dcr.value.javascript].map(
          (p) => p.kind === 'ok' && [p.value.status, p.value.clientId],
        ),
    ).toEqual([
      [401, false],
      [401, false],
    ]);
  });

  it('no registration endpoint: nothing sent, not applicable', async () => {
    const r = await runs.get('off')!;
    expect(verdicts(r)).toEqual(['not_applicable:feature_absent']);
    expect(r.out.evidence.exchanges.filter((x) => x.probe.startsWith('i.dcr'))).toEqual([]);
  });

  it('safe mode: no registration is sent', async () => {
    const r = await runs.get('safe mode')!;
    expect(r.out.evidence.exchanges.filter((x) => x.probe.startsWith('i.dcr'))).toEqual([]);
    expect(verdicts(r)).toEqual(['inconclusive:mode_disabled']);
  });

  it('--plan lists every request of an intrusive scan, and no i.dcr in safe mode', async () => {
    const r = await runs.get('open')!;
    const planned = new Set(buildPlan(r.out.evidence.target.url, 'intrusive').map((p) => p.probe));
    const sent = new Set(r.out.evidence.exchanges.map((x) => x.probe));
    expect([...sent].filter((p) => !planned.has(p))).toEqual([]);
    for (const p of [...DCR_PROBES, 'i.dcr.cleanup']) expect(sent.has(p), p).toBe(true);
    expect(buildPlan(r.out.evidence.target.url, 'safe').some((p) => p.probe.startsWith('i.dcr'))).toBe(false);
  });
});
