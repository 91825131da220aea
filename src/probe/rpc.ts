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

export interface RpcRequestSpec extends Omit<RequestSpec, 'onChunk' | 'streamWindowMs' | 'onHeaders'> {
  /** The JSON-RPC id whose response ends an SSE reply; null for notifications and batches. */
  readonly rpcId: JsonRpcId;
  readonly streamWindowMs?: number;
  /**
   * For a stream that may stay open and quiet (the GET stream, a listen): close it early once
   * what the checks read has arrived, its headers and the first event if one comes soon
   * (see `StreamSettle`). `streamWindowMs` stays the upper bound.
   */
  readonly settle?: StreamSettle;
}

/**
 * How long a quiet stream is read past its headers. An event the server sends as the stream
 * opens (a priming event, a listen acknowledgement) is written with the headers, so it arrives
 * within about one more round trip: the wait is `roundTrips` times the exchange's own time to
 * headers, at least `floorMs` (server-side jitter on a nearby server) and at most `graceMs`
 * when no event came, or `afterFirstEventMs` after the first event (for what follows it). A
 * stream that stays quiet costs a few round trips, not a fixed half second.
 */
export interface StreamSettle {
  readonly graceMs: number;
  readonly afterFirstEventMs: number;
  readonly floorMs: number;
  readonly roundTrips: number;
}

/** A stream that may stay open and quiet: its headers, and its first event if one comes soon. */
export const QUIET_STREAM: StreamSettle = {
  graceMs: 500,
  afterFirstEventMs: 250,
  floorMs: 100,
  roundTrips: 4,
};

/** The settle wait for an exchange whose headers took `headersMs`, capped at `capMs`. */
export function settleWait(settle: StreamSettle, headersMs: number, capMs: number): number {
  return Math.min(capMs, Math.max(settle.floorMs, settle.roundTrips * headersMs));
}

/** The early close of a settling stream, as an abort signal the HTTP client honours. */
function settler(settle: StreamSettle | undefined, outer: AbortSignal | undefined) {
  if (!settle)
    return { signal: outer, onHeaders: undefined, onEvent: () => undefined, done: () => undefined };
  const ctrl = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let evented = false;
  let headersMs = 0;
  const closeIn = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => ctrl.abort(), ms);
  };
  outer?.addEventListener('abort', () => ctrl.abort(), { once: true });
  return {
    signal: ctrl.signal,
    onHeaders: (elapsedMs: number) => {
      headersMs = elapsedMs;
      if (!evented) closeIn(settleWait(settle, headersMs, settle.graceMs));
    },
    onEvent: () => {
      if (evented) return;
      evented = true;
      closeIn(settleWait(settle, headersMs, settle.afterFirstEventMs));
    },
    done: () => clearTimeout(timer),
  };
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
      idsMatch(parsed.id, id) &&
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

/** The fields of an RPC spec that are not the HTTP request's. */
const RPC_ONLY: ReadonlySet<string> = new Set(['rpcId', 'streamWindowMs', 'settle', 'signal']);

/**
 * The HTTP request's fields of an RPC spec, in their order, copied by assignment; sendRpc adds
 * its own after them as a rest and a spread would. On Node 20 (V8 11.3) an object spread and then
 * given keys its source lacks gets a hidden class of its own each time (~4 KB a request here).
 */
function requestOf(spec: RpcRequestSpec): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k in spec) if (!RPC_ONLY.has(k)) out[k] = (spec as unknown as Record<string, unknown>)[k];
  return out;
}

export async function sendRpc(client: HttpClient, spec: RpcRequestSpec): Promise<Probe<HttpReply>> {
  const acc = new SseAccumulator();
  const events: SseEvent[] = [];
  const { rpcId, streamWindowMs, settle, signal } = spec;
  const early = settler(settle, signal);
  const req = requestOf(spec);
  // A quiet stream spends its time waiting on the server: sent first, the wait overlaps the
  // requests queued behind it instead of being added after them.
  if (settle) req.priority = true;
  req.streamWindowMs = streamWindowMs ?? SSE_REPLY_WINDOW_MS;
  if (early.signal) req.signal = early.signal;
  req.onHeaders = (elapsedMs: number) => early.onHeaders?.(elapsedMs);
  req.onChunk = (text: string) => {
    for (const e of acc.push(text)) {
      events.push(e);
      early.onEvent();
      if (answers(e, rpcId)) return 'stop';
    }
    // The accumulator's caps were hit: nothing more would be kept, so stop reading.
    return acc.truncated ? 'stop' : 'continue';
  };
  // Only an event stream reaches onChunk (the client reads any other body whole).
  const result = await client.send(req as unknown as RequestSpec);
  early.done();
  events.push(...acc.flush());
  const res = result.response;
  if (!res) return toProbe(result, () => unreachable());
  return toProbe(result, (exchange) => buildHttpReply(exchange, res, rpcId, { sseEvents: events }));
}

function unreachable(): never {
  throw new Error('unreachable');
}
