/**
 * Safe single requests of the modern wire beyond the header variants: unknown
 * and removed methods, the bad and missing version, GET/DELETE, a bogus
 * session, Last-Event-ID, a batch and a missing resource.
 */
import type { ModernMethodProbe, Probe, HttpReply } from '../../evidence/types.js';
import { modernMeta, PROBE_PREFIX, SSE_HEADERS } from '../mcp-messages.js';
import type { RpcIds } from '../mcp-messages.js';
import { QUIET_STREAM, sendRpc } from '../rpc.js';
import type { ModernContext } from './send.js';
import { modernBody, modernHeaders, sendModern, settleAll, skipped } from './send.js';

export const BOGUS_VERSION = '1900-01-01';
export const MISSING_RESOURCE = `${PROBE_PREFIX}:/nonexistent`;

/** Unknown and removed methods (with the params their legacy form took), all with correct headers. */
export const UNKNOWN_METHODS: readonly { method: string; params: Record<string, unknown> }[] = [
  { method: `${PROBE_PREFIX}/nonexistent`, params: {} },
  { method: 'ping', params: {} },
  { method: 'logging/setLevel', params: { level: 'info' } },
  { method: 'resources/subscribe', params: { uri: MISSING_RESOURCE } },
  { method: 'resources/unsubscribe', params: { uri: MISSING_RESOURCE } },
  {
    method: 'initialize',
    params: {
      protocolVersion: '2026-07-28',
      capabilities: {},
      clientInfo: { name: PROBE_PREFIX, version: '1' },
    },
  },
];

export interface MethodProbeResult {
  readonly versionBad: Probe<HttpReply>;
  readonly versionNone: Probe<HttpReply>;
  readonly methods: readonly ModernMethodProbe[];
  readonly get: Probe<HttpReply>;
  readonly delete: Probe<HttpReply>;
  readonly bogusSession: Probe<HttpReply>;
  readonly lastEventId: Probe<HttpReply>;
  readonly batch: Probe<HttpReply>;
  readonly resourceMissing: Probe<HttpReply>;
}

export async function probeMethods(
  ctx: ModernContext,
  ids: RpcIds,
  opts: { readonly modernOnly: boolean; readonly sessionId: string },
): Promise<MethodProbeResult> {
  const discover = (
    probe: string,
    purpose: string,
    headers: Record<string, string | null>,
    version?: string,
  ) =>
    sendModern(ctx, {
      id: ids.take(),
      method: 'server/discover',
      ...(version ? { meta: modernMeta(version) } : {}),
      headers,
      probe,
      purpose,
    });
  const versionBad = discover(
    's.version.bad.modern',
    `server/discover with MCP-Protocol-Version ${BOGUS_VERSION} in the header and _meta (expects 400, -32022)`,
    { 'mcp-protocol-version': BOGUS_VERSION },
    BOGUS_VERSION,
  );
  const versionNone = discover(
    's.version.none.modern',
    'server/discover without MCP-Protocol-Version (expects 400, -32020)',
    { 'mcp-protocol-version': null },
  );
  const bogusSession = discover(
    's.session.modern',
    'server/discover with a random Mcp-Session-Id (expects it ignored)',
    { 'mcp-session-id': opts.sessionId },
  );
  const lastEventId = discover('s.lei', 'server/discover with Last-Event-ID: 1 (expects it ignored)', {
    'last-event-id': '1',
  });
  const methods = UNKNOWN_METHODS.map(({ method, params }) => ({
    method,
    probe: sendModern(ctx, {
      id: ids.take(),
      method,
      params,
      probe: `s.method.unknown(${method})`,
      purpose: `${method} over the modern wire (expects 404, -32601)`,
    }),
  }));
  const resourceMissing = sendModern(ctx, {
    id: ids.take(),
    method: 'resources/read',
    params: { uri: MISSING_RESOURCE },
    probe: 's.resource.missing',
    purpose: 'resources/read of a nonexistent URI (expects -32602)',
  });
  const batchIds = [ids.take(), ids.take()];
  const batch = sendRpc(ctx.client, {
    method: 'POST',
    url: ctx.url,
    headers: modernHeaders('tools/list'),
    body: JSON.stringify(batchIds.map((id) => modernBody({ id, method: 'tools/list' }))),
    probe: 's.batch.modern',
    purpose: 'a JSON array of two modern tools/list requests (expects 400)',
    source: 'user',
    rpcId: null,
  });
  const why = 'dual-era server: the legacy rules govern GET and DELETE';
  const get = opts.modernOnly
    ? sendRpc(ctx.client, {
        method: 'GET',
        url: ctx.url,
        headers: SSE_HEADERS,
        probe: 's.get.modern',
        purpose: 'GET the endpoint without a session (expects 405 from a modern-only server)',
        source: 'user',
        rpcId: null,
        streamWindowMs: 2_000,
        settle: QUIET_STREAM,
      })
    : Promise.resolve(skipped(why, 'not_needed'));
  const del = opts.modernOnly
    ? sendRpc(ctx.client, {
        method: 'DELETE',
        url: ctx.url,
        headers: {},
        probe: 's.delete.modern',
        purpose: 'DELETE the endpoint without a session (expects 405 from a modern-only server)',
        source: 'user',
        rpcId: null,
      })
    : Promise.resolve(skipped(why, 'not_needed'));
  const settled = await settleAll({
    versionBad,
    versionNone,
    bogusSession,
    lastEventId,
    resourceMissing,
    batch,
    get,
    delete: del,
  });
  const answered = await Promise.all(methods.map(async (m) => ({ method: m.method, probe: await m.probe })));
  return { ...settled, methods: answered };
}
