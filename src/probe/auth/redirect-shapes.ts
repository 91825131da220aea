/**
 * `i.shape(…)` (intrusive, docs/clients.md#registration-shapes-verified-live): the redirect URI
 * shapes MCP clients register, tried live at the first authorization server's open
 * `registration_endpoint`. Per shape, one after the other:
 *   1. an anonymous RFC 7591 registration of a native public client with that one redirect URI;
 *   2. for a loopback shape, one S256 authorization request naming the registered URI with another
 *      loopback port (first answer only, never followed): does the server match loopback ports as
 *      RFC 8252 §7.3 requires (any port)?
 *   3. the RFC 7592 deletion of the client, at once.
 * The redirect URIs are the scanner's own (SHAPE_URIS): nothing listens on them and nothing is sent
 * there; every request goes to the registration endpoint, the authorization endpoint or the
 * management URI the server returned, each a learned URL vetted by the address policy, without the
 * user's credentials. The registration access token stays in memory, redacted from the record.
 */
import type { AuthorizationServerObservation } from '../../evidence/auth-types.js';
import type { Mode, Probe } from '../../evidence/types.js';
import type {
  RedirectShape,
  RedirectShapeProbes,
  ShapeAttempt,
  ShapeAuthorization,
  ShapeDeletion,
  ShapeRegistration,
} from '../../evidence/shape-types.js';
import type { HttpClient } from '../http/types.js';
import type { PlanEntry } from '../plan-entry.js';
import { freshState, s256Challenge, sendReadingText } from './authz.js';
import { parseJsonObject } from './client-identity.js';
import { DCR_CLIENT_NAME } from './plan.js';

export const SHAPE_PROBES = {
  register: (s: RedirectShape) => `i.shape(${s})`,
  authorize: (s: RedirectShape) => `i.shape.authorize(${s})`,
  cleanup: (s: RedirectShape) => `i.shape.cleanup(${s})`,
} as const;

/**
 * The loopback port the loopback shapes register. A client picks a random one; the scanner keeps its
 * three below the Linux ephemeral range (32768-60999), so no port the OS hands a listener holds them.
 */
export const REGISTERED_LOOPBACK_PORT = 28621;
/** The other loopback port the authorization request names (RFC 8252 §7.3). */
export const OTHER_LOOPBACK_PORT = 28622;
/** The port of the fixed-port shape (a client that always listens on one configured port). */
export const FIXED_LOOPBACK_PORT = 28623;

/**
 * The redirect URI registered per shape, and the one the authorization request names (null: no
 * request, the shape has no port). The custom scheme and the https callback are the forms Cursor
 * and Claude register (src/clients/profiles); the loopback ones are the scanner's own.
 */
export const SHAPE_URIS: Readonly<Record<RedirectShape, { registered: string; tried: string | null }>> = {
  'custom-scheme': { registered: 'cursor://anysphere.cursor-mcp/oauth/callback', tried: null },
  'https-fixed': { registered: 'https://claude.ai/api/mcp/auth_callback', tried: null },
  'loopback-random-port': {
    registered: `http://127.0.0.1:${REGISTERED_LOOPBACK_PORT}/callback`,
    tried: `http://127.0.0.1:${OTHER_LOOPBACK_PORT}/callback`,
  },
  'loopback-fixed-port': {
    registered: `http://127.0.0.1:${FIXED_LOOPBACK_PORT}/oauth/callback`,
    tried: `http://127.0.0.1:${OTHER_LOOPBACK_PORT}/oauth/callback`,
  },
  'loopback-per-server-path': {
    registered: `http://127.0.0.1:${REGISTERED_LOOPBACK_PORT}/callback/mcp-posture-probe`,
    tried: `http://127.0.0.1:${OTHER_LOOPBACK_PORT}/callback/mcp-posture-probe`,
  },
};

export const SHAPES = Object.keys(SHAPE_URIS) as RedirectShape[];

const SHAPES_WHEN = 'in intrusive mode, when the first authorization server publishes registration_endpoint';

