import check from '../../../src/checks/act/MCPP-ACT12.js';
import type { AuthzAnswer, ProxyProbes } from '../../../src/evidence/auth-types.js';
import type { Probe } from '../../../src/evidence/types.js';
import { loginOf, redirectOf } from '../../../src/probe/auth/authz.js';
import { testCheck } from '../../helpers/check-tester.js';
import type { EvidenceBuilder } from '../../helpers/evidence.js';
import { evidence } from '../../helpers/evidence.js';
import { asObservation, goodAsMetadata, ISSUER, oauthEvidence } from '../../helpers/oauth.js';

const AUTH = `${ISSUER}/auth`;
const REDIRECT = 'http://127.0.0.1/callback';
const UPSTREAM = 'https://idp.example/oauth2/authorize';

interface Spec {
  readonly status?: number;
  readonly location?: string;
  readonly body?: string;
}

function answer(b: EvidenceBuilder, n: number, spec: Spec): Probe<AuthzAnswer> {
  const params = { response_type: 'code', client_id: `fresh-${n}`, redirect_uri: REDIRECT };
  const url = `${AUTH}?${new URLSearchParams(params).toString()}`;
  const status = spec.status ?? (spec.location ? 302 : 200);
  const body = spec.body ?? '';
  const exchange = b.exchange({
    method: 'GET',
    url,
    status,
    headers: { 'content-type': 'text/html', ...(spec.location ? { location: spec.location } : {}) },
    body,
    probe: `i.proxy.authorize(${n})`,
  });
  const redirect = spec.location ? redirectOf(spec.location, url) : null;
  return {
    kind: 'ok',
    value: {
      params,
      status,
      mediaType: 'text/html',
      redirect,
      login: loginOf(body, 'text/html', redirect, new Set([new URL(AUTH).origin])),
      exchange,
    },
    exchanges: [exchange],
  };
}

/** The protected server whose AS (same host) has open registration; `specs` answer the two fresh clients. */
function proxyEvidence(specs: readonly [Spec, Spec] | null, opts: { issuer?: string } = {}) {
  return oauthEvidence((d, b, ev) => {
    ev.settings.mode = 'intrusive';
    const issuer = opts.issuer ?? ISSUER;
    d.authorizationServers = [
      asObservation(
        b,
        goodAsMetadata({ issuer, authorization_endpoint: AUTH, registration_endpoint: `${ISSUER}/reg` }),
        { issuer },
      ),
    ];
    if (specs === null) return;
    const attempts = specs.map((spec, i) => {
      const reg = b.exchange({
        method: 'POST',
        url: `${ISSUER}/reg`,
        status: 201,
        body: '{}',
        probe: `i.proxy.register(${i + 1})`,
      });
      const del = b.exchange({
        method: 'DELETE',
        url: `${ISSUER}/reg/fresh-${i + 1}`,
        status: 204,
        body: '',
        probe: `i.proxy.cleanup(${i + 1})`,
      });
      return {
        clientId: `fresh-${i + 1}`,
        redirectUri: REDIRECT,
        registration: {
          registrationEndpoint: `${ISSUER}/reg`,
          exchange: reg,
          deletion: { status: 204, deleted: true, exchange: del },
        },
        answer: answer(b, i + 1, spec),
      };
    });
    const value: ProxyProbes = { issuer, authorizationEndpoint: AUTH, attempts };
    d.proxy = { kind: 'ok', value, exchanges: [] };
  });
}

const upstream = (clientId: string): Spec => ({
  location: `${UPSTREAM}?client_id=${clientId}&redirect_uri=${encodeURIComponent(`${ISSUER}/upstream/callback`)}&state=s`,
});
const loginRedirect: Spec = { status: 303, location: '/interaction/abc' };
const consentPage: Spec = { body: '<form method="post" action="/consent"><button>Allow</button></form>' };

testCheck(check, {
  pass: [
    {
      name: 'both fresh clients get the AS’s own login step (oidc-provider)',
      evidence: proxyEvidence([loginRedirect, loginRedirect]),
    },
    { name: 'both get an own consent page', evidence: proxyEvidence([consentPage, consentPage]) },
    {
      name: 'both redirected upstream, each with its own upstream client (upstream DCR)',
      evidence: proxyEvidence([upstream('up-1'), upstream('up-2')]),
    },
  ],
  fail: [
    {
      name: 'both redirected at once upstream with one static upstream client_id',
      evidence: proxyEvidence([upstream('static-upstream-client'), upstream('static-upstream-client')]),
      key: 'static-upstream',
      severity: 'high',
    },
  ],
  inconclusive: [
    {
      name: 'one upstream, one own page',
      evidence: proxyEvidence([upstream('x'), loginRedirect]),
      reason: 'ambiguous',
    },
    {
      name: 'a server error',
      evidence: proxyEvidence([{ status: 503 }, { status: 503 }]),
      reason: 'ambiguous',
    },
    { name: 'evidence from before the probe', evidence: proxyEvidence(null), reason: 'probe_unavailable' },
  ],
  notApplicable: [
    {
      name: 'the AS is a third-party IdP on another host',
      evidence: proxyEvidence([upstream('s'), upstream('s')], { issuer: 'https://login.idp.example' }),
      reason: 'feature_absent',
    },
    {
      name: 'no authorization in use',
      evidence: evidence((ev) => void (ev.settings.mode = 'intrusive')),
      reason: 'no_auth',
    },
  ],
});
