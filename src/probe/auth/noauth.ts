/**
 * s.methods.noauth: each JSON-RPC method and HTTP verb a client may use, sent
 * without credentials (even in a token scan), so AUTHN07 can compare who lets
 * what through. Requests use the legacy wire unless only 2026-07-28 is possible.
 */
import { randomBytes } from 'node:crypto';
import type { Probe, HttpReply } from '../../evidence/types.js';
import type { Revision } from '../../spec/revisions.js';
import { LEGACY_REVISIONS_NEWEST_FIRST, MODERN_REVISION } from '../../spec/revisions.js';
import type { HttpClient } from '../http/types.js';
import {
  discoverHeaders,
  initializeParams,
  modernMeta,
  POST_HEADERS,
  PROBE_PREFIX,
  rpcRequest,
  SSE_HEADERS,
} from '../mcp-messages.js';
import type { RpcIds } from '../mcp-messages.js';
import { QUIET_STREAM, sendRpc } from '../rpc.js';
import { AUTH_PROBES, NOAUTH_METHODS } from './plan.js';
import type { NoAuthMethod } from './plan.js';

export interface NoAuthContext {
  readonly client: HttpClient;
  readonly url: string;
  readonly ids: RpcIds;
  readonly candidates: readonly Revision[];
}

function send(
  ctx: NoAuthContext,
  method: NoAuthMethod,
  modern: boolean,
  tool: string,
): Promise<Probe<HttpReply>> {
  const common = {
    url: ctx.url,
    probe: AUTH_PROBES.noauth(method),
    purpose: `${method} without credentials (expects 401)`,
    source: 'user' as const,
    attachCredentials: false,
  };
  if (method === 'GET') {
    return sendRpc(ctx.client, {
      ...common,
      method: 'GET',
      headers: SSE_HEADERS,
      rpcId: null,
      streamWindowMs: 1_000,
      settle: QUIET_STREAM,
    });
  }
  if (method === 'DELETE') {
    return sendRpc(ctx.client, {
      ...common,
      method: 'DELETE',
      headers: { accept: POST_HEADERS['accept'] ?? 'application/json' },
      rpcId: null,
      streamWindowMs: 1_000,
    });
  }
  const id = ctx.ids.take();
  if (method === 'initialize') {
    const version = LEGACY_REVISIONS_NEWEST_FIRST.find((r) => ctx.candidates.includes(r)) ?? '2025-11-25';
    const body = rpcRequest(id, 'initialize', initializeParams(version));
    return sendRpc(ctx.client, { ...common, method: 'POST', headers: POST_HEADERS, body, rpcId: id });
  }
  const params: Record<string, unknown> = method === 'tools/call' ? { name: tool, arguments: {} } : {};
  if (method === 'server/discover' || modern) {
    const headers: Record<string, string> = { ...discoverHeaders(), 'mcp-method': method };
    if (method === 'tools/call') headers['mcp-name'] = tool;
    const body = rpcRequest(id, method, { ...params, _meta: modernMeta() });
    return sendRpc(ctx.client, { ...common, method: 'POST', headers, body, rpcId: id });
  }
  const body = rpcRequest(id, method, params);
  return sendRpc(ctx.client, { ...common, method: 'POST', headers: POST_HEADERS, body, rpcId: id });
}

/** Sends every method concurrently; JSON-RPC ids are taken in NOAUTH_METHODS order at call time. */
export function probeMethodsNoAuth(
  ctx: NoAuthContext,
): Promise<{ method: string; probe: Probe<HttpReply> }[]> {
  const modern = ctx.candidates.length > 0 && ctx.candidates.every((r) => r === MODERN_REVISION);
  const tool = `${PROBE_PREFIX}-${randomBytes(6).toString('hex')}`;
  const pending = NOAUTH_METHODS.map((method) =>
    send(ctx, method, modern, tool).then((probe) => ({ method, probe })),
  );
  return Promise.all(pending);
}
