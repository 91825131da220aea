/**
 * Typed evidence: everything the probes observed, and nothing else. Checks are
 * pure functions of this structure; an evidence bundle is this structure saved
 * as JSON, so `evaluate` can replay a scan offline.
 *
 * Errors are data: a probe that could not complete is a `Probe` of kind
 * `failed` (with the exchange that shows why), never an exception.
 */
import type { Revision } from '../spec/revisions.js';
import type { AuthDiscovery } from './auth-types.js';

export const EVIDENCE_SCHEMA_VERSION = 1 as const;

export type ExchangeId = `x${number}`;

/** Why a request produced no usable HTTP response. */
export type NetErrorCode =
  | 'timeout' // per-request timeout
  | 'deadline' // the overall scan deadline passed
  | 'dns'
  | 'connect' // refused, unreachable
  | 'reset' // connection reset or closed mid-message
  | 'tls' // handshake or certificate failure
  | 'refused-address' // the address policy refused the destination
  | 'refused-scheme' // not http(s)
  | 'too-large' // body over the size cap (after decompression)
  | 'header-too-large'
  | 'decode' // bad content-encoding
  | 'protocol' // malformed HTTP
  | 'aborted';

export interface NetError {
  readonly code: NetErrorCode;
  readonly message: string;
}

export type HeaderMap = Readonly<Record<string, readonly string[]>>;

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  /** Lower-case names; credentials redacted. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface RecordedResponse {
  readonly status: number;
  /** Lower-case names, every field value kept in order. */
  readonly headers: HeaderMap;
  /** Decoded body text, redacted, cut to the excerpt limit. */
  readonly body: string;
  /** Bytes received after decoding (up to the cap). */
  readonly bodyBytes: number;
  /** True when the body was cut by the size cap, the excerpt limit, or by the probe closing a stream. */
  readonly truncated: boolean;
}

/** One HTTP request and what came back: the unit of proof for every finding. */
export interface HttpExchange {
  readonly id: ExchangeId;
  /** Probe identifier from the catalogue, e.g. `p.init(2025-11-25)`, `s.origin.foreign`. */
  readonly probe: string;
  readonly purpose: string;
  readonly request: RecordedRequest;
  readonly response?: RecordedResponse;
  readonly error?: NetError;
  readonly remoteAddress?: string;
  readonly durationMs: number;
}

/** The outcome of one probe: a typed value, a failure, or a reason it did not run. */
export type Probe<T> =
  | { readonly kind: 'ok'; readonly value: T; readonly exchanges: readonly ExchangeId[] }
  | { readonly kind: 'failed'; readonly error: NetError; readonly exchanges: readonly ExchangeId[] }
  | { readonly kind: 'skipped'; readonly reason: SkipReason; readonly detail?: string };

export type SkipReason =
  | 'mode_disabled' // the tier that sends it is not enabled
  | 'not_needed' // the plan did not need it (e.g. HTTP+SSE GET when POST worked)
  | 'no_session' // needs a session and none was issued
  | 'dependency_failed' // an earlier probe it builds on failed
  | 'target_scope' // only for loopback/private (or public) targets
  | 'deadline'
  | 'auth_wall'
  | 'no_token' // the token it needs (user, second or narrow-scope) was not supplied
  | 'not_designated'; // needs a tool (--designate-tool) or an OAuth client (--oauth-client-id) the user designates, and none (or none listed) was

// ---------------------------------------------------------------------------
// JSON-RPC as observed on the wire
// ---------------------------------------------------------------------------

export type JsonRpcId = string | number | null;

export interface JsonRpcErrorObject {
  readonly code: unknown;
  readonly message: unknown;
  readonly data?: unknown;
}

/** A parsed JSON-RPC message. `raw` keeps the original value for shape checks. */
export type RpcMessage =
  | {
      readonly kind: 'response';
      readonly id: JsonRpcId;
      readonly result?: unknown;
      readonly error?: JsonRpcErrorObject;
    }
  | { readonly kind: 'request'; readonly id: JsonRpcId; readonly method: string; readonly params?: unknown }
  | { readonly kind: 'notification'; readonly method: string; readonly params?: unknown }
  | { readonly kind: 'invalid'; readonly raw: unknown };

