import { describe, expect, it } from 'vitest';

import check from '../../../src/checks/act/MCPP-ACT09.js';
import type { DcrUnsafeAnswer, DcrUnsafeProbes } from '../../../src/evidence/auth-types.js';
import type { Evidence, Probe } from '../../../src/evidence/types.js';
import { runCheck, testCheck } from '../../helpers/check-tester.js';
import type { EvidenceBuilder } from '../../helpers/evidence.js';
import { evidence } from '../../helpers/evidence.js';
import { ISSUER, asObservation, goodAsMetadata, oauthEvidence } from '../../helpers/oauth.js';

const REGISTRATION = `${ISSUER}/reg`;
const URIS = { http: 'http://evil.example/cb', javascript: 'javascript:alert(1)' } as const;
type Key = keyof typeof URIS;

interface AnswerSpec {
  readonly status?: number;
  readonly body?: Record<string, unknown>;
  readonly challenge?: string;
  /** The RFC 7592 DELETE's status (null: no answer); undefined: not attempted. */
  readonly deleted?: number | null;
}

const refused = { status: 400, body: { error: 'invalid_redirect_uri', error_description: 'nope' } };
const created = (id = 'c1'): AnswerSpec => ({
  status: 201,
  body: {
    client_id: id,
    redirect_uris: ['x'],
    registration_client_uri: `${REGISTRATION}/${id}`,
    registration_access_token: '[REDACTED]',
  },
  deleted: 204,
});

/** One `i.dcr(unsafe-…)` answer, recorded as an exchange and read as the probe reads it. */
function answer(b: EvidenceBuilder, key: Key, spec: AnswerSpec = refused): Probe<DcrUnsafeAnswer> {
  const status = spec.status ?? 400;
  const body = spec.body ?? {};
  const exchange = b.exchange({
    method: 'POST',
    url: REGISTRATION,
    status,
    headers: {
      'content-type': 'application/json',
      ...(spec.challenge ? { 'www-authenticate': spec.challenge } : {}),
    },
    body: JSON.stringify(body),
    probe: `i.dcr(unsafe-${key})`,
  });
  const str = (k: string) => (typeof body[k] === 'string' ? body[k] : null);
  let deletion: DcrUnsafeAnswer['deletion'] = null;
  if (spec.deleted !== undefined) {
    const d = spec.deleted;
    const x =
      d === null
        ? b.exchange({
            method: 'DELETE',
            error: { code: 'connect', message: 'connect' },
            probe: 'i.dcr.cleanup',
          })
        : b.exchange({
            method: 'DELETE',
            url: str('registration_client_uri')!,
            status: d,
            probe: 'i.dcr.cleanup',
          });
    deletion = { status: d, deleted: d !== null && d >= 200 && d < 300, exchange: x };
  }
  return {
    kind: 'ok',
    value: {
      redirectUri: URIS[key],
      status,
      error: str('error'),
      errorDescription: str('error_description'),
      clientId: str('client_id') !== null,
      registrationClientUri: str('registration_client_uri'),
      registrationAccessToken: str('registration_access_token') !== null,
      challenged: spec.challenge !== undefined,
      exchange,
      deletion,
    },
    exchanges: deletion ? [exchange, deletion.exchange] : [exchange],
  };
}

function dcrProbes(
  b: EvidenceBuilder,
  overrides: Partial<Record<Key, Probe<DcrUnsafeAnswer>>> = {},
): Probe<DcrUnsafeProbes> {
  const http = overrides.http ?? answer(b, 'http');
  const javascript = overrides.javascript ?? answer(b, 'javascript');
  return {
    kind: 'ok',
    value: { issuer: ISSUER, registrationEndpoint: REGISTRATION, http, javascript },
    exchanges: [http, javascript].flatMap((p) => (p.kind === 'skipped' ? [] : p.exchanges)),
  };
}

/** An intrusive scan whose first AS publishes a registration endpoint; `make` builds `i.dcr`. */
function dcrEvidence(
  make: (b: EvidenceBuilder) => Probe<DcrUnsafeProbes> | undefined,
  metadata: Record<string, unknown> | null = goodAsMetadata({ registration_endpoint: REGISTRATION }),
): Evidence {
  return oauthEvidence((d, b, ev) => {
    ev.settings.mode = 'intrusive';
    d.authorizationServers = [asObservation(b, metadata)];
    const dcr = make(b);
    if (dcr !== undefined) d.dcrUnsafe = dcr;
  });
}

const withAnswers = (pick: (b: EvidenceBuilder) => Partial<Record<Key, Probe<DcrUnsafeAnswer>>>) =>
  dcrEvidence((b) => dcrProbes(b, pick(b)));

