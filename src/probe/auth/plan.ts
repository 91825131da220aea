/**
 * The requests of the OAuth discovery probes, for `--plan` (merged into
 * ../plan.ts by the lead). Probe IDs are defined here once, so the probes and
 * the plan cannot drift apart.
 */
import type { PlanEntry } from '../plan-entry.js';

/** At most this many listed authorization servers are evaluated (catalogue p.as(i)). */
export const MAX_AUTHORIZATION_SERVERS = 5;
/** Redirect hops followed when fetching a metadata document. */
export const MAX_REDIRECTS = 5;

export const FORWARDED_HOST = 'evil.example';
export const FORWARDED_HEADERS: Readonly<Record<string, string>> = {
  'x-forwarded-host': FORWARDED_HOST,
  'x-forwarded-proto': 'https',
  forwarded: `host=${FORWARDED_HOST};proto=https`,
};

/** `s.methods.noauth`: what is sent without credentials, in this order. */
export const NOAUTH_METHODS = [
  'initialize',
  'server/discover',
  'tools/list',
  'prompts/list',
  'resources/list',
  'tools/call',
  'GET',
  'DELETE',
] as const;
export type NoAuthMethod = (typeof NOAUTH_METHODS)[number];

export const AUTH_PROBES = {
  prm: 'p.prm',
  as: (i: number) => `p.as(${i})`,
  as0326: 'p.as0326',
  as0326Default: 'p.as0326.default',
  signedIssuer: 'p.prm.issuer',
  signedJwks: 'p.prm.jwks',
  garbage: 's.token.garbage',
  xfh: 's.xfh',
  xfhPrm: 's.xfh.prm',
  noauth: (m: NoAuthMethod) => `s.methods.noauth(${m})`,
  dcr: 's.dcr.malformed',
} as const;

const auth = 'when authorization is in use';

/** The token-tier and intrusive bearer-token probes (./token-tier.ts). */
export const TOKEN_PROBES = {
  sessionReplay: 't.session-replay',
  foreign: 't.foreign',
  narrow: 't.narrow',
  query: 't.query',
  forged: 's.token.forged',
  cleanup: 't.delete.cleanup',
} as const;

export const TOKEN_PLAN: PlanEntry[] = [
  {
    probe: TOKEN_PROBES.sessionReplay,
    tier: 'token',
    method: 'POST',
    url: '<MCP endpoint>',
    purpose:
      'initialize with the token, then tools/list on that session with the token, without Authorization, and with a random bearer token',
    when: 'with --token, when the endpoint is opened with initialize',
  },
  {
    probe: TOKEN_PROBES.foreign,
    tier: 'token',
    method: 'POST',
    url: '<MCP endpoint>',
    purpose: 'the opening request, then tools/list, with the second token (issued for another resource)',
    when: 'with --second-token-env',
  },
  {
    probe: TOKEN_PROBES.narrow,
    tier: 'token',
    method: 'POST',
    url: '<MCP endpoint>',
    purpose:
      'the opening request, then tools/list, resources/list, prompts/list and tools/call of a nonexistent tool, with the narrow-scope token',
    when: 'with --narrow-token-env',
  },
  {
    probe: TOKEN_PROBES.query,
    tier: 'intrusive',
    method: 'POST',
    url: '<MCP endpoint>?access_token=<token>',
    purpose: 'the opening request with the token only in the query string (it lands in URL logs)',
    when: 'with --token in intrusive mode',
  },
  {
    probe: TOKEN_PROBES.forged,
    tier: 'intrusive',
    method: 'POST',
    url: '<MCP endpoint>',
    purpose: 'the opening request with an unsigned (alg: none) JWT naming the issuer and the resource',
    when: 'in intrusive mode',
  },
  {
    probe: TOKEN_PROBES.cleanup,
    tier: 'token',
    method: 'DELETE',
    url: '<MCP endpoint>',
    purpose: 'end a session a token probe opened, with the credential that opened it',
    when: 'when a token probe opened a session',
  },
];

