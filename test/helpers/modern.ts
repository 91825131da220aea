/**
 * Builders for the MOD and TRN09 tests: evidence of a well-behaved 2026-07-28
 * server (modern-only by default, dual-era on request) on top of
 * `evidence.ts`, and setters that change one probe's answer.
 */
import type {
  DesignatedToolEvidence,
  Evidence,
  ListingEvidence,
  ModernEvidence,
  ModernHeaderProbes,
  ModernMetaProbes,
  Probe,
  RpcMessage,
  HttpReply,
} from '../../src/evidence/types.js';
import type { EvidenceBuilder } from './evidence.js';
import { evidence } from './evidence.js';

type Patch = NonNullable<Parameters<typeof evidence>[0]>;
export type Ev = Parameters<Patch>[0];

export const NAMES = { body: 'mcp-posture-probe-body0001', header: 'mcp-posture-probe-head0002' } as const;
export const BOGUS_SESSION = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
export const SERVER_INFO = { name: 'modern-test', version: '1.0.0' };

const UNKNOWN = [
  'mcp-posture-probe/nonexistent',
  'ping',
  'logging/setLevel',
  'resources/subscribe',
  'resources/unsubscribe',
  'initialize',
];

/** A complete 2026-07-28 result: resultType, serverInfo and (for cacheable methods) hints. */
export function complete(result: Record<string, unknown>, cacheable = true): Record<string, unknown> {
  return {
    ...result,
    resultType: 'complete',
    ...(cacheable ? { ttlMs: 60_000, cacheScope: 'public' } : {}),
    _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO },
  };
}

export function discoverResult(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return complete({
    supportedVersions: ['2026-07-28'],
    capabilities: { tools: { listChanged: true }, prompts: {}, resources: {} },
    instructions: 'Test server.',
    ...extra,
  });
}

export const TOOLS = [
  { name: 'echo', inputSchema: { type: 'object' } },
  { name: 'get_time', inputSchema: { type: 'object' } },
];

/** An error reply with a JSON-RPC error. */
export function rpcError(
  b: EvidenceBuilder,
  status: number,
  code: number,
  message = 'error',
  data?: unknown,
): HttpReply {
  return b.reply({ status, error: { code, message, ...(data !== undefined ? { data } : {}) } });
}

/** A one-page listing whose reply carries `result`. */
export function listing(
  b: EvidenceBuilder,
  field: string,
  items: unknown[],
  extra: Record<string, unknown> = {},
) {
  const reply = b.reply({ result: { ...complete({ [field]: items }), ...extra } });
  const value: ListingEvidence = { items, pages: 1, truncated: false, replies: [reply] };
  return b.ok(value, reply.exchange);
}

/** A listing over several pages, one reply per page. */
export function pagedListing(
  b: EvidenceBuilder,
  field: string,
  pages: Record<string, unknown>[][],
  extra: Record<string, unknown>[] = [],
) {
  const replies = pages.map((items, i) =>
    b.reply({ result: { ...complete({ [field]: items }), ...(extra[i] ?? {}) } }),
  );
  const value: ListingEvidence = { items: pages.flat(), pages: pages.length, truncated: false, replies };
  return b.ok(value, ...replies.map((r) => r.exchange));
}

/** An SSE reply carrying `messages` in order. */
export function sseReply(
  b: EvidenceBuilder,
  messages: RpcMessage[],
  headers: Record<string, string> = { 'x-accel-buffering': 'no' },
): HttpReply {
  const response =
    messages.find((m): m is Extract<RpcMessage, { kind: 'response' }> => m.kind === 'response') ?? null;
  const r = b.reply({ mediaType: 'text/event-stream', bodyKind: 'sse', messages, headers });
  return { ...r, response };
}

export function ack(
  id: number,
  notifications: Record<string, boolean> = { toolsListChanged: true },
): RpcMessage {
  return {
    kind: 'notification',
    method: 'notifications/subscriptions/acknowledged',
    params: { notifications, _meta: { 'io.modelcontextprotocol/subscriptionId': id } },
  };
}

