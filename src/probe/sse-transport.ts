/**
 * p.sse: the 2024-11-05 HTTP+SSE transport. A GET opens the event stream; its
 * `endpoint` event names where to POST; replies come back on the stream as
 * `message` events. The endpoint URI is learned from the server, so it goes
 * through the address policy like any other learned URL.
 */
import { randomUUID } from 'node:crypto';

import type {
  ListingEvidence,
  Probe,
  RpcMessage,
  HttpReply,
  SseEventRecord,
  SseTransportEvidence,
} from '../evidence/types.js';
import { classifyMessage, jsonDepthExceeds, MAX_JSON_DEPTH } from '../evidence/parse/json-rpc.js';
import { buildHttpReply } from '../evidence/parse/http-reply.js';
import { SseAccumulator } from '../evidence/parse/sse.js';
import type { SseEvent } from '../evidence/parse/sse.js';
import type { HttpClient } from './http/types.js';
import { initializeParams, POST_HEADERS, rpcNotification, rpcRequest, SSE_HEADERS } from './mcp-messages.js';
import type { RpcIds } from './mcp-messages.js';
import { toProbe } from './rpc.js';
import { asObject } from '../evidence/parse/json-value.js';

const ENDPOINT_WAIT_MS = 5_000;
const REPLY_WAIT_MS = 5_000;
const STREAM_WINDOW_MS = 15_000;

