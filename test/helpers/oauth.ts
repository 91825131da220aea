/**
 * Builders for OAuth discovery evidence. `oauthEvidence()` describes a
 * well-configured protected server on loopback: every MCP request gets a 401
 * Bearer challenge with `resource_metadata` and `scope`, the path-inserted PRM
 * names one authorization server, and that AS publishes good RFC 8414 metadata.
 * Tests replace one piece at a time with the helpers below.
 */
import type {
  AsMetadataAttempt,
  AuthChallenge,
  AuthDiscovery,
  AuthorizationServerObservation,
  ChallengeObservation,
  DocumentFetch,
  PrmCandidate,
} from '../../src/evidence/auth-types.js';
import type { Evidence, Probe, HttpReply } from '../../src/evidence/types.js';
import type { EvidenceBuilder } from './evidence.js';
import { evidence } from './evidence.js';

export const MCP_URL = 'http://127.0.0.1:3000/mcp';
export const PRM_URL = 'http://127.0.0.1:3000/.well-known/oauth-protected-resource/mcp';
export const ROOT_PRM_URL = 'http://127.0.0.1:3000/.well-known/oauth-protected-resource';
export const ISSUER = 'http://127.0.0.1:4000';

export type Patchable = Parameters<NonNullable<Parameters<typeof evidence>[0]>>[0];

/** A mutable working copy of the discovery, applied to the evidence by `oauthEvidence`. */
export interface OAuthDraft {
  challenges: ChallengeObservation[];
  prm: PrmCandidate[];
  authorizationServers: AuthorizationServerObservation[];
  legacyBase: AuthDiscovery['legacyBase'];
  garbageToken: Probe<HttpReply>;
  forwarded: AuthDiscovery['forwarded'];
  methodsNoAuth: { method: string; probe: Probe<HttpReply> }[];
  addresses: AuthDiscovery['addresses'][number][];
  tokenClaims: AuthDiscovery['tokenClaims'];
  tokenKind: AuthDiscovery['tokenKind'];
  tokenProbes: AuthDiscovery['tokenProbes'];
  /** `i.authz(variant)`; left out, the evidence is as from before the probe existed. */
  authz?: AuthDiscovery['authz'];
  /** `i.dcr(unsafe)`; left out, the evidence is as from before the probe existed. */
  dcrUnsafe?: AuthDiscovery['dcrUnsafe'];
  /** `i.proxy`; left out, the evidence is as from before the probe existed. */
  proxy?: AuthDiscovery['proxy'];
  /** `i.cimd(variant)`; left out, the evidence is as from before the probe existed. */
  cimd?: AuthDiscovery['cimd'];
}

const NO_TOKEN = { kind: 'skipped', reason: 'no_token', detail: 'needs --token' } as const;
/** No token supplied, safe mode: every token-tier and intrusive probe skipped. */
export const TOKEN_PROBES_SKIPPED: AuthDiscovery['tokenProbes'] = {
  sessionReplay: NO_TOKEN,
  foreign: { kind: 'skipped', reason: 'no_token', detail: 'needs --second-token-env' },
  narrow: { kind: 'skipped', reason: 'no_token', detail: 'needs --narrow-token-env' },
  query: { kind: 'skipped', reason: 'mode_disabled', detail: 'needs --mode intrusive' },
  forged: { kind: 'skipped', reason: 'mode_disabled', detail: 'needs --mode intrusive' },
};

export function goodPrm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    resource: MCP_URL,
    authorization_servers: [ISSUER],
    scopes_supported: ['mcp:tools', 'mcp:resources'],
    bearer_methods_supported: ['header'],
    ...overrides,
  };
}

export function goodAsMetadata(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    issuer: ISSUER,
    authorization_endpoint: `${ISSUER}/auth`,
    token_endpoint: `${ISSUER}/token`,
    jwks_uri: `${ISSUER}/jwks`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none', 'private_key_jwt'],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
    scopes_supported: ['openid', 'mcp:tools', 'mcp:resources', 'offline_access'],
    ...overrides,
  };
}