/** A malformation found while parsing a reply (TRN14 keys). */
export interface MessageIssue {
  readonly key: 'utf8' | 'json' | 'version' | 'id' | 'shape' | 'code' | 'sse-data';
  readonly detail: string;
}

export interface SseEventRecord {
  readonly id?: string;
  readonly event?: string;
  /** Data excerpt (≤ 400 characters). */
  readonly data: string;
  readonly dataLength: number;
}

/**
 * What one MCP-bearing HTTP request yielded: status, media type, session header,
 * the JSON-RPC messages in the body (JSON or SSE) and the one that answers the
 * request, if any.
 */
export interface RpcReply {
  readonly exchange: ExchangeId;
  readonly status: number;
  /** Media type essence, lower-case (`application/json`), or null when absent or unparseable. */
  readonly mediaType: string | null;
  readonly sessionId: string | null;
  readonly bodyKind: 'json' | 'sse' | 'empty' | 'other';
  readonly messages: readonly RpcMessage[];
  /** The response whose id matches the request (for a batch: null, see `messages`). */
  readonly response: Extract<RpcMessage, { kind: 'response' }> | null;
  readonly sseEvents: readonly SseEventRecord[];
  readonly issues: readonly MessageIssue[];
  /** Redirect target, when the answer was a 3xx. */
  readonly location: string | null;
}

// ---------------------------------------------------------------------------
// Target, settings and detection
// ---------------------------------------------------------------------------

export type AddressScope = 'loopback' | 'private' | 'link-local' | 'public' | 'unknown';
export type Transport = 'streamable-http' | 'http+sse' | 'stdio';
export type TargetClass = 'reachable' | 'unreachable' | 'not_mcp' | 'redirected';
export type Mode = 'passive' | 'safe' | 'intrusive';

export interface TargetInfo {
  readonly url: string;
  readonly origin: string;
  readonly scheme: 'http' | 'https';
  readonly hostname: string;
  /** Address the target host resolved to (first one used), if resolution succeeded. */
  readonly address: string | null;
  readonly scope: AddressScope;
}

export interface ScanSettings {
  readonly mode: Mode;
  readonly pinnedRevision: Revision | null;
  readonly allowPrivate: boolean;
  readonly tokenSupplied: boolean;
}

export type RevisionSource = 'pinned' | 'negotiated' | 'bounded' | 'unknown';

export interface RevisionInfo {
  /** The newest known revision (or the pinned one); null when nothing is known. */
  readonly value: Revision | null;
  readonly source: RevisionSource;
  /** K: revisions proven by evidence. */
  readonly known: readonly Revision[];
  /** C: revisions not excluded by positive evidence. */
  readonly candidates: readonly Revision[];
  /** U = C \ K. */
  readonly unconfirmed: readonly Revision[];
  /** Versions offered by the server that the scanner does not know (inventory only). */
  readonly unknownVersions: readonly string[];
  /** Eras served: `modern` (2026-07-28 wire), `legacy` (initialize handshake). */
  readonly eras: readonly ('modern' | 'legacy')[];
  /** How the revision was found, in words. */
  readonly how: string;
}

export interface InitAttempt {
  readonly requested: Revision;
  readonly probe: Probe<RpcReply>;
  /** `protocolVersion` of the InitializeResult, when one came back. */
  readonly offered: string | null;
}

export interface Detection {
  readonly discover: Probe<RpcReply>;
  readonly inits: readonly InitAttempt[];
  /** HTTP+SSE GET, only when the POST probes failed (catalogue §5.2 step 3). */
  readonly sseGet: Probe<RpcReply>;
  readonly transport: Transport | null;
  readonly targetClass: TargetClass;
  readonly revision: RevisionInfo;
  /** Set when the MCP endpoint answered with a redirect. */
  readonly redirect: {
    readonly status: number;
    readonly location: string;
    readonly sameOrigin: boolean;
  } | null;
  /** Every MCP-level probe was answered 401/403. */
  readonly authWall: boolean;
}

// ---------------------------------------------------------------------------
// Legacy (handshake-era) Streamable HTTP session probes
// ---------------------------------------------------------------------------

