/**
 * The token-tier and intrusive bearer-token probes (catalogue t.session-replay, t.foreign,
 * t.narrow, t.query, s.token.forged). They run after the discovery chain, one after another,
 * so their JSON-RPC ids and exchanges come in a fixed order. Every request goes to the MCP
 * endpoint only; the client attaches a named credential set only to the target's origin.
 */
import { randomBytes } from 'node:crypto';
import { UnsecuredJWT } from 'jose';
import type { OtherTokenProbe, SessionReplay, TokenProbes } from '../../evidence/auth-types.js';
import type { AddressScope, Mode, Probe, HttpReply } from '../../evidence/types.js';
import type { HttpTarget } from '../../targets/target.js';
import { EXPIRED_TOKEN_SET, NARROW_TOKEN_SET, SECOND_TOKEN_SET } from '../credentials.js';
import type { ScanCredentials, TokenName } from '../credentials.js';
import type { HttpClient } from '../http/types.js';
import { deleteSession } from '../legacy-session.js';
import {
  discoverHeaders,
  modernMeta,
  PROBE_PREFIX,
  rpcNotification,
  rpcRequest,
  sessionHeaders,
} from '../mcp-messages.js';
import type { RpcIds } from '../mcp-messages.js';
import { sendRpc } from '../rpc.js';
import { probeJwtBattery } from './jwt-battery.js';
import type { BatteryCredential } from './jwt-battery.js';
import { TOKEN_PROBES } from './plan.js';
import { replay } from './replay.js';
import type { ReplayShape } from './replay.js';

/** The methods a narrow-scope token is tried on: the list paths and a dispatch (catalogue t.narrow). */
export const NARROW_METHODS = ['tools/list', 'resources/list', 'prompts/list', 'tools/call'] as const;

export interface TokenTierContext {
  readonly client: HttpClient;
  /** The MCP endpoint (`href` is what is sent). */
  readonly target: HttpTarget;
  readonly ids: RpcIds;
  readonly mode: Mode;
  /** How the endpoint is opened: the successful (or first 401-yielding) request's shape. */
  readonly shape: ReplayShape;
  /** Which tokens were supplied (the client attaches them by set name, to the target's origin only). */
  readonly credentials: ScanCredentials;
  /** For the forged token: the PRM `resource` (or the endpoint) and the first listed issuer. */
  readonly resource: string;
  readonly issuer: string | null;
  /** Scopes the forged token claims: what the PRM or a challenge advertises. */
  readonly scopes: readonly string[];
  /** For the JWT battery: the first authorization server's `jwks_uri`, and the target's scope. */
  readonly jwksUri: string | null;
  readonly targetScope: AddressScope;
}

/** How a request carries its credential. */
interface Credential {
  readonly label: string;
  /** Attach a named alternate set, the main set (`main`), or nothing (`none`, see `headers`). */
  readonly set: 'main' | 'none' | Exclude<TokenName, 'user'>;
  readonly headers?: Readonly<Record<string, string>>;
}

const skipped = (reason: 'mode_disabled' | 'no_token' | 'no_session' | 'not_needed', detail: string) =>
  ({ kind: 'skipped', reason, detail }) as const;

const served = (p: Probe<HttpReply>): p is Extract<Probe<HttpReply>, { kind: 'ok' }> =>
  p.kind === 'ok' && p.value.status >= 200 && p.value.status < 300;

function credentialFields(c: Credential) {
  return c.set === 'main'
    ? { attachCredentials: true }
    : c.set === 'none'
      ? { attachCredentials: false }
      : { attachCredentials: true, credentialSet: c.set };
}

/** One JSON-RPC request (or notification) on the wire the endpoint was opened with. */
function call(
  ctx: TokenTierContext,
  c: Credential,
  probe: string,
  method: string,
  session: { id: string | null; version: string | null } | null,
  notification = false,
): Promise<Probe<HttpReply>> {
  const params: Record<string, unknown> =
    method === 'tools/call' ? { name: `${PROBE_PREFIX}-nonexistent-tool`, arguments: {} } : {};
  const modern = ctx.shape.kind === 'discover';
  const headers: Record<string, string> = modern
    ? { ...discoverHeaders(), 'mcp-method': method }
    : sessionHeaders(session?.id ?? null, session?.version ?? null);
  if (modern && method === 'tools/call') headers['mcp-name'] = String(params['name']);
  const body = modern ? { ...params, _meta: modernMeta() } : params;
  const id = notification ? null : ctx.ids.take();
  return sendRpc(ctx.client, {
    method: 'POST',
    url: ctx.target.href,
    headers: { ...headers, ...(c.headers ?? {}) },
    body: id === null ? rpcNotification(method) : rpcRequest(id, method, body),
    probe,
    purpose: `${method} ${c.label}`,
    source: 'user',
    rpcId: id,
    ...credentialFields(c),
  });
}