export function bearer(params: Record<string, string>, scheme = 'bearer'): AuthChallenge {
  return { scheme, token68: null, params, duplicateParams: [] };
}

/** A challenge observation with its exchange; `header` defaults to a rendering of the challenge. */
export function challenge(
  b: EvidenceBuilder,
  opts: {
    params?: Record<string, string>;
    status?: number;
    header?: string[];
    challenges?: AuthChallenge[] | null;
    parseError?: string | null;
    credentialsSent?: boolean;
    probe?: string;
  } = {},
): ChallengeObservation {
  const params = opts.params ?? { resource_metadata: PRM_URL, scope: 'mcp:tools' };
  const header = opts.header ?? [
    `Bearer ${Object.entries(params)
      .map(([k, v]) => `${k}="${v}"`)
      .join(', ')}`,
  ];
  const status = opts.status ?? 401;
  const exchange = b.exchange({
    status,
    headers: { 'www-authenticate': header },
    probe: opts.probe ?? 'p.discover',
  });
  return {
    probe: opts.probe ?? 'p.discover',
    exchange,
    status,
    header,
    challenges: opts.challenges === undefined ? [bearer(params)] : opts.challenges,
    parseError: opts.parseError ?? null,
    credentialsSent: opts.credentialsSent ?? false,
  };
}

/** A fetched JSON document (200 application/json by default). */
export function docFetch(
  b: EvidenceBuilder,
  url: string,
  json: unknown,
  opts: {
    status?: number;
    mediaType?: string | null;
    headers?: Record<string, string>;
    finalUrl?: string;
    hops?: DocumentFetch['hops'];
  } = {},
): Probe<DocumentFetch> {
  const status = opts.status ?? 200;
  const mediaType = opts.mediaType === undefined ? 'application/json' : opts.mediaType;
  const body = json === undefined ? '' : JSON.stringify(json);
  const exchange = b.exchange({
    method: 'GET',
    url: opts.finalUrl ?? url,
    status,
    headers: { ...(mediaType ? { 'content-type': mediaType } : {}), ...(opts.headers ?? {}) },
    body,
    probe: 'p.prm',
  });
  return {
    kind: 'ok',
    value: {
      url,
      finalUrl: opts.finalUrl ?? url,
      hops: opts.hops ?? [],
      status,
      mediaType,
      json: json === undefined ? null : json,
      jsonError: null,
      exchange,
    },
    exchanges: [...(opts.hops ?? []).map((h) => h.exchange), exchange],
  };
}

export function prmCandidate(
  b: EvidenceBuilder,
  source: PrmCandidate['source'],
  url: string,
  json: unknown,
  status = 200,
): PrmCandidate {
  return { source, url, fetch: docFetch(b, url, json, { status }), signed: null };
}

export function asObservation(
  b: EvidenceBuilder,
  metadata: Record<string, unknown> | null,
  opts: { issuer?: string; via?: AuthorizationServerObservation['via'] } = {},
): AuthorizationServerObservation {
  const issuer = opts.issuer ?? ISSUER;
  const u = new URL(issuer);
  const path = u.pathname === '/' ? '' : u.pathname;
  const oauthUrl = `${u.origin}/.well-known/oauth-authorization-server${path}`;
  const attempts: AsMetadataAttempt[] = [
    {
      url: oauthUrl,
      kind: 'oauth',
      fetch: metadata
        ? docFetch(b, oauthUrl, metadata)
        : docFetch(b, oauthUrl, undefined, { status: 404, mediaType: 'text/plain' }),
    },
  ];
  if (!metadata) {
    const oidcUrl = `${u.origin}/.well-known/openid-configuration${path}`;
    attempts.push({
      url: oidcUrl,
      kind: 'openid',
      fetch: docFetch(b, oidcUrl, undefined, { status: 404, mediaType: 'text/plain' }),
    });
  }
  return {
    issuer,
    via: opts.via ?? 'prm',
    attempts,
    found: metadata ? { attempt: 0, metadata } : null,
    dcrMalformed: { kind: 'skipped', reason: 'not_needed', detail: 'no registration endpoint' },
    addresses: [{ role: 'issuer', url: issuer, addresses: ['127.0.0.1'], scope: 'loopback' }],
  };
}

