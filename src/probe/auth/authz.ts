/**
 * `i.client` + `i.authz(variant)` (intrusive): crafted authorization requests to the first
 * authorization server's `authorization_endpoint`, with the OAuth client the user designated
 * (a pre-registered `client_id` and its registered redirect URI). Each is a plain GET with a
 * fresh random `state`, sent one after the other; only the first answer is read: an error page,
 * an error redirect, or a login/consent step. A redirect is never followed — its `Location` is
 * parsed and recorded, so nothing is ever sent to the unregistered redirect URI, to the client's
 * redirect URI, or to a login page. The endpoint is a URL learned from metadata: every request
 * goes through the address policy (`source: 'learned'`) and carries no user credential.
 */
import { createHash, randomBytes } from 'node:crypto';

import type {
  AuthorizationServerObservation,
  AuthzAnswer,
  AuthzProbes,
  AuthzRedirect,
} from '../../evidence/auth-types.js';
import type { Mode, Probe } from '../../evidence/types.js';
import { parseMediaType } from '../../evidence/parse/media-type.js';
import type { HttpClient } from '../http/types.js';
import { PROBE_PREFIX } from '../mcp-messages.js';
import { registerProbeClient } from './client-identity.js';
import { pageProtections } from './page-protections.js';
import { AUTHZ_PROBES, BOGUS_RESPONSE_TYPE, FOREIGN_RESOURCE, UNREGISTERED_REDIRECT_URI } from './plan.js';

/** A pre-registered OAuth client the user designated (`--oauth-client-id`, `--oauth-redirect-uri`). */
export interface OAuthClientDesignation {
  readonly clientId: string;
  readonly redirectUri: string;
}