export const SHAPES_PLAN: PlanEntry[] = SHAPES.flatMap((shape): PlanEntry[] => {
  const { registered, tried } = SHAPE_URIS[shape];
  return [
    {
      probe: SHAPE_PROBES.register(shape),
      tier: 'intrusive',
      method: 'POST',
      url: '<registration_endpoint>',
      purpose: `an anonymous registration of a native public client with redirect_uris ["${registered}"] (the ${shape} shape; deleted at once)`,
      when: SHAPES_WHEN,
    },
    ...(tried === null
      ? []
      : [
          {
            probe: SHAPE_PROBES.authorize(shape),
            tier: 'intrusive' as const,
            method: 'GET',
            url: '<authorization_endpoint>',
            purpose: `an S256 authorization request naming ${tried}, another loopback port (RFC 8252 §7.3; first answer only, never followed)`,
            when: 'when that registration created a client and authorization_endpoint is an http(s) URL',
          },
        ]),
    {
      probe: SHAPE_PROBES.cleanup(shape),
      tier: 'intrusive',
      method: 'DELETE',
      url: '<registration_client_uri>',
      purpose: `RFC 7592: delete the ${shape} client with its registration_access_token`,
      when: 'when that registration returned registration_client_uri and registration_access_token',
    },
  ];
});

export interface ShapesContext {
  readonly client: HttpClient;
  readonly mode: Mode;
  /** The first discovered authorization server. */
  readonly server: AuthorizationServerObservation | undefined;
  /** The scopes an MCP client would request (challenge, else PRM). */
  readonly scopes: readonly string[];
  /** The RFC 8707 `resource` an MCP client sends. */
  readonly resource: string;
}

type Skip = Extract<Probe<never>, { kind: 'skipped' }>;
const skipped = (reason: Skip['reason'], detail: string): Skip => ({ kind: 'skipped', reason, detail });
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function httpUrl(v: unknown): URL | null {
  if (typeof v !== 'string' || !URL.canParse(v)) return null;
  const u = new URL(v);
  return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
}

/** A registration's answer, and (in memory only) how to delete the client it created. */
interface Registered {
  readonly probe: Probe<ShapeRegistration>;
  readonly clientId: string | null;
  readonly manage: { readonly uri: string; readonly token: string } | null;
}

async function register(ctx: ShapesContext, endpoint: string, shape: RedirectShape): Promise<Registered> {
  const uri = SHAPE_URIS[shape].registered;
  const result = await ctx.client.send({
    method: 'POST',
    url: endpoint,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      client_name: DCR_CLIENT_NAME,
      application_type: 'native',
      redirect_uris: [uri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }),
    probe: SHAPE_PROBES.register(shape),
    purpose: `an anonymous registration with redirect_uris ["${uri}"] (the ${shape} shape)`,
    source: 'learned',
    attachCredentials: false,
    secretResponseMembers: ['registration_access_token', 'client_secret'],
  });
  const res = result.response;
  if (!res) {
    const error = result.error ?? { code: 'protocol' as const, message: 'no response' };
    return { probe: { kind: 'failed', error, exchanges: [result.exchangeId] }, clientId: null, manage: null };
  }
  const body = parseJsonObject(res.text);
  const clientId = res.status >= 200 && res.status < 300 ? str(body?.['client_id']) : null;
  const manageUri = str(body?.['registration_client_uri']);
  const token = str(body?.['registration_access_token']);
  const manage = clientId !== null && manageUri !== null && token !== null ? { uri: manageUri, token } : null;
  const value: ShapeRegistration = {
    status: res.status,
    error: str(body?.['error']),
    errorDescription: str(body?.['error_description']),
    created: clientId !== null,
    manageable: manage !== null,
    exchange: result.exchangeId,
  };
  return { probe: { kind: 'ok', value, exchanges: [result.exchangeId] }, clientId, manage };
}

const NAMES_REDIRECT_URI = /redirect[_ ]?ur[il]/i;