export interface SessionSample {
  readonly value: string;
  readonly exchange: ExchangeId;
}

export interface LegacySessionEvidence {
  /** protocolVersion negotiated on the main session. */
  readonly version: string;
  readonly revision: Revision | null;
  readonly init: RpcReply;
  readonly sessionId: string | null;
  /** Every session ID issued to the scanner (all inits and the second init), in order. */
  readonly sessionSamples: readonly SessionSample[];
  readonly initialized: Probe<RpcReply>;
  readonly init2: Probe<RpcReply>;
  /** `tools/list` on the session with the negotiated headers (baseline for the safe variants). */
  readonly baseline: Probe<RpcReply>;
  readonly get: Probe<RpcReply>;
  readonly sessionNone: Probe<RpcReply>;
  readonly sessionUnknown: Probe<RpcReply>;
  readonly versionBad: Probe<RpcReply>;
  readonly versionNone: Probe<RpcReply>;
  readonly batch: Probe<RpcReply>;
  readonly initBogus: Probe<RpcReply>;
  readonly delete: Probe<RpcReply>;
  /** The deleted session ID reused (one retry after 500 ms is folded in: the last answer counts). */
  readonly sessionReuse: Probe<RpcReply>;
}

// ---------------------------------------------------------------------------
// Modern (2026-07-28) wire probes
// ---------------------------------------------------------------------------

/** `s.hdr.*`: one request per header variant, each wrong in exactly one way. */
export interface ModernHeaderProbes {
  /** `server/discover`, header 2026-07-28, `_meta` protocolVersion 2025-11-25. */
  readonly versionMismatch: Probe<RpcReply>;
  /** `server/discover` without `Mcp-Method`. */
  readonly methodMissing: Probe<RpcReply>;
  /** `server/discover` with `Mcp-Method: tools/list`. */
  readonly methodMismatch: Probe<RpcReply>;
  /** `server/discover` with `Mcp-Method: Server/Discover`. */
  readonly methodCase: Probe<RpcReply>;
  /** `tools/call` of `probeNames.body` without `Mcp-Name`. */
  readonly nameMissing: Probe<RpcReply>;
  /** `tools/call` of `probeNames.body` with `Mcp-Name: <probeNames.header>`. */
  readonly nameMismatch: Probe<RpcReply>;
  /** `tools/call` of `probeNames.body` with `Mcp-Name` = its Base64 sentinel. */
  readonly nameB64: Probe<RpcReply>;
  /** `tools/call` of `probeNames.body` with `Mcp-Name` padded with spaces (RFC 9110 OWS). */
  readonly ows: Probe<RpcReply>;
  /** `server/discover` with every header name lowercase. */
  readonly lowercase: Probe<RpcReply>;
}

/** `s.meta.*`: `server/discover` with the header version kept equal to `_meta`'s. */
export interface ModernMetaProbes {
  /** `_meta` without `io.modelcontextprotocol/clientCapabilities` (s.meta.missing). */
  readonly noCapabilities: Probe<RpcReply>;
  /** `_meta` without `io.modelcontextprotocol/clientInfo` (s.meta.noclientinfo). */
  readonly noClientInfo: Probe<RpcReply>;
  /** params without `_meta` at all (s.meta.none). */
  readonly noMeta: Probe<RpcReply>;
}

export interface ModernMethodProbe {
  /** `mcp-posture-probe/nonexistent`, a removed method, or a modern-shaped `initialize`. */
  readonly method: string;
  readonly probe: Probe<RpcReply>;
}

/** The `x-mcp-header` parameter whose `Mcp-Param-*` header the `i.tool.param-*` variants change. */
export interface DesignatedParam {
  /** Property path from the `inputSchema` root, joined with `.` (`region`, `target.region`). */
  readonly path: string;
  /** The header as written in messages: `Mcp-Param-{x-mcp-header value}`. */
  readonly header: string;
  /** Header value of the correct calls (the body argument, Base64-sentinel encoded when needed). */
  readonly value: string;
  /** Header value of `i.tool.param-mismatch`: a different value than the body argument. */
  readonly mismatch: string;
}

