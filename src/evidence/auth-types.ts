/**
 * Evidence of the OAuth trust chain as a client discovers it before any login:
 * MCP endpoint → 401 challenge → protected-resource metadata (RFC 9728) → each
 * authorization server's metadata (RFC 8414 / OpenID Connect Discovery) → its
 * endpoints. Probes fill it; AUTHN, PRM, ASM, SCP and CIMD checks judge it.
 */
import type { AddressScope, ExchangeId, HttpReply, Probe } from './primitives.js';
import type { AuthzAnswer } from './authz-answer-types.js';
import type { CimdProbes } from './cimd-types.js';
import type { RedirectShapeProbes } from './shape-types.js';

export type { AuthzAnswer, AuthzRedirect, CookieShape, PageProtections } from './authz-answer-types.js';

/** One challenge of a `WWW-Authenticate` field (RFC 9110 §11.6.1). */
export interface AuthChallenge {
  /** Auth scheme, lower-cased (`bearer`, `dpop`). */
  readonly scheme: string;
  readonly token68: string | null;
  /** Parameter names lower-cased; quoted-string values unescaped. The first occurrence wins. */
  readonly params: Readonly<Record<string, string>>;
  /** Parameter names that appeared more than once in this challenge (RFC 9110: MUST NOT). */
  readonly duplicateParams: readonly string[];
}

/** A 401 (or a 403 carrying a challenge) from the MCP endpoint. */
export interface ChallengeObservation {
  readonly probe: string;
  readonly exchange: ExchangeId;
  readonly status: number;
  /** Every `WWW-Authenticate` field value, as received. */
  readonly header: readonly string[];
  /** Parsed challenges across all field values, or null when a value does not parse. */
  readonly challenges: readonly AuthChallenge[] | null;
  readonly parseError: string | null;
  /** The request carried an Authorization header (a crafted or user token). */
  readonly credentialsSent: boolean;
}

/** A metadata document fetch, following up to 5 redirects (each hop recorded, learned URLs vetted). */
export interface DocumentFetch {
  /** The URL first requested. */
  readonly url: string;
  /** The URL that produced the final answer. */
  readonly finalUrl: string;
  readonly hops: readonly {
    readonly status: number;
    readonly location: string;
    readonly exchange: ExchangeId;
  }[];
  readonly status: number;
  /** Media type essence of the final answer, lower-case, or null. */
  readonly mediaType: string | null;
  /** The parsed JSON body when it parsed (any JSON value), else null. */
  readonly json: unknown;
  readonly jsonError: string | null;
  /** Exchange of the final answer. */
  readonly exchange: ExchangeId;
}

/** Decoding (and, where keys are reachable, verification) of a `signed_metadata` JWS. */
export interface SignedMetadata {
  /** The JWS protected header, when it decodes. */
  readonly header: Readonly<Record<string, unknown>> | null;
  readonly claims: Readonly<Record<string, unknown>> | null;
  readonly decodeError: string | null;
  /**
   * `verified`: the signature verified against a key of the issuer named by `iss`;
   * `failed`: a key was found and the signature did not verify;
   * `unverifiable`: no key could be obtained (no `iss`, no issuer metadata, no `jwks_uri`, fetch refused...).
   */
  readonly verification: 'verified' | 'failed' | 'unverifiable';
  readonly verificationDetail: string;
}

export interface PrmCandidate {
  /** Where a client would look: the challenge's `resource_metadata`, the path-inserted or the root well-known URI. */
  readonly source: 'challenge' | 'path-inserted' | 'root';
  readonly url: string;
  readonly fetch: Probe<DocumentFetch>;
  /** Present when the document carries `signed_metadata`. */
  readonly signed: SignedMetadata | null;
}

/** How a URL learned from metadata resolved (SSRF indicators: PRM14, ASM16). */
export interface AddressObservation {
  /** What the URL is, e.g. `resource_metadata`, `authorization_servers[0]`, `as:<issuer>#token_endpoint`. */
  readonly role: string;
  readonly url: string;
  readonly addresses: readonly string[];
  /** The most private scope among the addresses; null when the name did not resolve. */
  readonly scope: AddressScope | null;
}

export interface AsMetadataAttempt {
  readonly url: string;
  readonly kind: 'oauth' | 'openid';
  readonly fetch: Probe<DocumentFetch>;
}