/** The opening request (initialize or server/discover) with this credential. */
function open(
  ctx: TokenTierContext,
  c: Credential,
  probe: string,
  url = ctx.target.href,
): Promise<Probe<HttpReply>> {
  return replay(ctx.ids, {
    client: ctx.client,
    url,
    shape: ctx.shape,
    headers: c.headers ?? {},
    probe,
    purpose: `the opening MCP request ${c.label}`,
    ...credentialFields(c),
  });
}

/** Ends a session the probe opened, with the credential that opened it. */
async function close(ctx: TokenTierContext, c: Credential, opened: Probe<HttpReply>): Promise<void> {
  if (!served(opened) || opened.value.sessionId === null) return;
  await deleteSession(
    { client: ctx.client, url: ctx.target.href, ids: ctx.ids, mode: ctx.mode },
    opened.value.sessionId,
    TOKEN_PROBES.cleanup,
    'DELETE a session opened by a token probe',
    ctx.shape.kind === 'initialize' ? ctx.shape.version : null,
    credentialFields(c),
  );
}

/** The opening request, then `methods` on the session (or statelessly) while it is served. */
async function tryToken(
  ctx: TokenTierContext,
  c: Credential,
  probe: string,
  methods: readonly string[],
): Promise<OtherTokenProbe['replies']> {
  const opened = await open(ctx, c, probe);
  const replies: { method: string; probe: Probe<HttpReply> }[] = [
    { method: ctx.shape.kind === 'discover' ? 'server/discover' : 'initialize', probe: opened },
  ];
  if (!served(opened)) return replies;
  const version = ctx.shape.kind === 'initialize' ? ctx.shape.version : null;
  const session = { id: opened.value.sessionId, version };
  if (ctx.shape.kind === 'initialize') await call(ctx, c, probe, 'notifications/initialized', session, true);
  for (const method of methods) replies.push({ method, probe: await call(ctx, c, probe, method, session) });
  await close(ctx, c, opened);
  return replies;
}

async function sessionReplay(ctx: TokenTierContext): Promise<Probe<SessionReplay>> {
  if (!ctx.credentials.bearer) return skipped('no_token', 'needs --token');
  if (ctx.shape.kind !== 'initialize')
    return skipped('not_needed', 'the endpoint is not opened with initialize (no legacy session)');
  const main: Credential = { label: 'with the user token', set: 'main' };
  const opened = await open(ctx, main, TOKEN_PROBES.sessionReplay);
  if (!served(opened) || opened.value.sessionId === null) {
    if (opened.kind !== 'ok') return opened;
    return skipped(
      'no_session',
      `the authenticated initialize was answered ${opened.value.status} without a session ID`,
    );
  }
  const session = { id: opened.value.sessionId, version: ctx.shape.version };
  const p = TOKEN_PROBES.sessionReplay;
  await call(ctx, main, p, 'notifications/initialized', session, true);
  const control = await call(ctx, main, p, 'tools/list', session);
  const withoutToken = await call(
    ctx,
    { label: 'on the session, without Authorization', set: 'none' },
    p,
    'tools/list',
    session,
  );
  const garbageToken = await call(
    ctx,
    {
      label: 'on the session, with a random bearer token',
      set: 'none',
      headers: { authorization: `Bearer ${randomBytes(32).toString('base64url')}` },
    },
    p,
    'tools/list',
    session,
  );
  await close(ctx, main, opened);
  return {
    kind: 'ok',
    value: { open: opened.value, control, withoutToken, garbageToken },
    exchanges: [opened.value.exchange],
  };
}

