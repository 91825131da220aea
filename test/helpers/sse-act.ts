/**
 * Extra builders for the HTTP+SSE (LEG20–LEG24) and Origin/Host/version (ACT)
 * check tests, layered on the default evidence of `evidence.ts`.
 */
import type {
  Evidence,
  LegacySessionEvidence,
  OriginProbes,
  Probe,
  RpcMessage,
  HttpReply,
  RevisionInfo,
  SseEventRecord,
  SseTransportEvidence,
} from '../../src/evidence/types.js';
import type { Revision } from '../../src/spec/revisions.js';
import { evidence, setHttpTarget } from './evidence.js';
import type { EvidenceBuilder } from './evidence.js';

export type Patch = NonNullable<Parameters<typeof evidence>[0]>;
export type MutableEvidence = Parameters<Patch>[0];

export const STREAM_URL = 'http://127.0.0.1:3000/sse';
export const SESSION = '5d3c1b2a-9e8f-4a7b-8c6d-1e2f3a4b5c6d';

/** One SSE event as the probe records it; `event: undefined` means no `event:` field. */
export function sseEvent(event: string | undefined, data: string): SseEventRecord {
  return { ...(event !== undefined ? { event } : {}), data: data.slice(0, 400), dataLength: data.length };
}

/** Revision info after a handshake that proved exactly `known` (U empty). */
export function knownRevisions(known: Revision[], eras: ('modern' | 'legacy')[] = ['legacy']): RevisionInfo {
  return {
    value: known[known.length - 1] ?? null,
    source: 'negotiated',
    known,
    candidates: known,
    unconfirmed: [],
    unknownVersions: [],
    eras,
    how: 'test',
  };
}

// The builder's deep Mutable type keeps nested probes and arrays readonly; these setters take the plain types.

/** Replaces fields of `ev.origin`. */
export function setOrigin(ev: MutableEvidence, patch: Partial<OriginProbes>): void {
  ev.origin = { ...(ev.origin as OriginProbes), ...patch };
}

/** Replaces fields of `ev.sessions` (which must be set). */
export function setLegacy(ev: MutableEvidence, patch: Partial<LegacySessionEvidence>): void {
  ev.sessions = { ...(ev.sessions as LegacySessionEvidence), ...patch };
}

export function setRevision(ev: MutableEvidence, info: RevisionInfo): void {
  ev.detection.revision = info as MutableEvidence['detection']['revision'];
}

/** Sets K (= C, U empty) on evidence being patched. */
export function setKnown(
  ev: MutableEvidence,
  known: Revision[],
  eras: ('modern' | 'legacy')[] = ['legacy'],
): void {
  setRevision(ev, knownRevisions(known, eras));
}

/** Revision info behind an authorization wall: nothing known, every revision a candidate (docs/model/revisions.md#behind-an-authorization-wall). */
export function walledRevisions(): RevisionInfo {
  const all: Revision[] = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'];
  return {
    value: null,
    source: 'unknown',
    known: [],
    candidates: all,
    unconfirmed: all,
    unknownVersions: [],
    eras: [],
    how: 'test',
  };
}

export interface SseOptions {
  readonly streamUrl?: string;
  /** Raw `endpoint` data; null: the stream sent no endpoint event. */
  readonly endpoint?: string | null;
  /** Overrides the resolution the probe would make. */
  readonly resolved?: string | null;
  /** Events on the stream in order (default: the endpoint event alone). */
  readonly events?: SseEventRecord[];
  readonly getStatus?: number;
  readonly getMediaType?: string | null;
  /** The negotiated version over HTTP+SSE (default 2024-11-05). */
  readonly revision?: Revision;
  readonly init?: (b: EvidenceBuilder) => SseTransportEvidence['init'];
  readonly badSession?: (b: EvidenceBuilder) => Probe<HttpReply>;
}

function resolve(raw: string, base: string): string | null {
  try {
    return new URL(raw, base).toString();
  } catch {
    return null;
  }
}

/** The default initialize exchange over HTTP+SSE: 202 to the POST, the reply as a `message` event. */
export function sseInit(
  b: EvidenceBuilder,
  opts: {
    postStatus?: number;
    reply?: SseEventRecord | null;
    message?: RpcMessage | null;
    postResult?: unknown;
  } = {},
): SseTransportEvidence['init'] {
  const post =
    opts.postResult !== undefined
      ? b.reply({ result: opts.postResult })
      : b.reply({ status: opts.postStatus ?? 202, mediaType: null });
  const result = b.initResult('2024-11-05');
  const reply =
    opts.reply === undefined
      ? sseEvent('message', JSON.stringify({ jsonrpc: '2.0', id: 1, result }))
      : opts.reply;
  const message: RpcMessage | null =
    opts.message === undefined ? (reply ? { kind: 'response', id: 1, result } : null) : opts.message;
  return b.ok({ post, reply, message }, post.exchange);
}

