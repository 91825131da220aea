/**
 * Builders for authorization-server evidence on top of `oauth.ts`: metadata of
 * the real servers the checks must not misjudge (oidc-provider, the SDK demo
 * AS), OpenID-only and unreachable servers, the `s.dcr.malformed` answer, the
 * 2025-03-26 origin model, public targets and decoded tokens.
 */
import type {
  AddressObservation,
  AsMetadataAttempt,
  AuthorizationServerObservation,
  DocumentFetch,
} from '../../src/evidence/auth-types.js';
import type { Evidence, Probe, HttpReply } from '../../src/evidence/types.js';
import type { EvidenceBuilder } from './evidence.js';
import { setHttpTarget } from './evidence.js';
import type { OAuthDraft, Patchable } from './oauth.js';
import { asObservation, docFetch, goodAsMetadata, ISSUER, knownRevisions, oauthEvidence } from './oauth.js';

export const HTTPS_ISSUER = 'https://auth.example.com';
export const HTTPS_MCP_URL = 'https://mcp.example.com/mcp';
/** The SDK demo AS (`simpleStreamableHttp.js --oauth`): its issuer ends in a slash. */
export const SDK_DEMO_ISSUER = 'http://localhost:3302/';

/** Good metadata with every URL on https. */
export function httpsAsMetadata(
  issuer = HTTPS_ISSUER,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return goodAsMetadata({
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    ...overrides,
  });
}

/** oidc-provider 9.13.3 discovery with the project's test configuration. */
export function oidcProviderMetadata(issuer = ISSUER): Record<string, unknown> {
  const algs = ['HS256', 'RS256', 'PS256', 'ES256', 'EdDSA'];
  return {
    authorization_endpoint: `${issuer}/auth`,
    claims_parameter_supported: false,
    claims_supported: ['sub', 'sid', 'auth_time', 'iss'],
    code_challenge_methods_supported: ['S256'],
    end_session_endpoint: `${issuer}/session/end`,
    grant_types_supported: ['authorization_code', 'refresh_token'],
    issuer,
    jwks_uri: `${issuer}/jwks`,
    authorization_response_iss_parameter_supported: true,
    response_modes_supported: ['form_post', 'fragment', 'query'],
    response_types_supported: ['code'],
    scopes_supported: ['openid', 'offline_access', 'mcp'],
    subject_types_supported: ['public'],
    token_endpoint_auth_methods_supported: [
      'client_secret_basic',
      'client_secret_jwt',
      'client_secret_post',
      'private_key_jwt',
      'none',
    ],
    token_endpoint_auth_signing_alg_values_supported: algs,
    token_endpoint: `${issuer}/token`,
    id_token_signing_alg_values_supported: ['RS256'],
    pushed_authorization_request_endpoint: `${issuer}/request`,
    request_parameter_supported: false,
    request_uri_parameter_supported: false,
    introspection_endpoint: `${issuer}/token/introspection`,
    introspection_endpoint_auth_methods_supported: ['client_secret_basic', 'private_key_jwt', 'none'],
    introspection_endpoint_auth_signing_alg_values_supported: algs,
    registration_endpoint: `${issuer}/reg`,
    revocation_endpoint: `${issuer}/token/revocation`,
    revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'private_key_jwt', 'none'],
    revocation_endpoint_auth_signing_alg_values_supported: algs,
    dpop_signing_alg_values_supported: ['ES256', 'EdDSA'],
    claim_types_supported: ['normal'],
  };
}

