/**
 * Evidence for the fresh-client probe (`i.proxy`, ACT12 and ACT13): the protected server whose
 * authorization server (same host) has open registration, and the first answers to the two
 * fresh clients' authorization requests, read as the probe reads them.
 */
import type { AuthzAnswer, ProxyProbes } from '../../src/evidence/auth-types.js';
import type { Probe } from '../../src/evidence/types.js';
import { loginOf, redirectOf } from '../../src/probe/auth/authz.js';
import { pageProtections } from '../../src/probe/auth/page-protections.js';
import type { EvidenceBuilder } from './evidence.js';
import { asObservation, goodAsMetadata, ISSUER, oauthEvidence } from './oauth.js';

function headerMap(h: Spec['headers']): Record<string, string[]> {
  const out: Record<string, string[]> = { 'content-type': ['text/html'] };
  for (const [k, v] of Object.entries(h ?? {})) out[k.toLowerCase()] = Array.isArray(v) ? [...v] : [v];
  return out;
}

export const AUTH = `${ISSUER}/auth`;
const REDIRECT = 'http://127.0.0.1/callback';
export const UPSTREAM = 'https://idp.example/oauth2/authorize';

export interface Spec {
  readonly status?: number;
  readonly location?: string;
  readonly body?: string;
  readonly headers?: Readonly<Record<string, string | string[]>>;
}

export function answer(b: EvidenceBuilder, n: number, spec: Spec): Probe<AuthzAnswer> {
  const params = { response_type: 'code', client_id: `fresh-${n}`, redirect_uri: REDIRECT };
  const url = `${AUTH}?${new URLSearchParams(params).toString()}`;
  const status = spec.status ?? (spec.location ? 302 : 200);
  const body = spec.body ?? '';
  const exchange = b.exchange({
    method: 'GET',
    url,
    status,
    headers: {
      'content-type': 'text/html',
      ...(spec.location ? { location: spec.location } : {}),
      ...spec.headers,
    },
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
      page: redirect === null ? pageProtections(headerMap(spec.headers), body, 'text/html') : null,
      exchange,
    },
    exchanges: [exchange],
  };
}

/** The protected server whose AS (same host) has open registration; `specs` answer the two fresh clients. */
export function proxyEvidence(specs: readonly [Spec, Spec] | null, opts: { issuer?: string } = {}) {
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