function record(e: SseEvent): SseEventRecord {
  return {
    ...(e.id !== undefined ? { id: e.id } : {}),
    ...(e.event !== undefined ? { event: e.event } : {}),
    data: e.data.slice(0, 400),
    dataLength: e.data.length,
  };
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function within<T>(p: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<T>((r) => (timer = setTimeout(() => r(fallback), ms)));
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

function messageId(data: string): number | string | null {
  try {
    const v: unknown = JSON.parse(data);
    if (typeof v === 'object' && v !== null && 'id' in v) {
      const id = (v as { id: unknown }).id;
      if (typeof id === 'number' || typeof id === 'string') return id;
    }
  } catch {
    // not JSON: LEG23 judges the event from the record
  }
  return null;
}

export interface SseTransportResult {
  readonly evidence: SseTransportEvidence;
  readonly version: string | null;
  readonly tools: Probe<ListingEvidence>;
  readonly serverInfo: unknown;
  readonly instructions: string | null;
}

/** Replaces the value of the first session-like query parameter, or returns null when there is none. */
export function withForeignSession(endpoint: string): string | null {
  const u = new URL(endpoint);
  for (const [k] of u.searchParams) {
    if (/session|sid/i.test(k)) {
      u.searchParams.set(k, randomUUID());
      return u.toString();
    }
  }
  return null;
}

export async function probeSseTransport(
  client: HttpClient,
  streamUrl: string,
  ids: RpcIds,
  safe: boolean,
  sessionHeaders: Record<string, string> = {},
): Promise<{ get: Probe<HttpReply>; result: SseTransportResult | null }> {
  const acc = new SseAccumulator();
  const events: SseEvent[] = [];
  const endpoint = deferred<string | null>();
  const waiters = new Map<number | string, (e: SseEvent) => void>();
  let done = false;
  const stop = new AbortController();

  const getPromise = client.send({
    method: 'GET',
    url: streamUrl,
    headers: { ...SSE_HEADERS, ...sessionHeaders },
    probe: 'p.sse',
    purpose: 'GET the endpoint as an HTTP+SSE stream (POST probes failed)',
    source: 'user',
    streamWindowMs: STREAM_WINDOW_MS,
    signal: stop.signal,
    onChunk: (text) => {
      for (const e of acc.push(text)) {
        events.push(e);
        if (e.event === 'endpoint') endpoint.resolve(e.data);
        else {
          // Any event carrying our id is the reply, whatever its name: LEG23 judges the name.
          const id = messageId(e.data);
          if (id !== null) waiters.get(id)?.(e);
        }
      }
      return done ? 'stop' : 'continue';
    },
  });
  void getPromise.then(() => endpoint.resolve(null));
  // Replies arrive on the stream: once it is closed (by its window, which the client clamps to
  // the scan deadline), none can arrive, so no wait for one may outlast it.
  const streamClosed: Promise<null> = getPromise.then(() => null);

  const raw = await within(endpoint.promise, ENDPOINT_WAIT_MS, null);
  const firstEvent = () => (events[0] ? record(events[0]) : null);

  if (raw === null) {
    done = true;
    stop.abort();
    const res = await getPromise;
    const probe = toProbe(res, (x) => buildHttpReply(x, res.response!, null, { sseEvents: events }));
    if (probe.kind !== 'ok' || probe.value.mediaType !== 'text/event-stream')
      return { get: probe, result: null };
    return {
      get: probe,
      result: {
        evidence: {
          streamUrl,
          get: probe.value,
          firstEvent: firstEvent(),
          endpoint: null,
          init: { kind: 'skipped', reason: 'dependency_failed', detail: 'no endpoint event' },
          badSession: { kind: 'skipped', reason: 'dependency_failed', detail: 'no endpoint event' },
        },
        version: null,
        tools: { kind: 'skipped', reason: 'dependency_failed' },
        serverInfo: null,
        instructions: null,
      },
    };
  }

  let resolved: string | null = null;
  try {
    resolved = new URL(raw, streamUrl).toString();
  } catch {
    resolved = null;
  }

  /** POST one message to the announced endpoint and wait for its reply event. */
  const post = async (body: string, id: number | null, probe: string, purpose: string, url = resolved!) => {
    const reply = id === null ? null : new Promise<SseEvent>((r) => waiters.set(id, r));
    const res = await client.send({
      method: 'POST',
      url,
      headers: POST_HEADERS,
      body,
      probe,
      purpose,
      source: 'learned',
    });
    const http = toProbe(res, (x) => buildHttpReply(x, res.response!, id));
    // A POST that got no accepting answer will never produce a reply event: do not wait for one.
    const accepted = http.kind === 'ok' && http.value.status < 300;
    const event =
      reply && accepted
        ? await within<SseEvent | null>(Promise.race([reply, streamClosed]), REPLY_WAIT_MS, null)
        : null;
    return { http, event };
  };

  let init: SseTransportEvidence['init'] = {
    kind: 'skipped',
    reason: 'dependency_failed',
    detail: 'endpoint URI unusable',
  };
  let version: string | null = null;
  let serverInfo: unknown = null;
  let instructions: string | null = null;
  let tools: Probe<ListingEvidence> = { kind: 'skipped', reason: 'dependency_failed' };
  let badSession: Probe<HttpReply> = {
    kind: 'skipped',
    reason: 'dependency_failed',
    detail: 'endpoint URI unusable',
  };

  if (resolved !== null) {
    const initId = ids.take();
    const r = await post(
      rpcRequest(initId, 'initialize', initializeParams('2024-11-05')),
      initId,
      'p.sse.init',
      'initialize over the HTTP+SSE message endpoint',
    );
    if (r.http.kind === 'ok') {
      const message: RpcMessage | null = r.event ? parseMessage(r.event.data) : null;
      init = {
        kind: 'ok',
        value: { post: r.http.value, reply: r.event ? record(r.event) : null, message },
        exchanges: r.http.exchanges,
      };
      const result = message?.kind === 'response' ? asObject(message.result) : null;
      if (result && typeof result['protocolVersion'] === 'string') {
        version = result['protocolVersion'];
        serverInfo = result['serverInfo'] ?? null;
        instructions = typeof result['instructions'] === 'string' ? result['instructions'] : null;
        await post(
          rpcNotification('notifications/initialized'),
          null,
          'p.sse.initialized',
          'notifications/initialized over HTTP+SSE',
        );
        const listId = ids.take();
        const l = await post(
          rpcRequest(listId, 'tools/list', {}),
          listId,
          'p.sse.list',
          'tools/list over HTTP+SSE: inventory',
        );
        const listed = l.event ? parseMessage(l.event.data) : null;
        const items = listed?.kind === 'response' ? asObject(listed.result)?.['tools'] : null;
        if (l.http.kind === 'ok') {
          tools = {
            kind: 'ok',
            value: {
              items: Array.isArray(items) ? items.slice(0, 5000) : [],
              pages: 1,
              truncated: false,
              replies: [l.http.value],
            },
            exchanges: l.http.exchanges,
          };
        } else tools = l.http as Probe<ListingEvidence>;
      }
    } else {
      init = r.http as Probe<never>;
    }
    const foreign = withForeignSession(resolved);
    if (!safe) badSession = { kind: 'skipped', reason: 'mode_disabled', detail: 'needs --mode safe' };
    else if (foreign === null)
      badSession = {
        kind: 'skipped',
        reason: 'not_needed',
        detail: 'the endpoint URI carries no session parameter',
      };
    else {
      const pingId = ids.take();
      badSession = (
        await post(
          rpcRequest(pingId, 'ping'),
          null,
          's.sse.badsession',
          'ping to the message endpoint with an unknown session',
          foreign,
        )
      ).http;
    }
  }

  done = true;
  stop.abort();
  const res = await getPromise;
  const get = toProbe(res, (x) => buildHttpReply(x, res.response!, null, { sseEvents: events }));
  if (get.kind !== 'ok') return { get, result: null };
  return {
    get,
    result: {
      evidence: {
        streamUrl,
        get: get.value,
        firstEvent: firstEvent(),
        endpoint: { raw, resolved },
        init,
        badSession,
      },
      version,
      tools,
      serverInfo,
      instructions,
    },
  };
}

function parseMessage(data: string): RpcMessage | null {
  // Kept in the evidence: a deeply nested reply would break serializing it (as in parseJsonRpcBody).
  if (jsonDepthExceeds(data, MAX_JSON_DEPTH)) return null;
  try {
    return classifyMessage(JSON.parse(data)).message;
  } catch {
    return null;
  }
}