/**
 * `i.tool(name)` (intrusive): calls of the tool the user designated as side-effect-free,
 * with the user's arguments. Sent only in intrusive mode, with a designation, when the
 * tool is in the modern `tools/list`.
 */
export interface DesignatedToolEvidence {
  readonly name: string;
  /** The arguments every call sent (the user's, or `{}`). */
  readonly arguments: Readonly<Record<string, unknown>>;
  /** Every `x-mcp-header` annotation of the tool's `inputSchema` (path joined with `.`, header name). */
  readonly annotated: readonly { readonly path: string; readonly header: string }[];
  /** The first annotated parameter with a mirrorable value in the arguments; null when there is none. */
  readonly param: DesignatedParam | null;
  /** `i.tool.control`: the correct call (every standard and `Mcp-Param-*` header; client capabilities declared). */
  readonly control: Probe<RpcReply>;
  /** `i.tool.param-missing`: the control without `param`'s header (skipped when `param` is null). */
  readonly paramMissing: Probe<RpcReply>;
  /** `i.tool.param-mismatch`: the control with `param`'s header set to `param.mismatch`. */
  readonly paramMismatch: Probe<RpcReply>;
  /** `i.tool.no-capabilities`: the control with `_meta` clientCapabilities `{}`. */
  readonly noCapabilities: Probe<RpcReply>;
}

/** A list method over the modern wire: `_meta` and standard headers on every page. */
export interface ModernListing {
  readonly method: string;
  readonly probe: Probe<ListingEvidence>;
}

export interface ModernEvidence {
  /** `server/discover` with `1900-01-01` in the MCP-Protocol-Version header and in `_meta` (s.version.bad, modern). */
  readonly versionBad: Probe<RpcReply>;
  /** `server/discover` without the MCP-Protocol-Version header (s.version.none, modern). */
  readonly versionNone: Probe<RpcReply>;
  /** Random nonexistent tool names: `body` goes in `params.name`, `header` in the mismatching `Mcp-Name`. */
  readonly probeNames: { readonly body: string; readonly header: string };
  /** `tools/call` of `probeNames.body` with correct headers: the answer the name variants are compared with. */
  readonly toolUnknown: Probe<RpcReply>;
  readonly headers: ModernHeaderProbes;
  readonly meta: ModernMetaProbes;
  /** `s.method.unknown`: unknown and removed methods with correct headers. */
  readonly methods: readonly ModernMethodProbe[];
  /** GET (Accept: text/event-stream) and DELETE without a session; sent to modern-only servers only. */
  readonly get: Probe<RpcReply>;
  readonly delete: Probe<RpcReply>;
  /** `server/discover` carrying a random `Mcp-Session-Id` (TRN09) and the value sent. */
  readonly bogusSession: Probe<RpcReply>;
  readonly bogusSessionId: string;
  /** `server/discover` with `Last-Event-ID: 1`. */
  readonly lastEventId: Probe<RpcReply>;
  /** A JSON array of two modern `tools/list` requests. */
  readonly batch: Probe<RpcReply>;
  /** `resources/read` of `mcp-posture-probe:/nonexistent`. */
  readonly resourceMissing: Probe<RpcReply>;
  /** p.list (modern): tools, prompts, resources, resource templates, in that order. */
  readonly lists: readonly ModernListing[];
  /** p.list.fresh: the first advertised list method again, without a preceding discover on its request. */
  readonly fresh: ModernListing;
  /** s.listen: `subscriptions/listen` read for a few seconds, with the filter sent and the request id. */
  readonly listen: {
    readonly filter: Readonly<Record<string, boolean>>;
    readonly requestId: number;
    readonly probe: Probe<RpcReply>;
  };
  /** i.tool(name): the designated tool's calls. Absent in bundles from before the probe existed. */
  readonly designated?: Probe<DesignatedToolEvidence>;
}

// ---------------------------------------------------------------------------
// HTTP+SSE (2024-11-05 transport)
// ---------------------------------------------------------------------------