/** The SDK's `mcpAuthRouter` metadata for the demo AS. */
export function sdkDemoMetadata(issuer = SDK_DEMO_ISSUER): Record<string, unknown> {
  return {
    issuer,
    authorization_endpoint: new URL('/authorize', issuer).href,
    token_endpoint: new URL('/token', issuer).href,
    registration_endpoint: new URL('/register', issuer).href,
    revocation_endpoint: new URL('/revoke', issuer).href,
    response_types_supported: ['code'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'none'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    revocation_endpoint_auth_methods_supported: ['client_secret_post'],
    scopes_supported: ['mcp:tools'],
  };
}

/**
 * An AS whose metadata was found at the given attempt kind, with every earlier
 * attempt answered 404 (an OpenID-only server when `kind` is `openid`).
 */
export function asFound(
  b: EvidenceBuilder,
  metadata: Record<string, unknown>,
  opts: {
    issuer?: string;
    kind?: 'oauth' | 'openid';
    status?: number;
    mediaType?: string | null;
    via?: AuthorizationServerObservation['via'];
  } = {},
): AuthorizationServerObservation {
  const issuer = opts.issuer ?? ISSUER;
  const u = new URL(issuer);
  const path = u.pathname === '/' ? '' : u.pathname;
  const oauthUrl = `${u.origin}/.well-known/oauth-authorization-server${path}`;
  const openidUrl = path
    ? `${issuer}/.well-known/openid-configuration`
    : `${u.origin}/.well-known/openid-configuration`;
  const notFound = (url: string) => docFetch(b, url, undefined, { status: 404, mediaType: 'text/plain' });
  const docOpts = {
    ...(opts.status !== undefined ? { status: opts.status } : {}),
    ...(opts.mediaType !== undefined ? { mediaType: opts.mediaType } : {}),
  };
  const attempts: AsMetadataAttempt[] =
    opts.kind === 'openid'
      ? [
          { url: oauthUrl, kind: 'oauth', fetch: notFound(oauthUrl) },
          ...(path
            ? [
                {
                  url: `${u.origin}/.well-known/openid-configuration${path}`,
                  kind: 'openid' as const,
                  fetch: notFound(`${u.origin}/.well-known/openid-configuration${path}`),
                },
              ]
            : []),
          { url: openidUrl, kind: 'openid', fetch: docFetch(b, openidUrl, metadata, docOpts) },
        ]
      : [{ url: oauthUrl, kind: 'oauth', fetch: docFetch(b, oauthUrl, metadata, docOpts) }];
  return {
    ...asObservation(b, metadata, { issuer, via: opts.via ?? 'prm' }),
    attempts,
    found: { attempt: attempts.length - 1, metadata },
  };
}

/** An AS whose first metadata URL timed out. */
export function unreachableAs(b: EvidenceBuilder, issuer = ISSUER): AuthorizationServerObservation {
  const url = `${issuer}/.well-known/oauth-authorization-server`;
  const fetch = b.failed<DocumentFetch>('timeout');
  return { ...asObservation(b, null, { issuer }), attempts: [{ url, kind: 'oauth', fetch }], found: null };
}

/** The answer to `s.dcr.malformed`: status, body and headers of the POST `{`. */
export function dcrAnswer(
  b: EvidenceBuilder,
  status: number,
  body = '',
  headers: Record<string, string> = {},
): Probe<HttpReply> {
  const mediaType = body.startsWith('{') ? 'application/json' : body ? 'text/html' : null;
  const exchange = b.exchange({
    method: 'POST',
    url: `${ISSUER}/reg`,
    status,
    headers: { ...(mediaType ? { 'content-type': mediaType } : {}), ...headers },
    body,
    probe: 's.dcr.malformed',
  });
  return b.ok({
    exchange,
    status,
    mediaType,
    sessionId: null,
    bodyKind: body ? 'other' : 'empty',
    messages: [],
    response: null,
    sseEvents: [],
    issues: [],
    location: null,
  } satisfies HttpReply);
}

/** Replace the single default AS with `servers`. */
export function setServers(d: OAuthDraft, ...servers: AuthorizationServerObservation[]): void {
  d.authorizationServers.splice(0, d.authorizationServers.length, ...servers);
}

/** A protected server whose one AS publishes `metadata` (found via RFC 8414). */
export function withAsMetadata(metadata: Record<string, unknown>, issuer?: string): Evidence {
  return oauthEvidence((d, b) => setServers(d, asFound(b, metadata, issuer ? { issuer } : {})));
}

/**
 * The 2025-03-26 model: no PRM anywhere, `p.as0326` at the MCP origin with
 * `metadata` (null: 404) and, without metadata, the default endpoints answering `defaults`.
 */
export function legacyModel(
  d: OAuthDraft,
  b: EvidenceBuilder,
  opts: { metadata?: Record<string, unknown> | null; defaults?: Record<string, number | 'timeout'> } = {},
): void {
  const origin = 'http://127.0.0.1:3000';
  const prmUrl = `${origin}/.well-known/oauth-protected-resource`;
  d.prm = [
    {
      source: 'path-inserted',
      url: `${prmUrl}/mcp`,
      fetch: docFetch(b, `${prmUrl}/mcp`, undefined, { status: 404, mediaType: 'text/plain' }),
      signed: null,
    },
    { source: 'root', url: prmUrl, fetch: docFetch(b, prmUrl, undefined, { status: 404 }), signed: null },
  ];
  d.authorizationServers = [];
  const metaUrl = `${origin}/.well-known/oauth-authorization-server`;
  const metadata = opts.metadata ?? null;
  d.legacyBase = {
    metadata: metadata
      ? docFetch(b, metaUrl, metadata)
      : docFetch(b, metaUrl, undefined, { status: 404, mediaType: 'text/plain' }),
    defaults: metadata
      ? []
      : Object.entries(opts.defaults ?? { '/authorize': 400, '/token': 405, '/register': 405 }).map(
          ([path, status]) => ({
            path,
            probe:
              status === 'timeout'
                ? b.failed<HttpReply>('timeout')
                : b.ok(b.reply({ status, mediaType: 'text/html', method: 'GET', url: `${origin}${path}` })),
          }),
        ),
  };
}

/** A public target (the MCP endpoint and PRM on public addresses). */
export function publicTarget(ev: Patchable): void {
  setHttpTarget(ev, {
    url: HTTPS_MCP_URL,
    origin: 'https://mcp.example.com',
    scheme: 'https',
    hostname: 'mcp.example.com',
    address: '203.0.113.10',
    scope: 'public',
  });
}

/** Address observations for an AS: role → [address, scope]. */
export function addresses(
  issuer: string,
  entries: Record<string, [string, AddressObservation['scope']]>,
): AddressObservation[] {
  return Object.entries(entries).map(([role, [address, scope]]) => ({
    role: role === 'issuer' ? 'issuer' : `as:${issuer}#${role}`,
    url: role === 'issuer' ? issuer : `${issuer}/${role}`,
    addresses: address ? [address] : [],
    scope,
  }));
}

/** A token scan: a token was supplied, the authenticated pass established the revisions and transport. */
export function tokenScan(
  ev: Patchable,
  d: OAuthDraft,
  kind: OAuthDraft['tokenKind'],
  claims: Record<string, unknown> | null = null,
  known: Parameters<typeof knownRevisions>[1] = ['2025-06-18', '2025-11-25'],
): void {
  ev.settings.tokenSupplied = true;
  ev.detection.transport = 'streamable-http';
  ev.detection.authWall = false;
  knownRevisions(ev, known);
  d.tokenKind = kind;
  d.tokenClaims = claims;
}