export const AUTH_PLAN: PlanEntry[] = [
  {
    probe: AUTH_PROBES.prm,
    tier: 'passive',
    method: 'GET',
    url: '<resource_metadata>, /.well-known/oauth-protected-resource<path>, /.well-known/oauth-protected-resource',
    purpose: 'fetch protected-resource metadata where MCP clients look (redirects followed ≤5 hops)',
    when: auth,
  },
  ...Array.from({ length: MAX_AUTHORIZATION_SERVERS }, (_, i) => ({
    probe: AUTH_PROBES.as(i),
    tier: 'passive' as const,
    method: 'GET',
    url: `<authorization_servers[${i}]> well-known metadata URLs`,
    purpose: `authorization-server metadata of the listed issuer #${i + 1}, RFC 8414 then OpenID Connect, in MCP client order`,
    when: `when the PRM lists ${i + 1} or more authorization servers`,
  })),
  {
    probe: AUTH_PROBES.signedIssuer,
    tier: 'passive',
    method: 'GET',
    url: '<signed_metadata iss> well-known metadata URLs',
    purpose: 'metadata of the signer of signed_metadata, to find its keys',
    when: 'when the PRM carries signed_metadata whose iss is not a listed authorization server',
  },
  {
    probe: AUTH_PROBES.signedJwks,
    tier: 'passive',
    method: 'GET',
    url: '<jwks_uri of the signer>',
    purpose: 'keys to verify signed_metadata',
    when: 'when the PRM carries signed_metadata and its signer publishes jwks_uri',
  },
  {
    probe: AUTH_PROBES.as0326,
    tier: 'passive',
    method: 'GET',
    url: '<origin>/.well-known/oauth-authorization-server',
    purpose: 'the 2025-03-26 model: authorization-server metadata at the MCP origin',
    when: 'when 2025-03-26 is possible and no PRM was found',
  },
  {
    probe: AUTH_PROBES.as0326Default,
    tier: 'passive',
    method: 'GET',
    url: '<origin>/authorize, /token, /register',
    purpose: 'the 2025-03-26 default endpoints, without parameters (do they exist?)',
    when: 'when the 2025-03-26 origin metadata is absent',
  },
  {
    probe: AUTH_PROBES.garbage,
    tier: 'safe',
    method: 'POST',
    url: '<MCP endpoint>',
    purpose: 'the first 401-yielding MCP request with a random bearer token (expects 401 invalid_token)',
    when: auth,
  },
  {
    probe: AUTH_PROBES.xfh,
    tier: 'safe',
    method: 'POST',
    url: '<MCP endpoint>',
    purpose: `the 401-yielding request with X-Forwarded-Host/Proto and Forwarded naming ${FORWARDED_HOST}`,
    when: 'when an MCP request was answered 401',
  },
  {
    probe: AUTH_PROBES.xfhPrm,
    tier: 'safe',
    method: 'GET',
    url: '<each found PRM URL>',
    purpose: `PRM with X-Forwarded-Host/Proto and Forwarded naming ${FORWARDED_HOST} (same-origin redirects only)`,
    when: 'for each PRM found',
  },
  ...NOAUTH_METHODS.map((m) => ({
    probe: AUTH_PROBES.noauth(m),
    tier: 'safe' as const,
    method: m === 'GET' || m === 'DELETE' ? m : 'POST',
    url: '<MCP endpoint>',
    purpose:
      m === 'GET'
        ? 'the GET stream without credentials (read ≤1 s)'
        : m === 'DELETE'
          ? 'DELETE without credentials'
          : `${m} without credentials${m === 'tools/call' ? ' (a random nonexistent tool)' : ''}`,
    when: auth,
  })),
  {
    probe: AUTH_PROBES.dcr,
    tier: 'safe',
    method: 'POST',
    url: '<registration_endpoint>',
    purpose:
      'POST "{" (invalid JSON) as application/json: open or protected registration? (cannot create a client)',
    when: 'for each authorization server publishing registration_endpoint',
  },
];

/** `i.authz(variant)`: crafted authorization requests with the designated client (./authz.ts). */
export const AUTHZ_PROBES = {
  noPkce: 'i.authz(no-pkce)',
  plain: 'i.authz(plain)',
  badRedirect: 'i.authz(bad-redirect)',
  bogusResponseType: 'i.authz(bogus-response-type)',
  foreignResource: 'i.authz(foreign-resource)',
} as const;

/** The RFC 8707 `resource` of `i.authz(foreign-resource)`: a reserved name (RFC 6761), never resolved. */
export const FOREIGN_RESOURCE = 'https://mcp-posture-foreign.invalid/mcp';

/** The unregistered redirect URI of `i.authz(bad-redirect)`: a reserved name (RFC 6761), never resolved. */
export const UNREGISTERED_REDIRECT_URI = 'https://mcp-posture-probe.invalid/cb';
/** The `response_type` of `i.authz(bogus-response-type)`. */
export const BOGUS_RESPONSE_TYPE = 'mcp_posture_bogus';

const designatedClient =
  'with --oauth-client-id and --oauth-redirect-uri, for the first authorization server publishing authorization_endpoint';
const authzUrl = '<authorization_endpoint>';

export const AUTHZ_PLAN: PlanEntry[] = [
  {
    probe: AUTHZ_PROBES.noPkce,
    tier: 'intrusive',
    method: 'GET',
    url: authzUrl,
    purpose:
      'an authorization request with the designated client and no code_challenge (first answer only, never followed)',
    when: designatedClient,
  },
  {
    probe: AUTHZ_PROBES.plain,
    tier: 'intrusive',
    method: 'GET',
    url: authzUrl,
    purpose: 'the same with code_challenge_method=plain (first answer only, never followed)',
    when: `${designatedClient}, when plain is not advertised`,
  },
  {
    probe: AUTHZ_PROBES.badRedirect,
    tier: 'intrusive',
    method: 'GET',
    url: authzUrl,
    purpose: `an S256 authorization request with the unregistered redirect_uri ${UNREGISTERED_REDIRECT_URI} (the Location is recorded, never fetched)`,
    when: designatedClient,
  },
  {
    probe: AUTHZ_PROBES.bogusResponseType,
    tier: 'intrusive',
    method: 'GET',
    url: authzUrl,
    purpose: `an S256 authorization request with response_type=${BOGUS_RESPONSE_TYPE}, for the error redirect's iss (never followed)`,
    when: designatedClient,
  },
  {
    probe: AUTHZ_PROBES.foreignResource,
    tier: 'intrusive',
    method: 'GET',
    url: authzUrl,
    purpose: `an S256 authorization request naming the foreign resource ${FOREIGN_RESOURCE} (expects invalid_target; never followed)`,
    when: designatedClient,
  },
];

