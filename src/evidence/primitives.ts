/**
 * Evidence primitives: the leaf vocabulary every layer shares (exchange ids, recorded
 * exchanges, probe outcomes, JSON-RPC messages and replies). Imports nothing, so the
 * evidence, probe, check and report layers can all depend on it without cycles.
 *
 * Errors are data: a probe that could not complete is a `Probe` of kind `failed` (with the
 * exchange that shows why), never an exception.
 */
/** What stands in the evidence where a secret was: credentials never survive into a bundle. */
export const REDACTED = '[REDACTED]';

export type ExchangeId = `x${number}`;

/** Why a request produced no usable HTTP response. */
export type NetErrorCode =
  | 'timeout' // per-request timeout
  | 'deadline' // the overall scan deadline passed
  | 'stopped-answering' // not sent: earlier requests to the same origin timed out, several in a row
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

/**
 * One recorded exchange: the unit of proof every finding points at. HTTP is the only
 * transport recorded so far; the stdio transport adds its own variant (lines in both
 * directions) to this union.
 */
export type Exchange = HttpExchange;

/** What one HTTP answer delivered, decoded, for the parsers (the HTTP client produces it). */
export interface HttpResponseData {
  readonly status: number;
  /** Lower-case names, all values in order. */
  readonly headers: Readonly<Record<string, readonly string[]>>;
  /** Full decoded body text (up to the cap), not redacted — for parsing only. */
  readonly text: string;
  /** Raw decoded bytes (up to the cap), for UTF-8 validity checks; see `utf8Valid`. */
  readonly bytes: Uint8Array;
  /**
   * Set when `bytes` holds only the leading bytes (an event stream parsed from its chunks):
   * whether the whole body was valid UTF-8, checked as it passed.
   */
  readonly utf8Valid?: boolean;
  readonly truncated: boolean;
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
 * What one JSON-RPC request yielded on any transport: the messages that came back and the one
 * that answers the request, if any. Transport-neutral checks read only this.
 */
export interface RpcReply {
  /** The exchange (HTTP request/response, or stdio lines) that carried it. */
  readonly exchange: ExchangeId;
  readonly messages: readonly RpcMessage[];
  /** The response whose id matches the request (for a batch: null, see `messages`). */
  readonly response: Extract<RpcMessage, { kind: 'response' }> | null;
  /** Malformations found while parsing what came back (TRN14 keys). */
  readonly issues: readonly MessageIssue[];
}

/**
 * What one MCP-bearing HTTP request yielded: the JSON-RPC reply plus the HTTP envelope
 * (status, media type, session header, SSE events, redirect target).
 */
export interface HttpReply extends RpcReply {
  readonly status: number;
  /** Media type essence, lower-case (`application/json`), or null when absent or unparseable. */
  readonly mediaType: string | null;
  readonly sessionId: string | null;
  readonly bodyKind: 'json' | 'sse' | 'empty' | 'other';
  readonly sseEvents: readonly SseEventRecord[];
  /** Redirect target, when the answer was a 3xx. */
  readonly location: string | null;
}

/** True when the reply came over HTTP (it has a status and an HTTP envelope). */
export function isHttpReply(reply: RpcReply): reply is HttpReply {
  return 'status' in reply;
}

// ---------------------------------------------------------------------------
// Target vocabulary shared by every layer
// ---------------------------------------------------------------------------

export type AddressScope = 'loopback' | 'private' | 'link-local' | 'public' | 'unknown';
export type Transport = 'streamable-http' | 'http+sse' | 'stdio';
export type TargetClass = 'reachable' | 'unreachable' | 'not_mcp' | 'redirected';
export type Mode = 'passive' | 'safe' | 'intrusive';
