/**
 * Probes of a handshake-era Streamable HTTP session (docs/model/modes.md#probe-ids: p.initialized,
 * p.init2, s.get, s.session.*, s.version.*, s.batch (and on a 2025-03-26 session, ./stages/batch-0326.ts),
 * s.init.bogus, p.delete).
 * Independent probes run concurrently; the DELETE and the reuse of the
 * deleted ID run last because they end the session the others use.
 */
import { randomUUID } from 'node:crypto';

import type { LegacySessionEvidence, Mode, Probe, HttpReply, SessionSample } from '../evidence/types.js';
import { offeredVersion } from '../evidence/derive/revision.js';
import { isRevision } from '../spec/revisions.js';
import type { HttpClient } from './http/types.js';
import { initialize } from './detect.js';
import type { HttpInitAttempt } from './detect.js';
import type { RpcIds } from './mcp-messages.js';
import { POST_HEADERS, rpcNotification, rpcRequest, sessionHeaders, SSE_HEADERS } from './mcp-messages.js';
import { QUIET_STREAM, sendRpc } from './rpc.js';

/** How long the GET stream is read before the scanner closes it. */
const GET_WINDOW_MS = 2_000;

const skipped = (reason: 'mode_disabled' | 'no_session', detail?: string): Probe<HttpReply> => ({
  kind: 'skipped',
  reason,
  ...(detail ? { detail } : {}),
});

export interface SessionContext {
  readonly client: HttpClient;
  readonly url: string;
  readonly ids: RpcIds;
  readonly mode: Mode;
}

function sessionOf(p: Probe<HttpReply>): string | null {
  return p.kind === 'ok' ? p.value.sessionId : null;
}

export async function deleteSession(
  ctx: SessionContext,
  sessionId: string,
  probe: string,
  purpose: string,
  version: string | null,
  /** How the request carries credentials (default: the user's, as every session request). */
  credentials: { readonly attachCredentials?: boolean; readonly credentialSet?: string } = {},
) {
  return sendRpc(ctx.client, {
    method: 'DELETE',
    url: ctx.url,
    headers: sessionHeaders(sessionId, version),
    probe,
    purpose,
    source: 'user',
    rpcId: null,
    ...credentials,
  });
}

function list(ctx: SessionContext, probe: string, purpose: string, headers: Record<string, string>) {
  const id = ctx.ids.take();
  return sendRpc(ctx.client, {
    method: 'POST',
    url: ctx.url,
    headers,
    body: rpcRequest(id, 'tools/list', {}),
    probe,
    purpose,
    source: 'user',
    rpcId: id,
  });
}

/**
 * The scanner's session, opened and kept open while the stages that travel on it (the listings,
 * the tool probes) run; `sendSessionVariants` then sends the variants and `closeLegacySession` ends it.
 */
export interface OpenLegacySession {
  readonly ctx: SessionContext;
  readonly main: { readonly attempt: HttpInitAttempt; readonly reply: HttpReply };
  readonly inits: readonly HttpInitAttempt[];
  readonly sessionId: string | null;
  readonly version: string;
  readonly initialized: Probe<HttpReply>;
  /** In flight while the session is used: the GET stream, the second initialize, the baseline list. */
  readonly pending: {
    readonly get: Promise<Probe<HttpReply>>;
    readonly init2: Promise<Probe<HttpReply>>;
    readonly baseline: Promise<Probe<HttpReply>>;
  };
}

/**
 * Opens the session: notifications/initialized, then the GET stream, the second initialize and
 * the baseline list, left in flight.
 * @param main the successful initialize that opened the scanner's main session
 * @param inits every ladder attempt (their session IDs are samples; extra sessions are deleted)
 */