/** `i.dcr(unsafe)`: open registrations with unsafe redirect URIs (./dcr-unsafe.ts). */
export const DCR_PROBES = {
  http: 'i.dcr(unsafe-http)',
  javascript: 'i.dcr(unsafe-javascript)',
  cleanup: 'i.dcr.cleanup',
} as const;

/** The redirect URIs registered by `i.dcr(unsafe)`: neither https nor loopback. */
export const UNSAFE_REDIRECT_URIS = {
  http: 'http://evil.example/cb',
  javascript: 'javascript:alert(1)',
} as const;
/** The `client_name` of the clients `i.dcr(unsafe)` may create. */
export const DCR_CLIENT_NAME = 'mcp-posture-probe (delete me)';

/** `i.client`: the registration that gives `i.authz` a client when none is designated (./client-identity.ts). */
export const CLIENT_PROBES = {
  register: 'i.client',
  cleanup: 'i.client.cleanup',
} as const;

/** The redirect URI of the `i.client` registration: loopback (RFC 8252 §7.3); nothing listens and nothing is sent there. */
export const PROBE_CLIENT_REDIRECT_URI = 'http://127.0.0.1/callback';

/** `i.proxy`: two fresh clients and one authorization request each (./proxy.ts, ACT12). */
export const PROXY_PROBES = {
  register: (n: number) => `i.proxy.register(${n})`,
  authorize: (n: number) => `i.proxy.authorize(${n})`,
  cleanup: (n: number) => `i.proxy.cleanup(${n})`,
} as const;

const proxyWhen = 'in intrusive mode, when the first authorization server publishes registration_endpoint';

export const PROXY_PLAN: PlanEntry[] = [1, 2].flatMap((n) => [
  {
    probe: PROXY_PROBES.register(n),
    tier: 'intrusive' as const,
    method: 'POST',
    url: '<registration_endpoint>',
    purpose: `fresh client ${n} of 2: an anonymous registration of a native public client (deleted after its request)`,
    when: proxyWhen,
  },
  {
    probe: PROXY_PROBES.authorize(n),
    tier: 'intrusive' as const,
    method: 'GET',
    url: '<authorization_endpoint>',
    purpose: `an S256 authorization request with fresh client ${n}: own consent, or a redirect upstream? (first answer only, never followed)`,
    when: proxyWhen,
  },
  {
    probe: PROXY_PROBES.cleanup(n),
    tier: 'intrusive' as const,
    method: 'DELETE',
    url: '<registration_client_uri>',
    purpose: `RFC 7592: delete fresh client ${n}`,
    when: 'when its registration returned registration_client_uri and registration_access_token',
  },
]);

export const CLIENT_PLAN: PlanEntry[] = [
  {
    probe: CLIENT_PROBES.register,
    tier: 'intrusive',
    method: 'POST',
    url: '<registration_endpoint>',
    purpose: `an anonymous RFC 7591 registration of a native public client (redirect_uris ["${PROBE_CLIENT_REDIRECT_URI}"]) for the authorization requests`,
    when: 'in intrusive mode without --oauth-client-id, when the first authorization server publishes registration_endpoint',
  },
  {
    probe: CLIENT_PROBES.cleanup,
    tier: 'intrusive',
    method: 'DELETE',
    url: '<registration_client_uri>',
    purpose: 'RFC 7592: delete that client once the authorization requests are done',
    when: 'when the registration returned registration_client_uri and registration_access_token',
  },
];

const firstRegistration =
  'in intrusive mode, when the first authorization server publishes registration_endpoint';

export const DCR_PLAN: PlanEntry[] = [
  {
    probe: DCR_PROBES.http,
    tier: 'intrusive',
    method: 'POST',
    url: '<registration_endpoint>',
    purpose: `an anonymous RFC 7591 registration (public client, authorization_code) with redirect_uris ["${UNSAFE_REDIRECT_URIS.http}"] (expects 400 invalid_redirect_uri; creates a client if accepted)`,
    when: firstRegistration,
  },
  {
    probe: DCR_PROBES.javascript,
    tier: 'intrusive',
    method: 'POST',
    url: '<registration_endpoint>',
    purpose: `the same with redirect_uris ["${UNSAFE_REDIRECT_URIS.javascript}"] (expects 400 invalid_redirect_uri)`,
    when: firstRegistration,
  },
  {
    probe: DCR_PROBES.cleanup,
    tier: 'intrusive',
    method: 'DELETE',
    url: '<registration_client_uri>',
    purpose:
      'RFC 7592: delete a client a registration created, with the registration_access_token it returned',
    when: 'when a registration was accepted with registration_client_uri and registration_access_token',
  },
];