export interface AuthorizationServerObservation {
  /** The issuer identifier as listed (PRM entry), or the MCP origin for the 2025-03-26 model. */
  readonly issuer: string;
  readonly via: 'prm' | 'origin-2025-03-26';
  /** Metadata URLs tried, in MCP client order, until the first JSON object. */
  readonly attempts: readonly AsMetadataAttempt[];
  /** Index into `attempts` of the document used, and the document. */
  readonly found: { readonly attempt: number; readonly metadata: Readonly<Record<string, unknown>> } | null;
  /** `s.dcr.malformed`: POST `{` to the registration endpoint (safe: cannot create a client). */
  readonly dcrMalformed: Probe<HttpReply>;
  /** Resolution of the issuer and endpoint hosts. */
  readonly addresses: readonly AddressObservation[];
}

/** p.as0326: the 2025-03-26 model (the MCP server is its own AS; no PRM). */
export interface LegacyAuthorizationBase {
  readonly metadata: Probe<DocumentFetch>;
  /** `/authorize`, `/token`, `/register` at the origin, fetched only when the metadata is absent. */
  readonly defaults: readonly { readonly path: string; readonly probe: Probe<HttpReply> }[];
}

export interface AuthDiscovery {
  /** Every challenge observed on the MCP endpoint, in issue order. */
  readonly challenges: readonly ChallengeObservation[];
  /** PRM candidates in client order (challenge URL, path-inserted, root). */
  readonly prm: readonly PrmCandidate[];
  /** Each listed authorization server (at most 5), evaluated on its own. */
  readonly authorizationServers: readonly AuthorizationServerObservation[];
  /** Only when 2025-03-26 is possible and no PRM was found. */
  readonly legacyBase: LegacyAuthorizationBase | null;
  /** `s.token.garbage`: the first MCP request with a random bearer token. */
  readonly garbageToken: Probe<HttpReply>;
  /** `s.xfh`: the 401-yielding request and each found PRM URL, with X-Forwarded-Host/Proto and Forwarded. */
  readonly forwarded: {
    readonly challenge: Probe<HttpReply>;
    readonly prm: readonly { readonly url: string; readonly fetch: Probe<DocumentFetch> }[];
  };
  /** `s.methods.noauth`: each method and verb without credentials. */
  readonly methodsNoAuth: readonly { readonly method: string; readonly probe: Probe<HttpReply> }[];
  /** Resolution of `resource_metadata`, `authorization_servers` and PRM `jwks_uri` hosts. */
  readonly addresses: readonly AddressObservation[];
  /**
   * `t.decode`: the claims of the user's token when it is a JWT (decoded locally, never verified,
   * the token itself never stored); null without a token or for an opaque token (`tokenKind` says which).
   */
  readonly tokenClaims: Readonly<Record<string, unknown>> | null;
  readonly tokenKind: 'none' | 'jwt' | 'opaque';
  /** The token-tier and intrusive bearer-token probes. */
  readonly tokenProbes: TokenProbes;
  /**
   * `i.authz(variant)` (intrusive, with a designated client): crafted authorization requests to the
   * first authorization server. Absent in bundles from before the probe existed (not collected).
   */
  readonly authz?: Probe<AuthzProbes>;
  /**
   * `i.dcr(unsafe)` (intrusive): open registrations with unsafe redirect URIs at the first
   * authorization server's `registration_endpoint`. Absent in bundles from before the probe existed.
   */
  readonly dcrUnsafe?: Probe<DcrUnsafeProbes>;
  /**
   * `i.proxy` (intrusive): two fresh registrations at the first authorization server and one
   * authorization request with each, for ACT12. Absent in bundles from before the probe existed.
   */
  readonly proxy?: Probe<ProxyProbes>;
  /**
   * `i.cimd(variant)` (intrusive): authorization requests with URL client IDs naming the CIMD
   * document variants, for CIMD10–CIMD19. Absent in bundles from before the probe existed.
   */
  readonly cimd?: Probe<CimdProbes>;
  /**
   * `i.shape(…)` (intrusive): one registration per redirect URI shape the client profiles use, an
   * authorization request with another loopback port, and the deletion. Absent in older bundles.
   */
  readonly shapes?: Probe<RedirectShapeProbes>;
}