export async function openLegacySession(
  ctx: SessionContext,
  main: { attempt: HttpInitAttempt; reply: HttpReply },
  inits: readonly HttpInitAttempt[],
): Promise<OpenLegacySession> {
  const version = main.attempt.offered!;
  const sessionId = main.reply.sessionId;
  const headers = sessionHeaders(sessionId, version);
  const initialized = await sendRpc(ctx.client, {
    method: 'POST',
    url: ctx.url,
    headers,
    body: rpcNotification('notifications/initialized'),
    probe: 'p.initialized',
    purpose: 'notifications/initialized on the session (expects 202)',
    source: 'user',
    rpcId: null,
  });
  // The GET stream is read while the rest of the session runs: it waits for what the server
  // sends on its own, which nothing else here depends on. It ends before the DELETE.
  const get =
    ctx.mode !== 'passive'
      ? sendRpc(ctx.client, {
          method: 'GET',
          url: ctx.url,
          headers: {
            ...SSE_HEADERS,
            ...(sessionId ? { 'mcp-session-id': sessionId } : {}),
            ...versionHeader(version),
          },
          probe: 's.get',
          purpose: 'GET the endpoint for the standalone SSE stream (expects SSE or 405)',
          source: 'user',
          rpcId: null,
          streamWindowMs: GET_WINDOW_MS,
          settle: QUIET_STREAM,
        })
      : Promise.resolve(skipped('mode_disabled', 'needs --mode safe'));
  const init2 = initialize(
    ctx.client,
    ctx.url,
    ctx.ids,
    version,
    'p.init2',
    'second initialize: a second session-ID sample',
  );
  const baseline = list(
    ctx,
    'p.list.baseline',
    'tools/list on the session (baseline for the safe variants)',
    headers,
  );
  return { ctx, main, inits, sessionId, version, initialized, pending: { get, init2, baseline } };
}

/** The safe session and version variants, on the session and beside it. */
function sendVariants(ctx: SessionContext, sessionId: string | null, headers: Record<string, string>) {
  const safe = ctx.mode !== 'passive';
  const disabled = skipped('mode_disabled', 'needs --mode safe');
  const withoutSession = { ...headers };
  delete withoutSession['mcp-session-id'];
  const noSession = sessionId === null ? skipped('no_session') : null;
  return Promise.all([
    !safe
      ? disabled
      : (noSession ??
        list(ctx, 's.session.none', 'tools/list without Mcp-Session-Id (expects 400)', withoutSession)),
    !safe
      ? disabled
      : (noSession ??
        list(ctx, 's.session.unknown', 'tools/list with a session ID never issued (expects 404)', {
          ...headers,
          'mcp-session-id': randomUUID(),
        })),
    safe
      ? list(ctx, 's.version.bad', 'tools/list with MCP-Protocol-Version 1900-01-01 (expects 400)', {
          ...headers,
          'mcp-protocol-version': '1900-01-01',
        })
      : disabled,
    safe
      ? list(ctx, 's.version.none', 'tools/list without MCP-Protocol-Version', withoutVersion(headers))
      : disabled,
    safe
      ? sendBatch(
          ctx,
          { ...POST_HEADERS, ...headers },
          's.batch',
          'a two-element JSON-RPC batch of tools/list',
        )
      : disabled,
    safe
      ? initialize(
          ctx.client,
          ctx.url,
          ctx.ids,
          '1900-01-01',
          's.init.bogus',
          'initialize with protocolVersion 1900-01-01',
        )
      : disabled,
  ]);
}

/** DELETE of the session, then (safe mode, when it ended) its reuse, retried once after 500 ms. */
async function endSession(
  ctx: SessionContext,
  sessionId: string,
  version: string,
  headers: Record<string, string>,
): Promise<{ del: Probe<HttpReply>; sessionReuse: Probe<HttpReply> | null }> {
  const del = await deleteSession(
    ctx,
    sessionId,
    'p.delete',
    "DELETE the scanner's session (expects 2xx or 405)",
    version,
  );
  const deleted = del.kind === 'ok' && del.value.status >= 200 && del.value.status < 300;
  if (ctx.mode === 'passive') return { del, sessionReuse: null };
  if (!deleted)
    return {
      del,
      sessionReuse: {
        kind: 'skipped',
        reason: 'dependency_failed',
        detail: 'the DELETE did not end the session',
      },
    };
  let sessionReuse = await list(
    ctx,
    's.session.reuse',
    'tools/list with the deleted session ID (expects 404)',
    headers,
  );
  // Teardown may be asynchronous: one retry after 500 ms before judging.
  if (sessionReuse.kind === 'ok' && sessionReuse.value.status !== 404) {
    await new Promise((r) => setTimeout(r, 500));
    sessionReuse = await list(
      ctx,
      's.session.reuse',
      'retry: tools/list with the deleted session ID',
      headers,
    );
  }
  return { del, sessionReuse };
}

/** What was sent on (and beside) the session after the stages that use it, before it is closed. */
export interface SessionVariants {
  readonly init2: Probe<HttpReply>;
  readonly baseline: Probe<HttpReply>;
  readonly sessionNone: Probe<HttpReply>;
  readonly sessionUnknown: Probe<HttpReply>;
  readonly versionBad: Probe<HttpReply>;
  readonly versionNone: Probe<HttpReply>;
  readonly batch: Probe<HttpReply>;
  readonly initBogus: Probe<HttpReply>;
}