export interface AuthzContext {
  readonly client: HttpClient;
  readonly mode: Mode;
  readonly oauthClient: OAuthClientDesignation | null;
  /** The first discovered authorization server (PRM-listed, or the 2025-03-26 origin), if any. */
  readonly server: AuthorizationServerObservation | undefined;
  /** Scopes to request: the PRM `scopes_supported`, else the challenge's `scope`. */
  readonly scopes: readonly string[];
  /** The RFC 8707 `resource` an MCP client sends: the PRM `resource`, else the endpoint URL. */
  readonly resource: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** What a browser sends: some authorization servers render their pages only for HTML. */
const ACCEPT_HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const MAX_LOCATION_CHARS = 4_096;
const LOGIN_PATH = /\b(login|log-in|logon|signin|sign-in|sign_in|interaction|consent|authenticate)\b/i;
const PASSWORD_FIELD = /<input\b[^>]*\btype\s*=\s*["']?password\b/i;
const FORM = /<form\b/i;

type Skip = Extract<Probe<never>, { kind: 'skipped' }>;
const skipped = (reason: Skip['reason'], detail: string): Skip => ({ kind: 'skipped', reason, detail });

/** A fresh random `state`, recognisable as the scanner's. */
export function freshState(): string {
  return `${PROBE_PREFIX}-${randomBytes(16).toString('base64url')}`;
}

/** An S256 pair's challenge (the verifier is thrown away: no code is ever redeemed). */
export function s256Challenge(): string {
  const verifier = randomBytes(32).toString('base64url');
  return createHash('sha256').update(verifier).digest('base64url');
}

/** The parameters of a redirect's `Location`, resolved against the request URL (never fetched). */
export function redirectOf(location: string, base: string): AuthzRedirect {
  const cut = location.slice(0, MAX_LOCATION_CHARS);
  let u: URL | null = null;
  try {
    u = new URL(cut, base);
  } catch {
    u = null;
  }
  const query = u ? u.searchParams : new URLSearchParams();
  const fragment = new URLSearchParams(u && u.hash.length > 1 ? u.hash.slice(1) : '');
  const names = ['error', 'iss', 'state', 'code'];
  const params = names.some((n) => query.has(n)) || !names.some((n) => fragment.has(n)) ? query : fragment;
  return {
    location: cut,
    url: u ? u.href : null,
    origin: u && u.origin !== 'null' ? u.origin : null,
    path: u && u.origin !== 'null' ? u.pathname : null,
    error: params.get('error'),
    errorDescription: params.get('error_description'),
    iss: params.get('iss'),
    state: params.get('state'),
    code: params.has('code'),
  };
}

/** A login or consent step: an HTML form (password field or any form), or a redirect to a login path on the AS. */
export function loginOf(
  text: string,
  mediaType: string | null,
  redirect: AuthzRedirect | null,
  asOrigins: ReadonlySet<string>,
): AuthzAnswer['login'] {
  if (redirect) {
    const onAs = redirect.origin !== null && asOrigins.has(redirect.origin);
    return onAs && redirect.error === null && LOGIN_PATH.test(redirect.path ?? '') ? 'redirect' : null;
  }
  const html = mediaType === 'text/html' || mediaType === 'application/xhtml+xml' || /^\s*</.test(text);
  return html && (PASSWORD_FIELD.test(text) || FORM.test(text)) ? 'page' : null;
}

/** One authorization request, its first answer read (never followed), and the answer's text. */
export async function sendReadingText(
  ctx: Pick<AuthzContext, 'client'>,
  endpoint: URL,
  asOrigins: ReadonlySet<string>,
  probe: string,
  purpose: string,
  params: Readonly<Record<string, string>>,
): Promise<Probe<{ readonly answer: AuthzAnswer; readonly text: string }>> {
  const u = new URL(endpoint.href);
  // RFC 6749 §3.1: a query component of the endpoint is kept; ours is added to it.
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  const result = await ctx.client.send({
    method: 'GET',
    url: u.href,
    headers: { accept: ACCEPT_HTML },
    probe,
    purpose,
    source: 'learned',
    attachCredentials: false,
  });
  const res = result.response;
  if (!res) {
    return {
      kind: 'failed',
      error: result.error ?? { code: 'protocol', message: 'no response' },
      exchanges: [result.exchangeId],
    };
  }
  const location = REDIRECTS.has(res.status) ? (res.headers['location']?.[0] ?? null) : null;
  const redirect = location === null ? null : redirectOf(location, u.href);
  const mediaType = parseMediaType(res.headers['content-type'])?.essence ?? null;
  const answer: AuthzAnswer = {
    params,
    status: res.status,
    mediaType,
    redirect,
    login: loginOf(res.text, mediaType, redirect, asOrigins),
    page: redirect === null ? pageProtections(res.headers, res.text, mediaType) : null,
    exchange: result.exchangeId,
  };
  return { kind: 'ok', value: { answer, text: res.text }, exchanges: [result.exchangeId] };
}

/** One authorization request and its first answer (never followed). */
export async function send(...args: Parameters<typeof sendReadingText>): Promise<Probe<AuthzAnswer>> {
  const p = await sendReadingText(...args);
  return p.kind === 'ok' ? { ...p, value: p.value.answer } : p;
}

/** The endpoint to probe, or why there is none. */
export function endpointOf(server: AuthorizationServerObservation | undefined): URL | Skip {
  if (!server) return skipped('not_needed', 'no authorization server was discovered');
  const metadata = server.found?.metadata;
  if (!metadata) return skipped('dependency_failed', `no metadata was found for ${server.issuer}`);
  const endpoint = metadata['authorization_endpoint'];
  if (typeof endpoint !== 'string')
    return skipped('not_needed', `${server.issuer} publishes no authorization_endpoint`);
  try {
    const u = new URL(endpoint);
    if (u.protocol === 'http:' || u.protocol === 'https:') return u;
  } catch {
    // fall through
  }
  return skipped('not_needed', `the authorization_endpoint of ${server.issuer} is not an http(s) URL`);
}

export async function probeAuthz(ctx: AuthzContext): Promise<Probe<AuthzProbes>> {
  if (ctx.mode !== 'intrusive')
    return skipped('mode_disabled', 'needs --mode intrusive (authorization requests leave state on the AS)');
  const endpoint = endpointOf(ctx.server);
  if (!(endpoint instanceof URL)) return endpoint;
  if (ctx.oauthClient !== null) return probeWith(ctx, endpoint, ctx.oauthClient);
  // No designated client: one registered for the requests where registration is open (i.client).
  const registered = await registerProbeClient(ctx.client, ctx.server);
  if ('kind' in registered) return registered;
  let probes: Probe<AuthzProbes>;
  try {
    probes = await probeWith(ctx, endpoint, registered.designation);
  } catch (err) {
    // Deleted whatever happens to the requests.
    await registered.cleanup();
    throw err;
  }
  const registration = await registered.cleanup();
  if (probes.kind !== 'ok') return probes;
  const extra = [registration.exchange, ...(registration.deletion ? [registration.deletion.exchange] : [])];
  return {
    kind: 'ok',
    value: { ...probes.value, registered: registration },
    exchanges: [extra[0]!, ...probes.exchanges, ...extra.slice(1)],
  };
}

async function probeWith(
  ctx: AuthzContext,
  endpoint: URL,
  designation: OAuthClientDesignation,
): Promise<Probe<AuthzProbes>> {
  const server = ctx.server!;
  const metadata = server.found!.metadata;
  const { clientId, redirectUri } = designation;
  const asOrigins = new Set([endpoint.origin]);
  try {
    asOrigins.add(new URL(server.issuer).origin);
  } catch {
    // an issuer that is not a URL adds nothing
  }
  const scope: Record<string, string> = ctx.scopes.length > 0 ? { scope: ctx.scopes.join(' ') } : {};
  const base = (): Record<string, string> => ({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    ...scope,
    // As MCP clients do (2025-06-18 on): an AS that insists on `resource` cannot refuse for its absence.
    resource: ctx.resource,
    state: freshState(),
  });
  const s256 = () => ({ code_challenge: s256Challenge(), code_challenge_method: 'S256' });
  const methods = metadata['code_challenge_methods_supported'];
  const plainAdvertised = Array.isArray(methods) && methods.includes('plain');

  // Sequential: a fixed order of exchanges, and one pending authorization request at a time.
  const noPkce = await send(
    ctx,
    endpoint,
    asOrigins,
    AUTHZ_PROBES.noPkce,
    'an authorization request with the designated client and no code_challenge (expects invalid_request)',
    base(),
  );
  const plain = plainAdvertised
    ? skipped('not_needed', 'plain is advertised in code_challenge_methods_supported (MCPP-ASM05 reports it)')
    : await send(
        ctx,
        endpoint,
        asOrigins,
        AUTHZ_PROBES.plain,
        'an authorization request with code_challenge_method=plain, which is not advertised (expects invalid_request)',
        { ...base(), code_challenge: randomBytes(32).toString('base64url'), code_challenge_method: 'plain' },
      );
  const badRedirect = await send(
    ctx,
    endpoint,
    asOrigins,
    AUTHZ_PROBES.badRedirect,
    'an S256 authorization request with an unregistered redirect_uri (expects an error page, never a redirect there)',
    { ...base(), redirect_uri: UNREGISTERED_REDIRECT_URI, ...s256() },
  );
  const bogusResponseType = await send(
    ctx,
    endpoint,
    asOrigins,
    AUTHZ_PROBES.bogusResponseType,
    `an S256 authorization request with response_type=${BOGUS_RESPONSE_TYPE} (expects an error redirect carrying iss)`,
    { ...base(), response_type: BOGUS_RESPONSE_TYPE, ...s256() },
  );
  const foreignResource = await send(
    ctx,
    endpoint,
    asOrigins,
    AUTHZ_PROBES.foreignResource,
    `an S256 authorization request naming the foreign resource ${FOREIGN_RESOURCE} (expects invalid_target)`,
    { ...base(), resource: FOREIGN_RESOURCE, ...s256() },
  );
  const all = [noPkce, plain, badRedirect, bogusResponseType, foreignResource];
  return {
    kind: 'ok',
    value: {
      issuer: server.issuer,
      authorizationEndpoint: endpoint.href,
      clientId,
      redirectUri,
      noPkce,
      plain,
      badRedirect,
      bogusResponseType,
      foreignResource,
    },
    exchanges: all.flatMap((p) => (p.kind === 'skipped' ? [] : p.exchanges)),
  };
}