async function authorize(
  ctx: ShapesContext,
  endpoint: URL,
  asOrigins: ReadonlySet<string>,
  shape: RedirectShape,
  clientId: string,
  redirectUri: string,
): Promise<Probe<ShapeAuthorization>> {
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    ...(ctx.scopes.length > 0 ? { scope: ctx.scopes.join(' ') } : {}),
    resource: ctx.resource,
    state: freshState(),
    code_challenge: s256Challenge(),
    code_challenge_method: 'S256',
  };
  const sent = await sendReadingText(
    ctx,
    endpoint,
    asOrigins,
    SHAPE_PROBES.authorize(shape),
    `an S256 authorization request naming ${redirectUri}, a loopback port other than the registered one (never followed)`,
    params,
  );
  if (sent.kind !== 'ok') return sent;
  const { answer, text } = sent.value;
  const namesRedirectUri =
    NAMES_REDIRECT_URI.test(text) || NAMES_REDIRECT_URI.test(answer.redirect?.errorDescription ?? '');
  return { kind: 'ok', value: { redirectUri, answer, namesRedirectUri }, exchanges: sent.exchanges };
}

async function deleteClient(
  ctx: ShapesContext,
  shape: RedirectShape,
  manage: { readonly uri: string; readonly token: string },
): Promise<ShapeDeletion> {
  const del = await ctx.client.send({
    method: 'DELETE',
    url: manage.uri,
    headers: { authorization: `Bearer ${manage.token}`, accept: 'application/json' },
    probe: SHAPE_PROBES.cleanup(shape),
    purpose: `RFC 7592: delete the client the ${shape} registration created`,
    source: 'learned',
    attachCredentials: false,
    secrets: [manage.token],
  });
  const status = del.response?.status ?? null;
  return { status, deleted: status !== null && status >= 200 && status < 300, exchange: del.exchangeId };
}

async function attempt(
  ctx: ShapesContext,
  endpoints: { readonly registration: string; readonly authorization: URL | null },
  asOrigins: ReadonlySet<string>,
  shape: RedirectShape,
): Promise<ShapeAttempt> {
  const { registered, tried } = SHAPE_URIS[shape];
  const reg = await register(ctx, endpoints.registration, shape);
  let authorization: Probe<ShapeAuthorization>;
  if (tried === null) authorization = skipped('not_needed', `a ${shape} redirect URI has no port`);
  else if (reg.clientId === null)
    authorization = skipped('dependency_failed', 'the registration created no client');
  else if (endpoints.authorization === null)
    authorization = skipped('not_needed', 'the server publishes no http(s) authorization_endpoint');
  else authorization = await authorize(ctx, endpoints.authorization, asOrigins, shape, reg.clientId, tried);
  const deletion = reg.manage ? await deleteClient(ctx, shape, reg.manage) : null;
  return { shape, redirectUri: registered, registration: reg.probe, authorization, deletion };
}

export async function probeRedirectShapes(ctx: ShapesContext): Promise<Probe<RedirectShapeProbes>> {
  if (ctx.mode !== 'intrusive')
    return skipped('mode_disabled', 'needs --mode intrusive (each registration creates a client)');
  const server = ctx.server;
  const metadata = server?.found?.metadata;
  if (!server || !metadata) return skipped('not_needed', 'no authorization server metadata was found');
  const registration = httpUrl(metadata['registration_endpoint']);
  if (!registration)
    return skipped('not_needed', `${server.issuer} publishes no http(s) registration_endpoint`);
  const authorization = httpUrl(metadata['authorization_endpoint']);
  const asOrigins = new Set(authorization ? [authorization.origin] : []);
  if (URL.canParse(server.issuer)) asOrigins.add(new URL(server.issuer).origin);
  const attempts: ShapeAttempt[] = [];
  // Sequential: registration endpoints are often rate-limited, and each client is deleted before the next.
  for (const shape of SHAPES)
    attempts.push(await attempt(ctx, { registration: registration.href, authorization }, asOrigins, shape));
  const exchanges = attempts.flatMap((a) => [
    ...(a.registration.kind === 'skipped' ? [] : a.registration.exchanges),
    ...(a.authorization.kind === 'skipped' ? [] : a.authorization.exchanges),
    ...(a.deletion ? [a.deletion.exchange] : []),
  ]);
  return {
    kind: 'ok',
    value: {
      issuer: server.issuer,
      registrationEndpoint: registration.href,
      authorizationEndpoint: authorization?.href ?? null,
      attempts,
    },
    exchanges: exchanges,
  };
}