export function goodModern(b: EvidenceBuilder): ModernEvidence {
  const discover = () => b.ok(b.reply({ result: discoverResult() }));
  return {
    versionBad: b.ok(
      rpcError(b, 400, -32022, 'Unsupported protocol version', {
        supported: ['2026-07-28'],
        requested: '1900-01-01',
      }),
    ),
    versionNone: b.ok(rpcError(b, 400, -32020)),
    probeNames: { ...NAMES },
    toolUnknown: b.ok(rpcError(b, 200, -32602, `Unknown tool: ${NAMES.body}`)),
    headers: {
      versionMismatch: b.ok(rpcError(b, 400, -32020)),
      methodMissing: b.ok(rpcError(b, 400, -32020)),
      methodMismatch: b.ok(rpcError(b, 400, -32020)),
      methodCase: b.ok(rpcError(b, 400, -32020)),
      nameMissing: b.ok(rpcError(b, 400, -32020)),
      nameMismatch: b.ok(rpcError(b, 400, -32020)),
      nameB64: b.ok(rpcError(b, 200, -32602, `Unknown tool: ${NAMES.body}`)),
      ows: b.ok(rpcError(b, 200, -32602, `Unknown tool: ${NAMES.body}`)),
      lowercase: discover(),
    },
    meta: {
      noCapabilities: b.ok(rpcError(b, 400, -32602)),
      noClientInfo: discover(),
      noMeta: b.ok(rpcError(b, 400, -32602)),
    },
    methods: UNKNOWN.map((method) => ({ method, probe: b.ok(rpcError(b, 404, -32601, 'Method not found')) })),
    get: b.ok(rpcError(b, 405, -32000, 'Method not allowed')),
    delete: b.ok(rpcError(b, 405, -32000, 'Method not allowed')),
    bogusSession: discover(),
    bogusSessionId: BOGUS_SESSION,
    lastEventId: discover(),
    batch: b.ok(rpcError(b, 400, -32600, 'batch')),
    resourceMissing: b.ok(rpcError(b, 200, -32602, 'Resource not found')),
    lists: [
      { method: 'tools/list', probe: listing(b, 'tools', [...TOOLS]) },
      { method: 'prompts/list', probe: listing(b, 'prompts', [{ name: 'greeting' }]) },
      {
        method: 'resources/list',
        probe: listing(b, 'resources', [{ uri: 'fixture://readme', name: 'readme' }]),
      },
      { method: 'resources/templates/list', probe: listing(b, 'resourceTemplates', []) },
    ],
    fresh: { method: 'tools/list', probe: listing(b, 'tools', [...TOOLS]) },
    listen: { filter: { toolsListChanged: true }, requestId: 10, probe: b.ok(sseReply(b, [ack(10)])) },
    // A safe scan: the designated-tool calls are intrusive (see `intrusive` below).
    designated: { kind: 'skipped', reason: 'mode_disabled', detail: 'needs --mode intrusive' },
  };
}

/** A listed tool mirroring `region` into `Mcp-Param-Region`, that needs elicitation. */
export const REGION_TOOL = {
  name: 'region_report',
  inputSchema: {
    type: 'object',
    properties: { region: { type: 'string', 'x-mcp-header': 'Region' } },
    required: ['region'],
  },
};

export const REGION_PARAM = {
  path: 'region',
  header: 'Mcp-Param-Region',
  value: 'us-west1',
  mismatch: 'mcp-posture-probe-mismatch',
} as const;

/** An InputRequiredResult asking for `method` (elicitation by default). */
export function inputRequired(method = 'elicitation/create'): Record<string, unknown> {
  return {
    resultType: 'input_required',
    inputRequests: { detail: { method, params: { message: 'Which level of detail?' } } },
    _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO },
  };
}

/** A CallToolResult. */
export function toolResult(isError = false): Record<string, unknown> {
  return complete({ content: [{ type: 'text', text: isError ? 'failed' : 'ok' }], isError }, false);
}

/** The designated-tool calls of a well-behaved server: REGION_TOOL, designated with its region. */
export function goodDesignated(b: EvidenceBuilder): DesignatedToolEvidence {
  return {
    name: REGION_TOOL.name,
    arguments: { region: REGION_PARAM.value },
    annotated: [{ path: 'region', header: 'Mcp-Param-Region' }],
    param: { ...REGION_PARAM },
    control: b.ok(b.reply({ result: inputRequired() })),
    paramMissing: b.ok(rpcError(b, 400, -32020, 'Header mismatch: Mcp-Param-Region header is missing')),
    paramMismatch: b.ok(rpcError(b, 400, -32020, 'Header mismatch: Mcp-Param-Region value differs')),
    noCapabilities: b.ok(
      rpcError(b, 400, -32021, 'Missing required client capability: elicitation', {
        requiredCapabilities: { elicitation: {} },
      }),
    ),
  };
}

function designatedProbe(b: EvidenceBuilder, d: DesignatedToolEvidence): Probe<DesignatedToolEvidence> {
  const probes = [d.control, d.paramMissing, d.paramMismatch, d.noCapabilities];
  return b.ok(d, ...probes.flatMap((p) => (p.kind === 'skipped' ? [] : p.exchanges)));
}

