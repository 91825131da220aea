/**
 * The HTTP+SSE (2024-11-05) channel: each message is POSTed to the endpoint the stream
 * announced (a learned URL, so the address policy applies), and the answer arrives on the
 * already-open event stream as an event carrying the request's id.
 */
import { classifyMessage, jsonDepthExceeds, MAX_JSON_DEPTH } from '../../evidence/parse/json-rpc.js';
import { buildHttpReply } from '../../evidence/parse/http-reply.js';
import { boundLongStrings } from '../../evidence/parse/long-strings.js';
import type { SseEvent } from '../../evidence/parse/sse.js';
import type { HttpReply, JsonRpcId, Probe, RpcMessage } from '../../evidence/types.js';
import type { HttpClient } from '../http/types.js';
import { POST_HEADERS, rpcNotification, rpcRequest } from '../mcp-messages.js';
import { toProbe } from '../rpc.js';
import type { RpcCall, RpcChannel } from './types.js';

/** How long a reply event is awaited after the POST was accepted. */
export const REPLY_WAIT_MS = 5_000;

/** What the stream reader shares with the channel: who waits for which id, and when it closed. */
export type ReplyWaiters = Map<number | string, (e: SseEvent) => void>;

/** A call over HTTP+SSE: the POST's HTTP answer and the reply event from the stream. */
export interface SseCallOutcome {
  readonly http: Probe<HttpReply>;
  readonly event: SseEvent | null;
}

export function within<T>(p: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<T>((r) => (timer = setTimeout(() => r(fallback), ms)));
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

/** The JSON-RPC message of a reply event (null when it is not one, or nested too deep to keep). */
export function parseEventMessage(data: string): RpcMessage | null {
  if (jsonDepthExceeds(data, MAX_JSON_DEPTH)) return null;
  try {
    return classifyMessage(boundLongStrings(JSON.parse(data), data.length)).message;
  } catch {
    return null;
  }
}

/**
 * `call` answers with the POST's HTTP envelope (status, media type: a 401 or a 5xx stays visible)
 * carrying the reply event's message.
 */
export interface SseChannel extends RpcChannel<HttpReply> {
  /** The call with both halves kept (the transport checks judge the POST and the event apart). */
  exchange(call: RpcCall, opts?: { readonly awaitReply?: boolean }): Promise<SseCallOutcome>;
}

export function sseChannel(
  client: HttpClient,
  endpoint: string,
  waiters: ReplyWaiters,
  streamClosed: Promise<null>,
): SseChannel {
  const exchange = async (call: RpcCall, opts: { readonly awaitReply?: boolean } = {}) => {
    const id: JsonRpcId = call.id;
    const awaited = (opts.awaitReply ?? true) && id !== null ? id : null;
    const reply = awaited === null ? null : new Promise<SseEvent>((r) => waiters.set(awaited, r));
    const res = await client.send({
      method: 'POST',
      url: endpoint,
      headers: POST_HEADERS,
      body:
        id === null
          ? rpcNotification(call.method, call.params)
          : rpcRequest(id as number, call.method, call.params),
      probe: call.probe,
      purpose: call.purpose,
      source: 'learned',
      ...(call.timeoutMs !== undefined ? { timeoutMs: call.timeoutMs } : {}),
    });
    const http = toProbe(res, (x) => buildHttpReply(x, res.response!, awaited));
    // A POST that got no accepting answer will never produce a reply event: do not wait for one.
    const accepted = http.kind === 'ok' && http.value.status < 300;
    const event =
      reply && accepted
        ? await within<SseEvent | null>(Promise.race([reply, streamClosed]), REPLY_WAIT_MS, null)
        : null;
    return { http, event };
  };
  return {
    transport: 'http+sse',
    exchange,
    async call(call: RpcCall): Promise<Probe<HttpReply>> {
      const { http, event } = await exchange(call);
      // Without a reply event (refused, or none came), the POST's own body is the answer.
      if (http.kind !== 'ok' || !event) return http;
      const message = parseEventMessage(event.data);
      return {
        kind: 'ok',
        value: {
          ...http.value,
          messages: message ? [message] : [],
          response: message?.kind === 'response' ? message : null,
        },
        exchanges: http.exchanges,
      };
    },
  };
}
