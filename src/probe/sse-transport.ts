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
import { buildHttpReply, toSseEventRecord } from '../evidence/parse/http-reply.js';
import { SseAccumulator } from '../evidence/parse/sse.js';
import type { SseEvent } from '../evidence/parse/sse.js';
import type { HttpClient } from './http/types.js';
import { parseEventMessage, sseChannel, within } from './channel/http-sse.js';
import type { ReplyWaiters } from './channel/http-sse.js';
import type { RpcChannel } from './channel/types.js';
import { initializeParams, SSE_HEADERS } from './mcp-messages.js';
import type { RpcIds } from './mcp-messages.js';
import { toProbe } from './rpc.js';
import { asObject } from '../evidence/parse/json-value.js';

const ENDPOINT_WAIT_MS = 5_000;
const STREAM_WINDOW_MS = 15_000;

/** Same record as a reply's events: bounded, and holding no view into the stream's chunks. */
const record = (e: SseEvent): SseEventRecord => toSseEventRecord(e);

/** An outcome already in: the stream was closed before anything was sent over it. */
function closed(outcome: SseTransportOutcome): SseOpened {
  return { listed: null, finish: () => Promise.resolve(outcome) };
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function messageId(data: string): number | string | null {
  try {
    const v: unknown = JSON.parse(data);
    if (typeof v === 'object' && v !== null && 'id' in v) {
      const id = v.id;
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

export interface SseTransportOutcome {
  readonly get: Probe<HttpReply>;
  readonly result: SseTransportResult | null;
}

/**
 * The stream, open: what was listed over its message endpoint (the tool probes follow the
 * listing there, as the next stage), and how to end it.
 */
export interface SseOpened {
  /** The message endpoint and its tools listing, when initialize was answered there. */
  readonly listed: {
    readonly channel: RpcChannel;
    readonly capabilities: Readonly<Record<string, unknown>> | null;
    readonly tools: Probe<ListingEvidence>;
  } | null;
  /** The bad-session ping (safe mode), then the stream closed: the GET and the evidence. */
  finish(): Promise<SseTransportOutcome>;
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

interface EndpointSession {
  readonly init: SseTransportEvidence['init'];
  readonly version: string | null;
  readonly serverInfo: unknown;
  readonly instructions: string | null;
  readonly tools: Probe<ListingEvidence>;
  readonly listed: SseOpened['listed'];
}

/** `s.sse.badsession`: a ping to the message endpoint with a foreign session parameter (safe mode). */
async function sendBadSession(
  resolved: string,
  on: {
    client: HttpClient;
    ids: RpcIds;
    safe: boolean;
    waiters: ReplyWaiters;
    streamClosed: Promise<null>;
  },
): Promise<Probe<HttpReply>> {
  const { client, ids, safe, waiters, streamClosed } = on;
  const foreign = withForeignSession(resolved);
  if (!safe) return { kind: 'skipped', reason: 'mode_disabled', detail: 'needs --mode safe' };
  if (foreign === null)
    return {
      kind: 'skipped',
      reason: 'not_needed',
      detail: 'the endpoint URI carries no session parameter',
    };
  // Sent to the endpoint with a foreign session: no reply event is awaited.
  return (
    await sseChannel(client, foreign, waiters, streamClosed).exchange(
      {
        id: ids.take(),
        method: 'ping',
        probe: 's.sse.badsession',
        purpose: 'ping to the message endpoint with an unknown session',
      },
      { awaitReply: false },
    )
  ).http;
}

/** initialize over the message endpoint, then (when it was answered) initialized and tools/list. */
async function initializeAndList(
  channel: ReturnType<typeof sseChannel>,
  ids: RpcIds,
): Promise<EndpointSession> {
  let init: SseTransportEvidence['init'] = {
    kind: 'skipped',
    reason: 'dependency_failed',
    detail: 'endpoint URI unusable',
  };
  let version: string | null = null;
  let serverInfo: unknown = null;
  let instructions: string | null = null;
  let tools: Probe<ListingEvidence> = { kind: 'skipped', reason: 'dependency_failed' };
  let listed: SseOpened['listed'] = null;

  {
    const r = await channel.exchange({
      id: ids.take(),
      method: 'initialize',
      params: initializeParams('2024-11-05') as Record<string, unknown>,
      probe: 'p.sse.init',
      purpose: 'initialize over the HTTP+SSE message endpoint',
    });
    if (r.http.kind === 'ok') {
      const message: RpcMessage | null = r.event ? parseEventMessage(r.event.data) : null;
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
        await channel.exchange({
          id: null,
          method: 'notifications/initialized',
          probe: 'p.sse.initialized',
          purpose: 'notifications/initialized over HTTP+SSE',
        });
        const l = await channel.exchange({
          id: ids.take(),
          method: 'tools/list',
          params: {},
          probe: 'p.sse.list',
          purpose: 'tools/list over HTTP+SSE: inventory',
        });
        const reply = l.event ? parseEventMessage(l.event.data) : null;
        const items = reply?.kind === 'response' ? asObject(reply.result)?.['tools'] : null;
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
        } else tools = l.http;
        listed = { channel, capabilities: asObject(result['capabilities']), tools };
      }
    } else {
      init = r.http;
    }
  }

  return { init, version, serverInfo, instructions, tools, listed };
}

/** The stream, closed without an endpoint event: what it was (an SSE stream or not), nothing sent on it. */
function withoutEndpoint(
  streamUrl: string,
  res: Awaited<ReturnType<HttpClient['send']>>,
  events: readonly SseEvent[],
): SseTransportOutcome {
  const probe = toProbe(res, (x) => buildHttpReply(x, res.response!, null, { sseEvents: [...events] }));
  if (probe.kind !== 'ok' || probe.value.mediaType !== 'text/event-stream')
    return { get: probe, result: null };
  return {
    get: probe,
    result: {
      evidence: {
        streamUrl,
        get: probe.value,
        firstEvent: events[0] ? record(events[0]) : null,
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

export async function openSseTransport(
  client: HttpClient,
  streamUrl: string,
  ids: RpcIds,
  safe: boolean,
  sessionHeaders: Record<string, string> = {},
): Promise<SseOpened> {
  const acc = new SseAccumulator();
  const events: SseEvent[] = [];
  const endpoint = deferred<string | null>();
  const waiters: ReplyWaiters = new Map();
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
    holdsSession: true,
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
    return closed(withoutEndpoint(streamUrl, await getPromise, events));
  }

  let resolved: string | null = null;
  try {
    resolved = new URL(raw, streamUrl).toString();
  } catch {
    resolved = null;
  }

  const channel = resolved === null ? null : sseChannel(client, resolved, waiters, streamClosed);
  const opened: EndpointSession =
    channel === null
      ? {
          init: { kind: 'skipped', reason: 'dependency_failed', detail: 'endpoint URI unusable' },
          version: null,
          serverInfo: null,
          instructions: null,
          tools: { kind: 'skipped', reason: 'dependency_failed' },
          listed: null,
        }
      : await initializeAndList(channel, ids);
  const { init, version, serverInfo, instructions, tools, listed } = opened;

  const finish = async (): Promise<SseTransportOutcome> => {
    const badSession =
      resolved === null
        ? ({ kind: 'skipped', reason: 'dependency_failed', detail: 'endpoint URI unusable' } as const)
        : await sendBadSession(resolved, { client, ids, safe, waiters, streamClosed });
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
  };

  return { listed, finish };
}
