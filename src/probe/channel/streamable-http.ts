/**
 * The Streamable HTTP channel: one POST per message to the endpoint. The framing decides the
 * headers a conforming client sends: the handshake era carries the session ID and the
 * negotiated `MCP-Protocol-Version`; the modern (2026-07-28) wire carries `_meta` in params
 * and the standard `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name` headers.
 */
import type { HttpReply, Probe } from '../../evidence/types.js';
import type { HttpClient } from '../http/types.js';
import { rpcNotification, rpcRequest, sessionHeaders } from '../mcp-messages.js';
import { modernBody, modernHeaders } from '../modern/send.js';
import { sendRpc } from '../rpc.js';
import type { RpcCall, RpcChannel } from './types.js';

export type HttpFraming =
  | { readonly era: 'handshake'; readonly sessionId: string | null; readonly version: string | null }
  | { readonly era: 'modern' };

/** Framing of the first `initialize`: no session yet, no negotiated version. */
export const HANDSHAKE: HttpFraming = { era: 'handshake', sessionId: null, version: null };
export const MODERN: HttpFraming = { era: 'modern' };

export function streamableHttpChannel(
  client: HttpClient,
  url: string,
  framing: HttpFraming,
): RpcChannel<HttpReply> {
  return {
    transport: 'streamable-http',
    call(call: RpcCall): Promise<Probe<HttpReply>> {
      const modern = framing.era === 'modern';
      const headers = modern
        ? modernHeaders(call.method, call.params)
        : sessionHeaders(framing.sessionId, framing.version);
      const body = modern
        ? JSON.stringify(modernBody({ id: call.id as number, method: call.method, ...paramsOf(call) }))
        : call.id === null
          ? rpcNotification(call.method, call.params)
          : rpcRequest(call.id as number, call.method, call.params);
      return sendRpc(client, {
        method: 'POST',
        url,
        headers,
        body,
        probe: call.probe,
        purpose: call.purpose,
        source: 'user',
        rpcId: call.id,
        ...(call.timeoutMs !== undefined ? { timeoutMs: call.timeoutMs } : {}),
      });
    },
  };
}

function paramsOf(call: RpcCall): { params?: Readonly<Record<string, unknown>> } {
  return call.params === undefined ? {} : { params: call.params };
}