/** Turns the default evidence into an HTTP+SSE target (transport, revision, target URL, `ev.sse`, Origin baseline). */
export function useSse(ev: MutableEvidence, b: EvidenceBuilder, opts: SseOptions = {}): void {
  const streamUrl = opts.streamUrl ?? STREAM_URL;
  const raw = opts.endpoint === undefined ? `/messages?sessionId=${SESSION}` : opts.endpoint;
  const events = opts.events ?? (raw === null ? [] : [sseEvent('endpoint', raw)]);
  const get = b.reply({
    status: opts.getStatus ?? 200,
    mediaType: opts.getMediaType === undefined ? 'text/event-stream' : opts.getMediaType,
    method: 'GET',
    url: streamUrl,
    bodyKind: 'sse',
    sseEvents: events,
  });
  const url = new URL(streamUrl);
  setHttpTarget(ev, {
    url: streamUrl,
    origin: url.origin,
    scheme: url.protocol === 'https:' ? 'https' : 'http',
    hostname: url.hostname,
    address: '127.0.0.1',
    scope: 'loopback',
  });
  ev.detection.transport = 'http+sse';
  setKnown(ev, [opts.revision ?? '2024-11-05']);
  ev.sessions = null;
  const sse: SseTransportEvidence = {
    streamUrl,
    get,
    firstEvent: events[0] ?? null,
    endpoint:
      raw === null
        ? null
        : { raw, resolved: opts.resolved === undefined ? resolve(raw, streamUrl) : opts.resolved },
    init: opts.init ? opts.init(b) : sseInit(b),
    badSession: opts.badSession
      ? opts.badSession(b)
      : b.ok(b.reply({ status: 404, mediaType: 'text/plain' })),
  };
  ev.sse = sse;
  // For HTTP+SSE the Origin probes repeat the stream GET.
  setOrigin(ev, { baseline: get });
}

/** Default evidence turned into an HTTP+SSE target, then `patch` applied. */
export function sseEvidence(opts: SseOptions = {}, patch?: Patch): Evidence {
  return evidence((ev, b) => {
    useSse(ev, b, opts);
    patch?.(ev, b);
  });
}

/** An Origin/Host probe answer with the given status (2xx: a served JSON-RPC result). */
export function answer(b: EvidenceBuilder, status: number, opts: { error?: boolean } = {}): Probe<HttpReply> {
  if (opts.error) return b.ok(b.reply({ status, error: { code: -32000, message: 'refused' } }));
  if (status >= 200 && status < 300) return b.ok(b.reply({ status, result: b.initResult() }));
  return b.ok(b.reply({ status, mediaType: null }));
}

/** A public https target with authorization in use (or not). */
export function publicTarget(ev: MutableEvidence, authInUse: boolean): void {
  setHttpTarget(ev, {
    url: 'https://mcp.example.test/mcp',
    origin: 'https://mcp.example.test',
    scheme: 'https',
    hostname: 'mcp.example.test',
    address: '203.0.113.7',
    scope: 'public',
  });
  ev.auth = { inUse: authInUse, signals: authInUse ? ['401 challenge'] : [] };
  setOrigin(ev, {
    host: { kind: 'skipped', reason: 'target_scope', detail: 'only for loopback and private targets' },
  });
}

/** Every MCP request answered 401 and no token: K empty, U every revision (docs/model/revisions.md#behind-an-authorization-wall). */
export function authWall(ev: MutableEvidence, b: EvidenceBuilder): void {
  const wall = b.reply({
    status: 401,
    mediaType: 'application/json',
    headers: { 'www-authenticate': 'Bearer' },
  });
  ev.detection.authWall = true;
  ev.detection.transport = null;
  setRevision(ev, walledRevisions());
  ev.auth = { inUse: true, signals: ['401 challenge'] };
  ev.sessions = null;
  setOrigin(ev, {
    baseline: wall,
    foreign: answer(b, 401),
    nullOrigin: answer(b, 401),
    lookalike: answer(b, 401),
    host: answer(b, 401),
  });
}
