/**
 * Builders for typed evidence in unit tests (the role Lighthouse's
 * networkRecordsToDevtoolsLog plays): small inputs, a complete Evidence out.
 * The default evidence describes a well-behaved 2025-11-25 Streamable HTTP
 * server on loopback with a session, so each test changes only what it judges.
 */
import type {
  AddressScope,
  Evidence,
  ExchangeId,
  HttpEndpoint,
  HttpExchange,
  LegacySessionEvidence,
  Probe,
  RpcMessage,
  HttpReply,
  SseEventRecord,
} from '../../src/evidence/types.js';

export type Mutable<T> = { -readonly [K in keyof T]: T[K] extends object ? Mutable<T[K]> : T[K] };

export class EvidenceBuilder {
  private n = 0;
  readonly exchanges: HttpExchange[] = [];

  /** Record an exchange and return its id. */
  exchange(
    opts: {
      method?: string;
      url?: string;
      status?: number;
      headers?: Record<string, string | string[]>;
      requestHeaders?: Record<string, string>;
      body?: string;
      probe?: string;
      error?: HttpExchange['error'];
    } = {},
  ): ExchangeId {
    const id: ExchangeId = `x${++this.n}`;
    const headers: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(opts.headers ?? {}))
      headers[k.toLowerCase()] = Array.isArray(v) ? v : [v];
    this.exchanges.push({
      id,
      probe: opts.probe ?? 'test',
      purpose: 'test',
      request: {
        method: opts.method ?? 'POST',
        url: opts.url ?? 'http://127.0.0.1:3000/mcp',
        headers: opts.requestHeaders ?? {},
      },
      ...(opts.error
        ? { error: opts.error }
        : {
            response: {
              status: opts.status ?? 200,
              headers,
              body: opts.body ?? '',
              bodyBytes: (opts.body ?? '').length,
              truncated: false,
            },
          }),
      durationMs: 1,
    });
    return id;
  }

  /** An HttpReply plus its exchange. */
  reply(
    opts: {
      status?: number;
      mediaType?: string | null;
      sessionId?: string | null;
      result?: unknown;
      error?: { code: unknown; message: unknown; data?: unknown };
      id?: number | string | null;
      messages?: RpcMessage[];
      bodyKind?: HttpReply['bodyKind'];
      sseEvents?: SseEventRecord[];
      issues?: HttpReply['issues'];
      headers?: Record<string, string | string[]>;
      location?: string | null;
      method?: string;
      url?: string;
    } = {},
  ): HttpReply {
    const status = opts.status ?? 200;
    const mediaType =
      opts.mediaType === undefined ? (status === 202 ? null : 'application/json') : opts.mediaType;
    const headers: Record<string, string | string[]> = { ...(opts.headers ?? {}) };
    if (mediaType) headers['content-type'] = mediaType;
    if (opts.sessionId) headers['mcp-session-id'] = opts.sessionId;
    if (opts.location) headers['location'] = opts.location;
    const exchange = this.exchange({
      status,
      headers,
      ...(opts.method ? { method: opts.method } : {}),
      ...(opts.url ? { url: opts.url } : {}),
    });
    let response: HttpReply['response'] = null;
    const messages: RpcMessage[] = opts.messages ? [...opts.messages] : [];
    if (opts.result !== undefined || opts.error !== undefined) {
      response = {
        kind: 'response',
        id: opts.id === undefined ? 1 : opts.id,
        ...(opts.result !== undefined ? { result: opts.result } : {}),
        ...(opts.error !== undefined ? { error: opts.error } : {}),
      };
      messages.push(response);
    }
    return {
      exchange,
      status,
      mediaType,
      sessionId: opts.sessionId ?? null,
      bodyKind:
        opts.bodyKind ?? (messages.length ? (mediaType === 'text/event-stream' ? 'sse' : 'json') : 'empty'),
      messages,
      response,
      sseEvents: opts.sseEvents ?? [],
      issues: opts.issues ?? [],
      location: opts.location ?? null,
    };
  }

  ok<T>(value: T, ...exchanges: ExchangeId[]): Probe<T> {
    const ids = exchanges.length ? exchanges : isReply(value) ? [value.exchange] : [];
    return { kind: 'ok', value, exchanges: ids };
  }

  failed<T>(code: 'timeout' | 'connect' | 'reset' | 'tls' = 'timeout'): Probe<T> {
    const id = this.exchange({ error: { code, message: code } });
    return { kind: 'failed', error: { code, message: code }, exchanges: [id] };
  }

  skipped<T>(reason: Extract<Probe<T>, { kind: 'skipped' }>['reason'] = 'mode_disabled'): Probe<T> {
    return { kind: 'skipped', reason };
  }

  initResult(version = '2025-11-25', extra: Record<string, unknown> = {}): unknown {
    return {
      protocolVersion: version,
      capabilities: { tools: {} },
      serverInfo: { name: 'fixture', version: '1.0.0' },
      ...extra,
    };
  }

  /** A complete, well-behaved evidence object; `patch` mutates it before it is returned. */
  build(patch?: (ev: Mutable<Evidence>, b: EvidenceBuilder) => void): Evidence {
    const init = this.reply({ result: this.initResult(), sessionId: 'a3f1c2d4-5b6e-4f70-8a9b-0c1d2e3f4a5b' });
    const init2 = this.reply({
      result: this.initResult(),
      sessionId: '0f9e8d7c-6b5a-4c3d-9e2f-1a0b9c8d7e6f',
    });
    const legacy: LegacySessionEvidence = {
      version: '2025-11-25',
      revision: '2025-11-25',
      init,
      sessionId: init.sessionId,
      sessionSamples: [
        { value: init.sessionId!, exchange: init.exchange },
        { value: init2.sessionId!, exchange: init2.exchange },
      ],
      initialized: this.ok(this.reply({ status: 202, mediaType: null })),
      init2: this.ok(init2),
      baseline: this.ok(this.reply({ result: { tools: [] } })),
      get: this.ok(this.reply({ status: 405, mediaType: null, method: 'GET' })),
      sessionNone: this.ok(
        this.reply({ status: 400, error: { code: -32000, message: 'Bad Request' }, id: null }),
      ),
      sessionUnknown: this.ok(
        this.reply({ status: 404, error: { code: -32001, message: 'Session not found' }, id: null }),
      ),
      versionBad: this.ok(
        this.reply({
          status: 400,
          error: { code: -32000, message: 'Unsupported protocol version' },
          id: null,
        }),
      ),
      versionNone: this.ok(this.reply({ result: { tools: [] } })),
      batch: this.ok(this.reply({ status: 400, error: { code: -32600, message: 'batch' }, id: null })),
      initBogus: this.ok(this.reply({ result: this.initResult('2025-11-25') })),
      delete: this.ok(this.reply({ status: 200, mediaType: null, method: 'DELETE' })),
      sessionReuse: this.ok(
        this.reply({ status: 404, error: { code: -32001, message: 'Session not found' }, id: null }),
      ),
    };
    const discover = this.reply({
      status: 400,
      error: { code: -32000, message: 'Bad Request: Server not initialized' },
      id: null,
    });
    const ev: Mutable<Evidence> = {
      schemaVersion: 2,
      tool: { name: 'mcp-posture', version: '0.0.0-test' },
      startedAt: '2026-01-01T00:00:00.000Z',
      durationMs: 10,
      target: { kind: 'http', url: 'http://127.0.0.1:3000/mcp', scope: 'loopback' },
      settings: { mode: 'safe', pinnedRevision: null, allowPrivate: false, tokenSupplied: false },
      detection: {
        discover: this.ok(discover),
        inits: [
          { requested: '2025-11-25', probe: this.ok(init), offered: '2025-11-25' },
          {
            requested: '2025-06-18',
            probe: this.ok(this.reply({ result: this.initResult('2025-06-18') })),
            offered: '2025-06-18',
          },
          {
            requested: '2025-03-26',
            probe: this.ok(this.reply({ result: this.initResult('2025-03-26') })),
            offered: '2025-03-26',
          },
          {
            requested: '2024-11-05',
            probe: this.ok(this.reply({ result: this.initResult('2024-11-05') })),
            offered: '2024-11-05',
          },
        ],
        transport: 'streamable-http',
        targetClass: 'reachable',
        revision: {
          value: '2025-11-25',
          source: 'negotiated',
          known: ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'],
          candidates: ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'],
          unconfirmed: [],
          unknownVersions: [],
          eras: ['legacy'],
          how: 'initialize negotiated 2025-11-25',
        },
        authWall: false,
      },
      modern: null,
      inventory: null,
      toolProbes: null,
      auth: { inUse: false, signals: [] },
      oauth: null,
      exchanges: this.exchanges,
      pin: null,
      clientMetadata: null,
      clientConfig: null,
      endpoint: {
        origin: 'http://127.0.0.1:3000',
        scheme: 'http',
        hostname: '127.0.0.1',
        address: '127.0.0.1',
        sseGet: { kind: 'skipped', reason: 'not_needed' },
        redirect: null,
      },
      sessions: legacy as Mutable<LegacySessionEvidence>,
      sse: null,
      origin: {
        baseline: init,
        foreign: this.ok(this.reply({ status: 403, mediaType: null })),
        nullOrigin: this.ok(this.reply({ status: 403, mediaType: null })),
        lookalike: this.ok(this.reply({ status: 403, mediaType: null })),
        preflight: this.ok(this.reply({ status: 204, mediaType: null, method: 'OPTIONS' })),
        host: this.ok(this.reply({ status: 403, mediaType: null })),
      },
      tls: [],
      plain: [],
      stdio: null,
    } as unknown as Mutable<Evidence>;
    patch?.(ev, this);
    ev.exchanges = this.exchanges;
    return ev;
  }
}