/** After the stages that use the session: the safe session and version variants. */
export async function sendSessionVariants(open: OpenLegacySession): Promise<SessionVariants> {
  const { ctx, sessionId, version } = open;
  const [init2, baseline] = await Promise.all([open.pending.init2, open.pending.baseline]);
  const [sessionNone, sessionUnknown, versionBad, versionNone, batch, initBogus] = await sendVariants(
    ctx,
    sessionId,
    sessionHeaders(sessionId, version),
  );
  return { init2, baseline, sessionNone, sessionUnknown, versionBad, versionNone, batch, initBogus };
}

/**
 * Last: every extra session (the ladder's, p.init2's, s.init.bogus's) and the session itself
 * closed, and the session's evidence assembled.
 * @param batch0326 the batch on the ladder's 2025-03-26 session (./stages/batch-0326.ts), sent
 *   before that session is closed here
 */
export async function closeLegacySession(
  open: OpenLegacySession,
  variants: SessionVariants,
  batch0326: Probe<HttpReply>,
): Promise<LegacySessionEvidence> {
  const { ctx, main, inits, sessionId, version } = open;
  const headers = sessionHeaders(sessionId, version);
  const { init2, initBogus } = variants;
  const get = await open.pending.get;

  // Every session the scanner opened besides the main one is closed again.
  const others = inits.filter((i) => i !== main.attempt).map((i) => i.probe);
  const extra = new Set<string>();
  for (const p of [init2, initBogus, ...others]) {
    const s = sessionOf(p);
    if (s !== null && s !== sessionId) extra.add(s);
  }
  // Beside the main session's DELETE, not before it: the sessions are independent.
  const cleanup = Promise.all(
    [...extra].map((s) =>
      deleteSession(ctx, s, 'p.delete.cleanup', 'DELETE an extra session the scanner opened', version),
    ),
  );
  const disabled = skipped('mode_disabled', 'needs --mode safe');
  const ended = sessionId !== null ? await endSession(ctx, sessionId, version, headers) : null;
  await cleanup;

  const samples: SessionSample[] = [];
  for (const p of [main.attempt.probe, ...others, init2]) {
    if (p.kind === 'ok' && p.value.sessionId !== null && offeredVersion(p.value) !== null) {
      samples.push({ value: p.value.sessionId, exchange: p.value.exchange });
    }
  }
  return {
    version,
    revision: isRevision(version) ? version : null,
    init: main.reply,
    sessionId,
    sessionSamples: samples,
    initialized: open.initialized,
    init2,
    baseline: variants.baseline,
    get,
    sessionNone: variants.sessionNone,
    sessionUnknown: variants.sessionUnknown,
    versionBad: variants.versionBad,
    versionNone: variants.versionNone,
    batch: variants.batch,
    batch0326,
    initBogus,
    delete: ended?.del ?? skipped('no_session'),
    sessionReuse: sessionId === null ? skipped('no_session') : (ended?.sessionReuse ?? disabled),
  };
}

function versionHeader(version: string): Record<string, string> {
  const h = sessionHeaders(null, version);
  return h['mcp-protocol-version'] ? { 'mcp-protocol-version': h['mcp-protocol-version'] } : {};
}

function withoutVersion(headers: Record<string, string>): Record<string, string> {
  const h = { ...headers };
  delete h['mcp-protocol-version'];
  return h;
}

/** A two-element JSON-RPC batch of `tools/list` with `headers` (the session's). */
export function sendBatch(
  ctx: SessionContext,
  headers: Record<string, string>,
  probe: string,
  purpose: string,
) {
  const a = ctx.ids.take();
  const b = ctx.ids.take();
  const body = `[${rpcRequest(a, 'tools/list', {})},${rpcRequest(b, 'tools/list', {})}]`;
  return sendRpc(ctx.client, {
    method: 'POST',
    url: ctx.url,
    headers,
    body,
    probe,
    purpose,
    source: 'user',
    rpcId: b,
  });
}

/** Replies of every probe sent on (or about) the scanner's session, for late authorization signals. */
export function mainSessionReplies(s: LegacySessionEvidence): HttpReply[] {
  return [
    s.initialized,
    s.init2,
    s.baseline,
    s.get,
    s.sessionNone,
    s.sessionUnknown,
    s.versionBad,
    s.versionNone,
    s.batch,
    ...(s.batch0326 ? [s.batch0326] : []),
    s.initBogus,
    s.delete,
    s.sessionReuse,
  ].flatMap((p) => (p.kind === 'ok' ? [p.value] : []));
}