/** One fresh client of `i.proxy` and the first answer to its authorization request. */
export interface ProxyAttempt {
  readonly clientId: string;
  /** The redirect URI the client registered (and its request named). */
  readonly redirectUri: string;
  readonly registration: ClientRegistration;
  readonly answer: Probe<AuthzAnswer>;
}

/** `i.proxy`: two fresh clients, each deleted after its request where the server allows it. */
export interface ProxyProbes {
  readonly issuer: string;
  readonly authorizationEndpoint: string;
  readonly attempts: readonly ProxyAttempt[];
}

/** The RFC 7592 deletion of a client an `i.dcr(unsafe)` registration created. */
export interface DcrDeletion {
  /** The answer's status; null when no answer came (the error is in the exchange). */
  readonly status: number | null;
  /** 2xx (204 per RFC 7592 §2.3). */
  readonly deleted: boolean;
  readonly exchange: ExchangeId;
}

/** One `i.dcr(unsafe-…)` registration and its answer (the `registration_access_token` is never kept). */
export interface DcrUnsafeAnswer {
  /** The single redirect URI registered. */
  readonly redirectUri: string;
  readonly status: number;
  /** `error` / `error_description` of a JSON answer; null when absent. */
  readonly error: string | null;
  readonly errorDescription: string | null;
  /** The answer carried a `client_id` (a client was created when the status is 2xx). */
  readonly clientId: boolean;
  readonly registrationClientUri: string | null;
  /** The answer carried a `registration_access_token` (its value is redacted from the record). */
  readonly registrationAccessToken: boolean;
  /** A WWW-Authenticate challenge came with the answer. */
  readonly challenged: boolean;
  readonly exchange: ExchangeId;
  /**
   * The cleanup: null when not attempted (nothing created, or no `registration_client_uri` and
   * `registration_access_token` to delete it with).
   */
  readonly deletion: DcrDeletion | null;
}

/** `i.dcr(unsafe)`: two anonymous RFC 7591 registrations, each with one unsafe redirect URI. */
export interface DcrUnsafeProbes {
  /** The authorization server probed (the first one discovered). */
  readonly issuer: string;
  readonly registrationEndpoint: string;
  /** `i.dcr(unsafe-http)`: `redirect_uris: ["http://evil.example/cb"]`. */
  readonly http: Probe<DcrUnsafeAnswer>;
  /** `i.dcr(unsafe-javascript)`: `redirect_uris: ["javascript:alert(1)"]`. */
  readonly javascript: Probe<DcrUnsafeAnswer>;
}

/**
 * `i.client` + `i.authz(variant)`: GETs of the authorization endpoint with the client the user
 * designated (`--oauth-client-id`, `--oauth-redirect-uri`), each with a fresh `state`, never followed.
 */
/** `i.client`: the client the scanner registered for the `i.authz` requests, and its deletion. */
export interface ClientRegistration {
  readonly registrationEndpoint: string;
  readonly exchange: ExchangeId;
  /** The RFC 7592 deletion; null when the server returned no management URI and token. */
  readonly deletion: DcrDeletion | null;
}

export interface AuthzProbes {
  /** The authorization server probed (the first one discovered). */
  readonly issuer: string;
  readonly authorizationEndpoint: string;
  /** The designated client and its registered redirect URI. */
  readonly clientId: string;
  readonly redirectUri: string;
  /** `i.authz(no-pkce)`: response_type=code, client_id, redirect_uri, scope, state; no `code_challenge`. */
  readonly noPkce: Probe<AuthzAnswer>;
  /** `i.authz(plain)`: the same with `code_challenge_method=plain` (skipped when `plain` is advertised). */
  readonly plain: Probe<AuthzAnswer>;
  /** `i.authz(bad-redirect)`: a correct S256 request with an unregistered `redirect_uri`. */
  readonly badRedirect: Probe<AuthzAnswer>;
  /** `i.authz(bogus-response-type)`: a correct S256 request with an unknown `response_type`. */
  readonly bogusResponseType: Probe<AuthzAnswer>;
  /**
   * `i.authz(foreign-resource)`: a correct S256 request whose RFC 8707 `resource` names a resource
   * the AS cannot serve (ACT06). Absent in bundles from before the probe.
   */
  readonly foreignResource?: Probe<AuthzAnswer>;
  /**
   * Set when no client was designated and the scanner registered one (`i.client`): the requests
   * used it, and it was deleted afterwards. Absent for a designated client.
   */
  readonly registered?: ClientRegistration;
}