function isReply(v: unknown): v is HttpReply {
  return typeof v === 'object' && v !== null && 'exchange' in v && 'status' in v;
}

/** Shorthand: a fresh builder's default evidence with a patch applied. */
export function evidence(patch?: (ev: Mutable<Evidence>, b: EvidenceBuilder) => void): Evidence {
  return new EvidenceBuilder().build(patch);
}

/** Where an HTTP target lives: its identity (target) and its endpoint's origin (endpoint). */
export interface HttpTargetPatch {
  readonly url?: string;
  readonly origin?: string;
  readonly scheme?: 'http' | 'https';
  readonly hostname?: string;
  readonly address?: string | null;
  readonly scope?: AddressScope;
}

/**
 * Moves the HTTP target: `url` and `scope` go to `target`, origin, scheme, hostname and address
 * to `endpoint` (whose HTTP+SSE GET and redirect are kept).
 */
export function setHttpTarget(ev: Mutable<Evidence>, t: HttpTargetPatch): void {
  const { url, scope, ...endpoint } = t;
  ev.target = {
    kind: 'http',
    url: url ?? ev.target.url,
    scope: scope ?? ev.target.scope,
  };
  if (!ev.endpoint) throw new Error('setHttpTarget: the evidence has no HTTP endpoint');
  ev.endpoint = { ...ev.endpoint, ...endpoint };
}

/** Replaces fields of the HTTP endpoint section (the HTTP+SSE GET, the redirect …). */
export function setEndpoint(ev: Mutable<Evidence>, patch: Partial<HttpEndpoint>): void {
  if (!ev.endpoint) throw new Error('setEndpoint: the evidence has no HTTP endpoint');
  ev.endpoint = { ...ev.endpoint, ...patch };
}