/**
 * An intrusive scan that designated REGION_TOOL (listed beside TOOLS) on a well-behaved
 * server; `patch` changes the designated-tool evidence.
 */
export function intrusive(
  patch?: (d: DesignatedToolEvidence, b: EvidenceBuilder) => Partial<DesignatedToolEvidence>,
): (ev: Ev, b: EvidenceBuilder) => void {
  return (ev, b) => {
    ev.settings.mode = 'intrusive';
    const m = ev.modern as ModernEvidence;
    const tools = [...TOOLS, REGION_TOOL];
    const good = goodDesignated(b);
    const d = { ...good, ...(patch?.(good, b) ?? {}) };
    setModern(ev, {
      lists: m.lists.map((l) =>
        l.method === 'tools/list' ? { ...l, probe: listing(b, 'tools', tools) } : l,
      ),
      fresh: { method: 'tools/list', probe: listing(b, 'tools', [...tools]) },
      designated: designatedProbe(b, d),
    });
  };
}

/** Replaces the designated-tool probe as a whole (skipped, failed, or absent with `undefined`). */
export function setDesignated(ev: Ev, designated: Probe<DesignatedToolEvidence> | undefined): void {
  const { designated: _old, ...rest } = ev.modern as ModernEvidence;
  Object.assign(ev, { modern: designated === undefined ? rest : { ...rest, designated } });
}

/**
 * Evidence of a well-behaved 2026-07-28 server: modern-only by default (legacy
 * `initialize` refused with -32022), or dual-era (the default legacy evidence kept).
 */
export function modernEvidence(
  patch?: (ev: Ev, b: EvidenceBuilder) => void,
  opts: { dualEra?: boolean } = {},
): Evidence {
  return evidence((ev, b) => {
    const discover = b.ok(b.reply({ result: discoverResult() }));
    Object.assign(ev.detection, { discover });
    if (opts.dualEra) {
      Object.assign(ev.detection.revision, {
        value: '2026-07-28',
        known: ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'],
        candidates: ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'],
        eras: ['modern', 'legacy'],
      });
    } else {
      const refused = () =>
        b.ok(
          rpcError(b, 400, -32022, 'Unsupported protocol version', {
            supported: ['2026-07-28'],
            requested: '2025-11-25',
          }),
        );
      Object.assign(ev.detection, {
        inits: ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'].map((requested) => ({
          requested,
          probe: refused(),
          offered: null,
        })),
      });
      Object.assign(ev.detection.revision, {
        value: '2026-07-28',
        known: ['2026-07-28'],
        candidates: ['2026-07-28'],
        eras: ['modern'],
      });
      Object.assign(ev, { sessions: null });
    }
    Object.assign(ev, { modern: goodModern(b) });
    patch?.(ev, b);
  });
}

export function dualEraEvidence(patch?: (ev: Ev, b: EvidenceBuilder) => void): Evidence {
  return modernEvidence(patch, { dualEra: true });
}

// The builder's Mutable view keeps nested probes readonly; these setters take the plain types.

export function setModern(ev: Ev, patch: Partial<ModernEvidence>): void {
  Object.assign(ev, { modern: { ...(ev.modern as ModernEvidence), ...patch } });
}

export function setHeaders(ev: Ev, patch: Partial<ModernHeaderProbes>): void {
  const m = ev.modern as ModernEvidence;
  setModern(ev, { headers: { ...m.headers, ...patch } });
}

export function setMeta(ev: Ev, patch: Partial<ModernMetaProbes>): void {
  const m = ev.modern as ModernEvidence;
  setModern(ev, { meta: { ...m.meta, ...patch } });
}

export function setDiscover(ev: Ev, discover: Probe<HttpReply>): void {
  Object.assign(ev.detection, { discover });
}

/** A legacy-only server: the default evidence (2025-11-25 and older, no modern probes). */
export function legacyOnly(): Evidence {
  return evidence();
}

/** Every MCP request answered 401: nothing known, every revision a candidate. */
export function authWalled(ev: Ev): void {
  Object.assign(ev.detection, { authWall: true, transport: null });
  Object.assign(ev.detection.revision, {
    value: null,
    source: 'unknown',
    known: [],
    unconfirmed: ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'],
    candidates: ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'],
    eras: [],
  });
  Object.assign(ev, { sessions: null, modern: null });
}

export function passive(ev: Ev): void {
  ev.settings.mode = 'passive';
}