/** What a token says about itself, decoded locally (never verified, the token itself never stored). */
export interface TokenShape {
  readonly kind: 'jwt' | 'opaque';
  readonly claims: Readonly<Record<string, unknown>> | null;
}

/**
 * `t.session-replay`: a session opened with the user's token, then the same request on it with the
 * token (control), without any Authorization header, and with a garbage bearer token.
 */
export interface SessionReplay {
  readonly open: HttpReply;
  readonly control: Probe<HttpReply>;
  readonly withoutToken: Probe<HttpReply>;
  readonly garbageToken: Probe<HttpReply>;
}

/** A token other than the user's main one, and what the endpoint answered to it. */
export interface OtherTokenProbe {
  readonly token: TokenShape;
  /** In send order: the opening request (initialize or server/discover), then method calls. */
  readonly replies: readonly { readonly method: string; readonly probe: Probe<HttpReply> }[];
}

/** Probes that need a token the user supplied, or the intrusive tier (docs/model/modes.md#token). */
export interface TokenProbes {
  /** `t.session-replay` (token; legacy sessions only). */
  readonly sessionReplay: Probe<SessionReplay>;
  /** `t.foreign`: the second token, issued for another resource (`--second-token-env`). */
  readonly foreign: Probe<OtherTokenProbe>;
  /** `t.narrow`: the narrow-scope token (`--narrow-token-env`) on the list methods and a dispatch. */
  readonly narrow: Probe<OtherTokenProbe>;
  /** `t.query` (token + intrusive): the opening request with the token only as `?access_token=`. */
  readonly query: Probe<HttpReply>;
  /** `s.token.forged` (intrusive): the opening request with an unsigned (`alg: none`) JWT. */
  readonly forged: Probe<HttpReply>;
  /**
   * `i.jwt(case)` (intrusive): the JWT forgery battery. Absent in bundles from before the probe
   * existed (not collected).
   */
  readonly jwtBattery?: Probe<JwtBattery>;
}

/** The forgeries of the JWT battery (docs/jwt-battery.md), in send order. */
export const JWT_CASES = [
  'kid-confusion',
  'hs256-public-key',
  'embedded-jwk',
  'jku',
  'x5u',
  'stripped-signature',
  'tampered-signature',
  'expired',
] as const;
export type JwtCaseName = (typeof JWT_CASES)[number];

/** One request the scanner's loopback key server received. */
export interface KeyServerRequest {
  readonly method: string;
  readonly path: string;
  /** Milliseconds after the key server started. */
  readonly atMs: number;
  /** 200 for the case's key URL, 404 for anything else. */
  readonly status: number;
}

/** One case of the battery: what was sent (never a signature) and the answer. */
export interface JwtCase {
  readonly name: JwtCaseName;
  /** The JOSE header sent; null for the user's own tokens (stripped, tampered, expired) and unsent cases. */
  readonly header: Readonly<Record<string, unknown>> | null;
  /** Whose claims the token carries: copied from the user's token, made up by the scanner, or the user's. */
  readonly claims: 'user-token' | 'synthesized' | 'expired-token' | null;
  /** `hs256-public-key`: the form of the authorization server's public key used as the HMAC secret. */
  readonly secretForm?: 'spki-pem';
  /** The opening request with the token (skipped, with the reason, when the case was not sent). */
  readonly probe: Probe<HttpReply>;
  /** `jku` and `x5u`: the requests the key server received at this case's URL. */
  readonly fetches?: readonly KeyServerRequest[];
}

export interface JwtBattery {
  /** `i.jwt.jwks`: the authorization server's JWKS (null: no `jwks_uri` was published). */
  readonly jwks: Probe<DocumentFetch> | null;
  /** The scanner's loopback key server for `jku`/`x5u` (null when it could not be started). */
  readonly keyServer: {
    readonly origin: string;
    /** Requests at any other path or with another method (refused with 404). */
    readonly refused: readonly KeyServerRequest[];
    /** Whether the target could reach it at all: only a loopback target shares the scanner's 127.0.0.1. */
    readonly reachable: boolean;
  } | null;
  readonly cases: readonly JwtCase[];
}
