/**
 * Sends one MCP-bearing HTTP request and turns the answer into a typed
 * HttpReply. SSE replies are read only until the response to our request id
 * arrives (or the 5 s window closes): servers may keep streams open.
 */
import type { ExchangeId, JsonRpcId, Probe, HttpReply } from '../evidence/types.js';
import { buildHttpReply } from '../evidence/parse/http-reply.js';
import { SseAccumulator } from '../evidence/parse/sse.js';
import type { SseEvent } from '../evidence/parse/sse.js';
import type { HttpClient, HttpResult, RequestSpec } from './http/types.js';

/** How long an SSE reply is read waiting for the matching response. */
export const SSE_REPLY_WINDOW_MS = 5_000;

export interface RpcRequestSpec extends Omit<RequestSpec, 'onChunk' | 'streamWindowMs'> {
  /** The JSON-RPC id whose response ends an SSE reply; null for notifications and batches. */
  readonly rpcId: JsonRpcId;
  readonly streamWindowMs?: number;
}

function idsMatch(a: unknown, b: JsonRpcId): boolean {
  return a === b;
}

/** True when an SSE data line holds the JSON-RPC response to `id`. */
function answers(event: SseEvent, id: JsonRpcId): boolean {
  if (id === null || event.data === '') return false;
  try {
    const parsed: unknown = JSON.parse(event.data);
    return (
      typeof parsed === 'object' &&
      parsed !== null &&
      !Array.isArray(parsed) &&
      'id' in parsed &&
      idsMatch((parsed as { id: unknown }).id, id) &&
      ('result' in parsed || 'error' in parsed)
    );
  } catch {
    return false;
  }
}

export function toProbe(result: HttpResult, build: (exchange: ExchangeId) => HttpReply): Probe<HttpReply> {
  if (result.response) return { kind: 'ok', value: build(result.exchangeId), exchanges: [result.exchangeId] };
  return {
    kind: 'failed',
    error: result.error ?? { code: 'protocol', message: 'no response' },
    exchanges: [result.exchangeId],
  };
}

export async function sendRpc(client: HttpClient, spec: RpcRequestSpec): Promise<Probe<HttpReply>> {
  const acc = new SseAccumulator();
  const events: SseEvent[] = [];
  const { rpcId, streamWindowMs, ...rest } = spec;
  const result = await client.send({
    ...rest,
    streamWindowMs: streamWindowMs ?? SSE_REPLY_WINDOW_MS,
    onChunk: (text) => {
      for (const e of acc.push(text)) {
        events.push(e);
        if (answers(e, rpcId)) return 'stop';
      }
      // The accumulator's caps were hit: nothing more would be kept, so stop reading.
      return acc.truncated ? 'stop' : 'continue';
    },
  });
  events.push(...acc.flush());
  const res = result.response;
  if (!res) return toProbe(result, () => unreachable());
  return toProbe(result, (exchange) => buildHttpReply(exchange, res, rpcId, { sseEvents: events }));
}

function unreachable(): never {
  throw new Error('unreachable');
}