testCheck(check, {
  pass: [
    {
      name: 'both refused with 400 invalid_redirect_uri',
      evidence: withAnswers(() => ({})),
    },
    {
      name: 'both refused with 400 invalid_client_metadata',
      evidence: withAnswers((b) => ({
        http: answer(b, 'http', { status: 400, body: { error: 'invalid_client_metadata' } }),
        javascript: answer(b, 'javascript', { status: 400, body: { error: 'invalid_client_metadata' } }),
      })),
    },
  ],
  fail: [
    {
      name: 'http://evil.example/cb accepted (201), deleted again',
      evidence: withAnswers((b) => ({ http: answer(b, 'http', created()) })),
      key: 'http',
      severity: 'high',
    },
    {
      name: 'javascript: accepted (201), deleted again',
      evidence: withAnswers((b) => ({ javascript: answer(b, 'javascript', created()) })),
      key: 'javascript',
      severity: 'high',
    },
    {
      name: 'accepted (200) without RFC 7592 management: not deleted',
      evidence: withAnswers((b) => ({
        http: answer(b, 'http', { status: 200, body: { client_id: 'c2', redirect_uris: [URIS.http] } }),
      })),
      key: 'http',
    },
  ],
  inconclusive: [
    {
      name: 'evidence from before the probe existed (not collected)',
      evidence: dcrEvidence(() => undefined),
      reason: 'probe_unavailable',
    },
    {
      name: 'safe mode: not sent (mode_disabled)',
      evidence: dcrEvidence(() => ({
        kind: 'skipped',
        reason: 'mode_disabled',
        detail: 'needs --mode intrusive',
      })),
      reason: 'mode_disabled',
    },
    {
      name: 'rate limited (429)',
      evidence: withAnswers((b) => ({ http: answer(b, 'http', { status: 429 }) })),
      reason: 'rate_limited',
    },
    {
      name: 'server error (500)',
      evidence: withAnswers((b) => ({ javascript: answer(b, 'javascript', { status: 500 }) })),
      reason: 'fetch_failed',
    },
    {
      name: 'the request failed (connect)',
      evidence: withAnswers((b) => ({ http: b.failed('connect') })),
      reason: 'fetch_failed',
    },
    {
      name: '400 with another error code (invalid_request)',
      evidence: withAnswers((b) => ({
        http: answer(b, 'http', { status: 400, body: { error: 'invalid_request' } }),
      })),
      reason: 'ambiguous',
    },
    {
      name: 'another 4xx (404)',
      evidence: withAnswers((b) => ({ javascript: answer(b, 'javascript', { status: 404 }) })),
      reason: 'ambiguous',
    },
  ],
  notApplicable: [
    {
      name: 'no authorization in use',
      evidence: evidence((ev) => void (ev.settings.mode = 'intrusive')),
      reason: 'no_auth',
    },
    {
      name: 'the AS publishes no registration_endpoint',
      evidence: dcrEvidence(
        () => ({ kind: 'skipped', reason: 'not_needed', detail: 'no registration_endpoint' }),
        goodAsMetadata(),
      ),
      reason: 'feature_absent',
    },
    {
      name: 'registration protected: both answered 401 (initial access token required)',
      evidence: withAnswers((b) => ({
        http: answer(b, 'http', { status: 401, body: { error: 'invalid_token' } }),
        javascript: answer(b, 'javascript', { status: 401, body: { error: 'invalid_token' } }),
      })),
      reason: 'feature_absent',
    },
    {
      name: 'registration protected: 400 with a Bearer challenge',
      evidence: withAnswers((b) => ({
        http: answer(b, 'http', { status: 400, challenge: 'Bearer error="invalid_token"' }),
        javascript: answer(b, 'javascript', { status: 403 }),
      })),
      reason: 'feature_absent',
    },
    {
      name: 'the AS metadata was not found (MCPP-ASM01 reports it)',
      evidence: dcrEvidence(
        () => ({ kind: 'skipped', reason: 'dependency_failed', detail: 'no metadata' }),
        null,
      ),
      reason: 'feature_absent',
    },
  ],
});

describe('MCPP-ACT09 details', () => {
  it('one result per redirect URI, keyed', () => {
    const { results } = runCheck(
      check,
      withAnswers((b) => ({ http: answer(b, 'http', created()) })),
    );
    expect(results.map((r) => [r.status, r.key])).toEqual([
      ['fail', 'http'],
      ['pass', 'javascript'],
    ]);
  });

  it('the fail message says whether the client was deleted, and cites the registration and the DELETE', () => {
    const ev = withAnswers((b) => ({
      http: answer(b, 'http', created()),
      javascript: answer(b, 'javascript', { ...created('c3'), deleted: 404 }),
    }));
    const [http, js] = runCheck(check, ev).results;
    expect(http?.message).toMatch(/deleted again \(RFC 7592 DELETE answered 204\)/);
    expect(js?.message).toMatch(/deleting it failed \(RFC 7592 DELETE answered 404\).*by hand/);
    expect(http?.evidence.map((id) => ev.exchanges.find((x) => x.id === id)?.probe)).toEqual([
      'i.dcr(unsafe-http)',
      'i.dcr.cleanup',
    ]);
  });

  it('a client created without management is reported as not deleted', () => {
    const ev = withAnswers((b) => ({
      javascript: answer(b, 'javascript', { status: 201, body: { client_id: 'c4' } }),
    }));
    const fail = runCheck(check, ev).results.find((r) => r.status === 'fail')!;
    expect(fail.key).toBe('javascript');
    expect(fail.message).toMatch(/could not be deleted.*by hand/);
  });

  it('a protected answer for one request only is ambiguous, not a protected registration', () => {
    const { results } = runCheck(
      check,
      withAnswers((b) => ({ http: answer(b, 'http', { status: 401 }) })),
    );
    expect(results.map((r) => [r.status, r.key, r.reason])).toEqual([
      ['inconclusive', 'http', 'ambiguous'],
      ['pass', 'javascript', null],
    ]);
  });
});
