/**
 * Builders for the TRN06–TRN16 tests on top of test/helpers/evidence.ts: patches
 * that turn the default well-behaved server into the variants those rows judge
 * (HTTP+SSE only, auth wall, chosen session IDs, CORS headers, redirects).
 */
import type {
  Detection,
  ExchangeId,
  Inventory,
  LegacySessionEvidence,
  OriginProbes,
  Probe,
  RecordedRequest,
  RevisionInfo,
  HttpReply,
  SseTransportEvidence,
} from '../../src/evidence/types.js';
import { setEndpoint, setHttpTarget } from './evidence.js';
import type { evidence, EvidenceBuilder } from './evidence.js';

type Patch = NonNullable<Parameters<typeof evidence>[0]>;
/** The mutable evidence a patch receives. */
export type Ev = Parameters<Patch>[0];

export function setDetection(ev: Ev, patch: Partial<Detection>): void {
  Object.assign(ev.detection, patch);
}

export function setRevision(ev: Ev, patch: Partial<RevisionInfo>): void {
  Object.assign(ev.detection.revision, patch);
}

export function setLegacy(ev: Ev, patch: Partial<LegacySessionEvidence>): void {
  Object.assign(ev.sessions!, patch);
}

export function setOrigin(ev: Ev, patch: Partial<OriginProbes>): void {
  ev.origin = { ...ev.origin!, ...patch };
}

export function setSse(ev: Ev, sse: SseTransportEvidence | null): void {
  Object.assign(ev, { sse });
}

export function setInventory(ev: Ev, inventory: Inventory | null): void {
  Object.assign(ev, { inventory });
}

/** Patch the recorded request of an exchange (the builder records no request body or headers). */
export function editRequest(b: EvidenceBuilder, id: ExchangeId, patch: Partial<RecordedRequest>): void {
  const i = b.exchanges.findIndex((x) => x.id === id);
  const x = b.exchanges[i]!;
  b.exchanges[i] = { ...x, request: { ...x.request, ...patch } };
}

/** Replace the legacy session samples with fresh init replies carrying `values`. */
export function sessionSamples(ev: Ev, b: EvidenceBuilder, values: readonly string[]): void {
  const samples = values.map((value) => {
    const r = b.reply({ result: b.initResult(), sessionId: value });
    return { value, exchange: r.exchange };
  });
  setLegacy(ev, { sessionSamples: samples, sessionId: values[0] ?? null });
}

/** The HTTP+SSE stream evidence with the given `endpoint` event data. */
export function sseTransport(b: EvidenceBuilder, endpointRaw: string | null): SseTransportEvidence {
  const streamUrl = 'http://127.0.0.1:3000/sse';
  const get = b.reply({ mediaType: 'text/event-stream', method: 'GET', url: streamUrl });
  const resolved = endpointRaw === null ? null : new URL(endpointRaw, streamUrl).toString();
  const post = b.reply({ status: 202, mediaType: null, url: resolved ?? streamUrl });
  return {
    streamUrl,
    get,
    firstEvent:
      endpointRaw === null ? null : { event: 'endpoint', data: endpointRaw, dataLength: endpointRaw.length },
    endpoint: endpointRaw === null ? null : { raw: endpointRaw, resolved },
    init: b.ok({ post, reply: null, message: null }, post.exchange),
    badSession: b.skipped('mode_disabled'),
  };
}

/** A target that speaks only HTTP+SSE (2024-11-05): POSTs 405, GET opens the stream. */
export function httpSseOnly(
  ev: Ev,
  b: EvidenceBuilder,
  endpointRaw: string | null = '/messages?sessionId=0f9e8d7c-6b5a-4c3d-9e2f-1a0b9c8d7e6f',
  known: RevisionInfo['known'] = ['2024-11-05'],
): void {
  const refused = (): Probe<HttpReply> => b.ok(b.reply({ status: 405, mediaType: 'text/plain' }));
  const sse = sseTransport(b, endpointRaw);
  setDetection(ev, {
    discover: refused(),
    inits: (['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const).map((requested) => ({
      requested,
      probe: refused(),
      offered: null,
    })),
    transport: 'http+sse',
  });
  setEndpoint(ev, { sseGet: b.ok(sse.get) });
  setRevision(ev, {
    known,
    candidates: ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'],
    unconfirmed: [],
  });
  Object.assign(ev, { sessions: null });
  setSse(ev, sse);
}

