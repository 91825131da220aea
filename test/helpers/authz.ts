/**
 * Builders for the intrusive authorization requests (`i.authz(variant)`) on top of
 * `oauthEvidence()`: an intrusive scan with a designated client whose four requests are
 * answered as oidc-provider answers them (error redirects to the registered redirect URI
 * carrying `iss`, a 400 page for the unregistered redirect URI). Each test replaces one answer.
 * Redirect parsing and login detection are the probe's own (src/probe/auth/authz.ts).
 */
import type { AuthzAnswer, AuthzProbes } from '../../src/evidence/auth-types.js';
import type { Evidence, Probe } from '../../src/evidence/types.js';
import { loginOf, redirectOf } from '../../src/probe/auth/authz.js';
import type { CheckCases } from './check-tester.js';
import type { EvidenceBuilder } from './evidence.js';
import { evidence } from './evidence.js';
import type { OAuthDraft, Patchable } from './oauth.js';
import { ISSUER, oauthEvidence } from './oauth.js';

export const CLIENT_ID = 'mcp-posture-test-client';
export const REDIRECT_URI = 'http://127.0.0.1:3999/callback';
export const UNREGISTERED = 'https://mcp-posture-probe.invalid/cb';
export const AUTH_ENDPOINT = `${ISSUER}/auth`;

export type Variant = 'no-pkce' | 'plain' | 'bad-redirect' | 'bogus-response-type' | 'foreign-resource';

const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

