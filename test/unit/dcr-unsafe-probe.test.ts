/** i.dcr(unsafe): when it is sent, what each registration carries, and when the cleanup runs. */
import { describe, expect, it } from 'vitest';

import type { AuthorizationServerObservation } from '../../src/evidence/auth-types.js';
import type { ExchangeId, Mode } from '../../src/evidence/types.js';
import { probeDcrUnsafe } from '../../src/probe/auth/dcr-unsafe.js';
import type { HttpClient, HttpResponseData, RequestSpec } from '../../src/probe/http/types.js';

const ISSUER = 'https://as.example.test';
const REG = `${ISSUER}/register`;
const TOKEN = 'rat-secret-0123456789';

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
        response: { status: 400, headers: {}, text: '', bytes: new Uint8Array(), truncated: false, ...a },
      });
    },
    exchanges: () => [],
    resolveScope: () => Promise.resolve({ address: null, scope: 'public' }),
    close: () => Promise.resolve(),
  };
  return { client, sent };
}

const refuse = () => ({ status: 400, text: '{"error":"invalid_redirect_uri"}' });
const accept = (extra: Record<string, unknown> = {}) => ({
  status: 201,
  text: JSON.stringify({
    client_id: 'c9',
    registration_client_uri: `${REG}/c9`,
    registration_access_token: TOKEN,
    ...extra,
  }),
});

describe('probeDcrUnsafe', () => {
  it.each<[string, Mode, AuthorizationServerObservation | undefined, string]>([
    ['safe mode', 'safe', server({ registration_endpoint: REG }), 'mode_disabled'],
    ['no server', 'intrusive', undefined, 'not_needed'],
    ['no metadata', 'intrusive', server(null), 'dependency_failed'],
    ['no registration_endpoint', 'intrusive', server({ issuer: ISSUER }), 'not_needed'],
    [
      'a non-http registration_endpoint',
      'intrusive',
      server({ registration_endpoint: 'ftp://x/reg' }),
      'not_needed',
    ],
  ])('%s: nothing sent', async (_name, mode, s, reason) => {
    const { client, sent } = fakeClient(refuse);
    const p = await probeDcrUnsafe({ client, mode, server: s });
    expect(p).toMatchObject({ kind: 'skipped', reason });
    expect(sent).toEqual([]);
  });

  it('two sequential anonymous registrations, each one unsafe redirect URI', async () => {
    const { client, sent } = fakeClient(refuse);
    const p = await probeDcrUnsafe({
      client,
      mode: 'intrusive',
      server: server({ registration_endpoint: REG }),
    });
    expect(p.kind).toBe('ok');
    expect(sent.map((s) => [s.probe, s.method, s.url, s.source, s.attachCredentials])).toEqual([
      ['i.dcr(unsafe-http)', 'POST', REG, 'learned', false],
      ['i.dcr(unsafe-javascript)', 'POST', REG, 'learned', false],
    ]);
    expect(sent.map((s) => (JSON.parse(s.body!) as { redirect_uris: string[] }).redirect_uris)).toEqual([
      ['http://evil.example/cb'],
      ['javascript:alert(1)'],
    ]);
    expect(sent.every((s) => s.secretResponseMembers?.includes('registration_access_token'))).toBe(true);
  });

  it('an accepted registration is deleted with its registration access token, which evidence never holds', async () => {
    const { client, sent } = fakeClient((s) =>
      s.method === 'DELETE' ? { status: 204 } : s.probe === 'i.dcr(unsafe-http)' ? accept() : refuse(),
    );
    const p = await probeDcrUnsafe({
      client,
      mode: 'intrusive',
      server: server({ registration_endpoint: REG }),
    });
    expect(sent.map((s) => s.probe)).toEqual([
      'i.dcr(unsafe-http)',
      'i.dcr.cleanup',
      'i.dcr(unsafe-javascript)',
    ]);
    const del = sent[1]!;
    expect([del.method, del.url, del.source, del.attachCredentials]).toEqual([
      'DELETE',
      `${REG}/c9`,
      'learned',
      false,
    ]);
    expect(del.headers?.['authorization']).toBe(`Bearer ${TOKEN}`);
    expect(del.secrets).toEqual([TOKEN]);
    expect(p.kind === 'ok' && p.value.http).toMatchObject({
      kind: 'ok',
      value: {
        status: 201,
        clientId: true,
        registrationAccessToken: true,
        deletion: { status: 204, deleted: true },
      },
    });
    expect(JSON.stringify(p)).not.toContain(TOKEN);
  });

  it('no cleanup without registration_client_uri or token; a failed deletion is recorded', async () => {
    const noToken = fakeClient(() => accept({ registration_access_token: undefined }));
    const p = await probeDcrUnsafe({
      client: noToken.client,
      mode: 'intrusive',
      server: server({ registration_endpoint: REG }),
    });
    expect(noToken.sent.some((s) => s.method === 'DELETE')).toBe(false);
    expect(p.kind === 'ok' && p.value.http.kind === 'ok' && p.value.http.value.deletion).toBeNull();

    const failing = fakeClient((s) => (s.method === 'DELETE' ? null : accept()));
    const q = await probeDcrUnsafe({
      client: failing.client,
      mode: 'intrusive',
      server: server({ registration_endpoint: REG }),
    });
    expect(
      q.kind === 'ok' && q.value.javascript.kind === 'ok' && q.value.javascript.value.deletion,
    ).toMatchObject({
      status: null,
      deleted: false,
    });
  });

  it('no answer: the registration failed', async () => {
    const { client } = fakeClient(() => null);
    const p = await probeDcrUnsafe({
      client,
      mode: 'intrusive',
      server: server({ registration_endpoint: REG }),
    });
    expect(p.kind === 'ok' && [p.value.http.kind, p.value.javascript.kind]).toEqual(['failed', 'failed']);
  });
});