async function otherToken(
  ctx: TokenTierContext,
  set: Exclude<TokenName, 'user'>,
  probe: string,
  methods: readonly string[],
  flag: string,
): Promise<Probe<OtherTokenProbe>> {
  const shape = ctx.credentials.shape(set);
  if (shape === null) return skipped('no_token', `needs ${flag}`);
  const label =
    set === SECOND_TOKEN_SET ? 'with the second token (another resource)' : 'with the narrow-scope token';
  const replies = await tryToken(ctx, { label, set }, probe, methods);
  return {
    kind: 'ok',
    value: { token: shape, replies },
    exchanges: replies.flatMap((r) => (r.probe.kind === 'skipped' ? [] : r.probe.exchanges)),
  };
}

/** An unsigned JWT that names the right issuer and audience: only signature checking refuses it. */
export function forgedToken(
  resource: string,
  issuer: string | null,
  scopes: readonly string[],
  now = Date.now(),
): string {
  const iat = Math.floor(now / 1000);
  const scope = scopes.length > 0 ? scopes.join(' ') : 'mcp';
  return new UnsecuredJWT({ scope, client_id: `${PROBE_PREFIX}-forged` })
    .setIssuer(issuer ?? new URL(resource).origin)
    .setAudience(resource)
    .setSubject(`${PROBE_PREFIX}-forged`)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 300)
    .encode();
}

async function queryToken(ctx: TokenTierContext): Promise<Probe<HttpReply>> {
  if (ctx.mode !== 'intrusive')
    return skipped('mode_disabled', 'needs --mode intrusive (the token lands in URL logs)');
  const inQuery = ctx.credentials.inQuery(ctx.target.url);
  if (inQuery === null) return skipped('no_token', 'needs --token');
  const c: Credential = { label: 'with the user token only as ?access_token=', set: 'none' };
  const opened = await open(ctx, c, TOKEN_PROBES.query, inQuery);
  await close(ctx, { label: 'cleanup', set: 'main' }, opened);
  return opened;
}

async function forged(ctx: TokenTierContext): Promise<Probe<HttpReply>> {
  if (ctx.mode !== 'intrusive') return skipped('mode_disabled', 'needs --mode intrusive');
  const c: Credential = {
    label: 'with an unsigned (alg: none) JWT naming the issuer and resource',
    set: 'none',
    headers: { authorization: `Bearer ${forgedToken(ctx.resource, ctx.issuer, ctx.scopes)}` },
  };
  const opened = await open(ctx, c, TOKEN_PROBES.forged);
  await close(ctx, c, opened);
  return opened;
}

/** The JWT battery's forgeries, each on the opening request (then its session, if any, closed). */
function jwtBattery(ctx: TokenTierContext) {
  const send = async (probe: string, label: string, cred: BatteryCredential) => {
    const c: Credential =
      'bearer' in cred
        ? { label, set: 'none', headers: { authorization: `Bearer ${cred.bearer}` } }
        : { label, set: EXPIRED_TOKEN_SET };
    const opened = await open(ctx, c, probe);
    await close(ctx, c, opened);
    return opened;
  };
  return probeJwtBattery({
    client: ctx.client,
    mode: ctx.mode,
    target: ctx.target,
    targetScope: ctx.targetScope,
    resource: ctx.resource,
    issuer: ctx.issuer,
    scopes: ctx.scopes,
    jwksUri: ctx.jwksUri,
    credentials: ctx.credentials,
    expiredSet: ctx.credentials.has(EXPIRED_TOKEN_SET) ? EXPIRED_TOKEN_SET : null,
    send,
  });
}

export async function probeTokenTier(ctx: TokenTierContext): Promise<TokenProbes> {
  if (ctx.mode === 'passive') {
    const off = skipped('mode_disabled', 'needs --mode safe');
    return { sessionReplay: off, foreign: off, narrow: off, query: off, forged: off, jwtBattery: off };
  }
  // Sequential on purpose: a fixed order of ids and exchanges, and at most one extra session at a time.
  const sessionReplayed = await sessionReplay(ctx);
  const foreign = await otherToken(
    ctx,
    SECOND_TOKEN_SET,
    TOKEN_PROBES.foreign,
    ['tools/list'],
    '--second-token-env',
  );
  const narrow = await otherToken(
    ctx,
    NARROW_TOKEN_SET,
    TOKEN_PROBES.narrow,
    NARROW_METHODS,
    '--narrow-token-env',
  );
  const query = await queryToken(ctx);
  const forgedProbe = await forged(ctx);
  const battery = await jwtBattery(ctx);
  return { sessionReplay: sessionReplayed, foreign, narrow, query, forged: forgedProbe, jwtBattery: battery };
}