function paramsOf(variant: Variant): Record<string, string> {
  const base = {
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    scope: 'mcp:tools mcp:resources',
    state: `mcp-posture-probe-${variant}`,
  };
  switch (variant) {
    case 'no-pkce':
      return base;
    case 'plain':
      return { ...base, code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' };
    case 'bad-redirect':
      return {
        ...base,
        redirect_uri: UNREGISTERED,
        code_challenge: CHALLENGE,
        code_challenge_method: 'S256',
      };
    case 'bogus-response-type':
      return {
        ...base,
        response_type: 'mcp_posture_bogus',
        code_challenge: CHALLENGE,
        code_challenge_method: 'S256',
      };
    case 'foreign-resource':
      return {
        ...base,
        resource: 'https://mcp-posture-foreign.invalid/mcp',
        code_challenge: CHALLENGE,
        code_challenge_method: 'S256',
      };
  }
}

export interface AnswerSpec {
  readonly status?: number;
  readonly location?: string | null;
  readonly body?: string;
  readonly mediaType?: string | null;
}

/** One `i.authz(variant)` answer, recorded as an exchange and read as the probe reads it. */
export function answer(b: EvidenceBuilder, variant: Variant, spec: AnswerSpec = {}): Probe<AuthzAnswer> {
  return authorizationAnswer(
    b,
    `i.authz(${variant})`,
    paramsOf(variant),
    spec,
    '<html><h1>oops!</h1></html>',
  );
}

/**
 * An authorization endpoint's first answer to a request with `params`, recorded as an exchange
 * under `probe` and read as the probes read it (shared by the i.authz and i.cimd helpers).
 */
export function authorizationAnswer(
  b: EvidenceBuilder,
  probe: string,
  params: Record<string, string>,
  spec: AnswerSpec,
  errorBody: string,
): Probe<AuthzAnswer> & { kind: 'ok' } {
  const url = `${AUTH_ENDPOINT}?${new URLSearchParams(params).toString()}`;
  const status = spec.status ?? (spec.location ? 303 : 400);
  const mediaType = spec.mediaType === undefined ? 'text/html' : spec.mediaType;
  const body = spec.body ?? (spec.location ? `Redirecting to ${spec.location}.` : errorBody);
  const exchange = b.exchange({
    method: 'GET',
    url,
    status,
    headers: {
      ...(mediaType ? { 'content-type': `${mediaType}; charset=utf-8` } : {}),
      ...(spec.location ? { location: spec.location } : {}),
    },
    body,
    probe,
  });
  const redirect = spec.location ? redirectOf(spec.location, url) : null;
  return {
    kind: 'ok',
    value: {
      params,
      status,
      mediaType,
      redirect,
      login: loginOf(body, mediaType, redirect, new Set([new URL(AUTH_ENDPOINT).origin])),
      exchange,
    },
    exchanges: [exchange],
  };
}

/** `REDIRECT_URI` with these authorization-response parameters (`iss` = ISSUER unless given or null). */
export function toClient(
  params: { error?: string; code?: string; iss?: string | null; state?: string },
  where: 'query' | 'fragment' = 'query',
): string {
  const q = new URLSearchParams();
  if (params.error) q.set('error', params.error);
  if (params.code) q.set('code', params.code);
  q.set('state', params.state ?? 'mcp-posture-probe-x');
  if (params.iss !== null) q.set('iss', params.iss ?? ISSUER);
  return `${REDIRECT_URI}${where === 'query' ? '?' : '#'}${q.toString()}`;
}

export const errorRedirect = (
  b: EvidenceBuilder,
  v: Variant,
  error = 'invalid_request',
  iss?: string | null,
) => answer(b, v, { location: toClient({ error, ...(iss !== undefined ? { iss } : {}) }) });
export const errorPage = (b: EvidenceBuilder, v: Variant, body?: string, status = 400) =>
  answer(b, v, { status, ...(body !== undefined ? { body } : {}) });
export const loginRedirect = (b: EvidenceBuilder, v: Variant) =>
  answer(b, v, { location: '/interaction/Jx9kd0s2b1' });
export const loginPage = (b: EvidenceBuilder, v: Variant) =>
  answer(b, v, {
    status: 200,
    body: '<!doctype html><form method="post" action="/login"><input name="login"><input type="password" name="password"></form>',
  });

type Answers = Pick<
  AuthzProbes,
  'noPkce' | 'plain' | 'badRedirect' | 'bogusResponseType' | 'foreignResource'
>;

/**
 * The answers oidc-provider gives with PKCE required (error redirects with `iss`, a 400 page naming
 * the redirect URI for the unregistered one), with `overrides` in place of some.
 */
export function authzProbes(b: EvidenceBuilder, overrides: Partial<Answers> = {}): Probe<AuthzProbes> {
  const value: AuthzProbes = {
    issuer: ISSUER,
    authorizationEndpoint: AUTH_ENDPOINT,
    clientId: CLIENT_ID,
    redirectUri: REDIRECT_URI,
    noPkce: overrides.noPkce ?? errorRedirect(b, 'no-pkce'),
    plain: overrides.plain ?? errorRedirect(b, 'plain'),
    badRedirect:
      overrides.badRedirect ??
      errorPage(
        b,
        'bad-redirect',
        '<html><h1>oops! something went wrong</h1><pre>invalid_redirect_uri: redirect_uri did not match any of the client’s registered redirect_uris</pre></html>',
      ),
    bogusResponseType:
      overrides.bogusResponseType ?? errorRedirect(b, 'bogus-response-type', 'unsupported_response_type'),
    ...(overrides.foreignResource ? { foreignResource: overrides.foreignResource } : {}),
  };
  const all = [
    value.noPkce,
    value.plain,
    value.badRedirect,
    value.bogusResponseType,
    ...(value.foreignResource ? [value.foreignResource] : []),
  ];
  return { kind: 'ok', value, exchanges: all.flatMap((p) => (p.kind === 'skipped' ? [] : p.exchanges)) };
}

/**
 * An intrusive scan of the protected server with the designated client; `make` builds the
 * `i.authz` evidence (undefined: not collected, as in bundles from before the probe).
 */
export function authzEvidence(
  make: (b: EvidenceBuilder, d: OAuthDraft, ev: Patchable) => Probe<AuthzProbes> | undefined,
): Evidence {
  return oauthEvidence((d, b, ev) => {
    ev.settings.mode = 'intrusive';
    const authz = make(b, d, ev);
    if (authz !== undefined) d.authz = authz;
  });
}

/** The default answers with some replaced. */
export const withAnswers = (pick: (b: EvidenceBuilder) => Partial<Answers>): Evidence =>
  authzEvidence((b) => authzProbes(b, pick(b)));

/**
 * The outcomes every `i.authz` check shares: no designated client, evidence from before the
 * probe existed, and no authorization at all.
 */
export const SHARED_AUTHZ_CASES = {
  inconclusive: [
    {
      name: 'no designated client (needs_designation)',
      evidence: authzEvidence(() => ({
        kind: 'skipped',
        reason: 'not_designated',
        detail: 'needs --oauth-client-id and --oauth-redirect-uri',
      })),
      reason: 'needs_designation',
    },
    {
      name: 'evidence from before the probe existed (not collected)',
      evidence: authzEvidence(() => undefined),
      reason: 'probe_unavailable',
    },
  ],
  notApplicable: [
    {
      name: 'no authorization in use',
      evidence: evidence((ev) => void (ev.settings.mode = 'intrusive')),
      reason: 'no_auth',
    },
  ],
} as const satisfies Pick<CheckCases, 'inconclusive' | 'notApplicable'>;