/**
 * Evidence of a protected server: every MCP request answered 401 (auth wall),
 * authorization in use, and the discovery chain from `draft` (a good chain by
 * default; `patch` edits it).
 */
export function oauthEvidence(patch?: (d: OAuthDraft, b: EvidenceBuilder, ev: Patchable) => void): Evidence {
  return evidence((ev, b) => {
    const wall = (probe: string) => {
      const c = challenge(b, { probe });
      return c;
    };
    const draft: OAuthDraft = {
      challenges: [wall('p.discover'), wall('p.init(2025-11-25)')],
      prm: [prmCandidate(b, 'path-inserted', PRM_URL, goodPrm())],
      authorizationServers: [],
      legacyBase: null,
      garbageToken: b.ok(
        b.reply({
          status: 401,
          mediaType: null,
          headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
        }),
      ),
      forwarded: { challenge: { kind: 'skipped', reason: 'not_needed' }, prm: [] },
      methodsNoAuth: ['initialize', 'server/discover', 'tools/list', 'tools/call', 'GET', 'DELETE'].map(
        (method) => ({
          method,
          probe: b.ok(
            b.reply({
              status: 401,
              mediaType: null,
              headers: { 'www-authenticate': `Bearer resource_metadata="${PRM_URL}"` },
            }),
          ),
        }),
      ),
      addresses: [
        { role: 'resource_metadata', url: PRM_URL, addresses: ['127.0.0.1'], scope: 'loopback' },
        { role: 'authorization_servers[0]', url: ISSUER, addresses: ['127.0.0.1'], scope: 'loopback' },
      ],
      tokenClaims: null,
      tokenKind: 'none',
      tokenProbes: TOKEN_PROBES_SKIPPED,
    };
    draft.authorizationServers.push(asObservation(b, goodAsMetadata()));
    // Behind the wall nothing MCP-level is known.
    ev.sessions = null;
    ev.detection.authWall = true;
    ev.detection.transport = null;
    Object.assign(ev.detection, {
      revision: {
        value: null,
        source: 'bounded',
        known: [],
        candidates: ['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'],
        unconfirmed: ['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'],
        unknownVersions: [],
        eras: [],
        how: 'no handshake succeeded',
      },
    });
    ev.auth = { inUse: true, signals: ['401 from the MCP endpoint', 'Bearer challenge'] };
    patch?.(draft, b, ev);
    Object.assign(ev, { oauth: { ...draft } satisfies AuthDiscovery });
  });
}

/** Pins the evidence to known revisions (as a token-mode or pinned scan would). */
export function knownRevisions(ev: Patchable, known: Evidence['detection']['revision']['known']): void {
  Object.assign(ev.detection, {
    revision: {
      ...ev.detection.revision,
      value: known[known.length - 1] ?? null,
      source: 'negotiated',
      known,
      candidates: known,
      unconfirmed: [],
    },
  });
}

/**
 * A discovery with nothing found and nothing sent: the base for evidence that sets only the
 * parts a test is about (token probes, no-auth methods) on evidence built by another helper.
 */
export function bareOAuth(overrides: Partial<AuthDiscovery> = {}): AuthDiscovery {
  return {
    challenges: [],
    prm: [],
    authorizationServers: [],
    legacyBase: null,
    garbageToken: { kind: 'skipped', reason: 'not_needed' },
    forwarded: { challenge: { kind: 'skipped', reason: 'not_needed' }, prm: [] },
    methodsNoAuth: [],
    addresses: [],
    tokenClaims: null,
    tokenKind: 'opaque',
    tokenProbes: TOKEN_PROBES_SKIPPED,
    ...overrides,
  };
}