export interface SseTransportEvidence {
  readonly streamUrl: string;
  readonly get: RpcReply;
  /** The first event on the stream, as received. */
  readonly firstEvent: SseEventRecord | null;
  /** `endpoint` event data, raw, and resolved against the stream URL. */
  readonly endpoint: { readonly raw: string; readonly resolved: string | null } | null;
  /** The POSTed initialize: the HTTP answer to the POST plus the reply event from the stream. */
  readonly init: Probe<{
    readonly post: RpcReply;
    readonly reply: SseEventRecord | null;
    readonly message: RpcMessage | null;
  }>;
  readonly badSession: Probe<RpcReply>;
}

// ---------------------------------------------------------------------------
// Safe probes common to all eras
// ---------------------------------------------------------------------------

export interface OriginProbes {
  /** The request that was repeated with the foreign Origin values (exchange of the original). */
  readonly baseline: RpcReply | null;
  readonly foreign: Probe<RpcReply>;
  readonly nullOrigin: Probe<RpcReply>;
  readonly lookalike: Probe<RpcReply>;
  readonly preflight: Probe<RpcReply>;
  /** Foreign Host header; loopback and private targets only. */
  readonly host: Probe<RpcReply>;
}

// ---------------------------------------------------------------------------
// TLS and cleartext
// ---------------------------------------------------------------------------

export interface TlsObservation {
  readonly origin: string;
  readonly address: string | null;
  /** The verified handshake. */
  readonly verified: Probe<{
    readonly protocol: string | null;
    readonly authorized: boolean;
    /** OpenSSL's verification error code when not authorized (e.g. `DEPTH_ZERO_SELF_SIGNED_CERT`). */
    readonly authorizationError: string | null;
    readonly hostnameMatch: boolean;
    readonly validFrom: string | null;
    readonly validTo: string | null;
    readonly subject: string | null;
    readonly issuer: string | null;
  }>;
  /** Handshakes offering only TLS 1.0 / only TLS 1.1. */
  readonly legacy: {
    readonly 'tls1.0': 'refused' | 'accepted' | 'unavailable';
    readonly 'tls1.1': 'refused' | 'accepted' | 'unavailable';
  };
}

export interface PlainObservation {
  readonly httpsOrigin: string;
  readonly url: string;
  readonly get: Probe<RpcReply>;
  /** The cleartext `server/discover`-shaped POST, sent when the GET answered 2xx, 401 or 405. */
  readonly post: Probe<RpcReply>;
}

// ---------------------------------------------------------------------------
// Inventory
// ---------------------------------------------------------------------------

export interface ListingEvidence {
  /** Items as served (bounded by the page and item caps). */
  readonly items: readonly unknown[];
  readonly pages: number;
  /** True when a cap stopped the listing before the server's last page. */
  readonly truncated: boolean;
  readonly replies: readonly RpcReply[];
}

export interface Inventory {
  readonly tools: Probe<ListingEvidence>;
  readonly prompts: Probe<ListingEvidence>;
  readonly resources: Probe<ListingEvidence>;
  readonly resourceTemplates: Probe<ListingEvidence>;
  readonly serverInfo: unknown;
  readonly instructions: string | null;
}

// ---------------------------------------------------------------------------
// The bundle
// ---------------------------------------------------------------------------

export interface AuthSignals {
  /** Authorization is in use (catalogue §5.7): a 401, a 403 with a challenge, a published PRM ... */
  readonly inUse: boolean;
  readonly signals: readonly string[];
}

export interface Evidence {
  readonly schemaVersion: typeof EVIDENCE_SCHEMA_VERSION;
  readonly tool: { readonly name: string; readonly version: string };
  readonly startedAt: string;
  readonly durationMs: number;
  readonly target: TargetInfo;
  readonly settings: ScanSettings;
  readonly detection: Detection;
  readonly legacy: LegacySessionEvidence | null;
  /** Present when the server speaks the 2026-07-28 wire. */
  readonly modern: ModernEvidence | null;
  readonly sse: SseTransportEvidence | null;
  readonly origin: OriginProbes;
  readonly tls: readonly TlsObservation[];
  readonly plain: readonly PlainObservation[];
  readonly inventory: Inventory | null;
  readonly auth: AuthSignals;
  /** The OAuth discovery chain; null when the target shows no authorization signal. */
  readonly oauth: AuthDiscovery | null;
  /** Every HTTP exchange, in the order the requests were issued. */
  readonly exchanges: readonly HttpExchange[];
}