/** Every MCP request answered 401: no transport, no legacy session, K empty, U = C. */
export function authWall(ev: Ev, b: EvidenceBuilder): void {
  stateless(ev, b);
  const wall = (): Probe<HttpReply> =>
    b.ok(b.reply({ status: 401, mediaType: 'application/json', headers: { 'www-authenticate': 'Bearer' } }));
  setDetection(ev, {
    discover: wall(),
    inits: (['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const).map((requested) => ({
      requested,
      probe: wall(),
      offered: null,
    })),
    transport: null,
    authWall: true,
  });
  const all = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const;
  setRevision(ev, {
    value: null,
    source: 'unknown',
    known: [],
    candidates: [...all],
    unconfirmed: [...all],
    eras: [],
  });
  Object.assign(ev, { sessions: null });
  const refused = wall();
  setOrigin(ev, {
    baseline: null,
    foreign: refused,
    nullOrigin: wall(),
    lookalike: wall(),
    preflight: b.ok(b.reply({ status: 204, mediaType: null, method: 'OPTIONS' })),
    host: wall(),
  });
  Object.assign(ev, { auth: { inUse: true, signals: ['401 on every MCP request'] } });
}

/** A reply to a request sent with `Origin: origin`, answered with the given CORS headers. */
export function corsReply(
  b: EvidenceBuilder,
  opts: {
    status?: number;
    origin?: string;
    acao?: string | string[];
    acac?: string;
    method?: string;
    mediaType?: string | null;
  },
): HttpReply {
  const headers: Record<string, string | string[]> = {};
  if (opts.acao !== undefined) headers['access-control-allow-origin'] = opts.acao;
  if (opts.acac !== undefined) headers['access-control-allow-credentials'] = opts.acac;
  const status = opts.status ?? 200;
  const r = b.reply({
    status,
    headers,
    mediaType: opts.mediaType === undefined ? (status === 200 ? 'application/json' : null) : opts.mediaType,
    ...(status === 200 && opts.method !== 'OPTIONS' ? { result: b.initResult() } : {}),
    ...(opts.method ? { method: opts.method } : {}),
  });
  if (opts.origin !== undefined) editRequest(b, r.exchange, { headers: { origin: opts.origin } });
  return r;
}

/** The three s.origin probes and the preflight with one CORS behaviour. */
export function corsEverywhere(
  ev: Ev,
  b: EvidenceBuilder,
  opts: { status?: number; reflect?: boolean; acao?: string; acac?: string },
): void {
  const acao = (origin: string) => opts.acao ?? (opts.reflect ? origin : undefined);
  const one = (origin: string, method?: string) =>
    b.ok(
      corsReply(b, {
        origin,
        ...(method ? { method, status: 204 } : { status: opts.status ?? 200 }),
        ...(acao(origin) !== undefined ? { acao: acao(origin)! } : {}),
        ...(opts.acac !== undefined ? { acac: opts.acac } : {}),
      }),
    );
  setOrigin(ev, {
    foreign: one('https://evil.example'),
    nullOrigin: one('null'),
    lookalike: one('http://localhost.evil.example'),
    preflight: one('https://evil.example', 'OPTIONS'),
  });
}

/** A public https target (not loopback). */
export function publicTarget(ev: Ev): void {
  setHttpTarget(ev, {
    url: 'https://mcp.example.test/mcp',
    origin: 'https://mcp.example.test',
    scheme: 'https',
    hostname: 'mcp.example.test',
    address: '203.0.113.7',
    scope: 'public',
  });
}

/** No session anywhere: every reply's `sessionId`, every `Mcp-Session-Id` header and the samples removed. */
export function stateless(ev: Ev, b: EvidenceBuilder): void {
  const seen = new Set<object>();
  const walk = (v: unknown): void => {
    if (typeof v !== 'object' || v === null || seen.has(v)) return;
    seen.add(v);
    if ('exchange' in v && 'sessionId' in v) Object.assign(v, { sessionId: null });
    for (const child of Object.values(v)) walk(child);
  };
  walk(ev.detection);
  walk(ev.sessions);
  walk(ev.origin);
  if (ev.sessions) setLegacy(ev, { sessionSamples: [], sessionId: null });
  for (let i = 0; i < b.exchanges.length; i++) {
    const x = b.exchanges[i]!;
    if (!x.response) continue;
    const headers = Object.fromEntries(
      Object.entries(x.response.headers).filter(([k]) => k !== 'mcp-session-id'),
    );
    b.exchanges[i] = { ...x, response: { ...x.response, headers } };
  }
}
