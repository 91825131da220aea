/**
 * The contract of the one HTTP client every probe uses. Implemented on undici in
 * ./client.ts. Every call is recorded as an HttpExchange (redacted), success or
 * failure; nothing throws for network conditions — errors are data.
 */
import type {
  AddressScope,
  ExchangeId,
  HttpExchange,
  HttpResponseData,
  NetError,
} from '../../evidence/types.js';

export type { HttpResponseData } from '../../evidence/types.js';

export interface ClientOptions {
  /** The URL the user asked to scan. Its own address is always allowed. */
  readonly target: Readonly<URL>;
  /** Let URLs learned from the server reach loopback/private/link-local addresses other than the target's class. */
  readonly allowPrivate: boolean;
  /**
   * Per-request timeout, ms, for the whole exchange: connect, headers and body together. An
   * event stream read for a `streamWindowMs` ends early, without error. Default 10 000.
   */
  readonly requestTimeoutMs?: number;
  /** Absolute wall-clock deadline for the whole scan (epoch ms). Requests after it fail with `deadline` unsent. */
  readonly deadline?: number;
  /** Response body cap in bytes, after decompression. Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /** Excerpt kept in the recorded exchange, in characters. Default 16 384. */
  readonly excerptChars?: number;
  /** Maximum requests in flight per origin, and connections per origin. Default 8. */
  readonly maxConcurrencyPerOrigin?: number;
  /**
   * After this many timeouts in a row on one origin, its remaining requests are not sent
   * (recorded with the `stopped-answering` error; ./stopped-answering.ts). Default 3; 0 never stops.
   */
  readonly stopAfterTimeouts?: number;
  /**
   * Exchange ids count up from here: `x${offset + 1}`, ... Default 0. collectEvidence passes a
   * random offset and renumbers the exchanges deterministically at the end (../exchange-order.ts).
   */
  readonly exchangeIdOffset?: number;
  /**
   * The user's credentials (token as `authorization`, and `--header` values). Attached only to
   * requests whose origin is exactly `origin`, and redacted from every recorded exchange.
   */
  readonly credentials?: Credentials;
  /** Extra CA certificates (PEM) to trust, e.g. a private CA. */
  readonly ca?: string;
  /** Resolver override for tests (maps a hostname to addresses). */
  readonly lookup?: (hostname: string) => Promise<readonly string[]>;
  readonly userAgent?: string;
}

export interface Credentials {
  readonly origin: string;
  readonly headers: Readonly<Record<string, string>>;
  /**
   * Other credential sets for the same origin (a second token, a narrow-scope token), attached
   * instead of `headers` to a request that names one in `credentialSet`. Redacted like `headers`.
   */
  readonly alternates?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

export interface RequestSpec {
  readonly method: string;
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Catalogue probe ID, e.g. `p.init(2025-11-25)`. */
  readonly probe: string;
  /** One line: why this request is sent (shown in --plan and in reports). */
  readonly purpose: string;
  /**
   * On the scan's critical path (the protected-resource metadata the authorization chain waits
   * on, a quiet stream read for a settle period): served before the ordinary requests queued
   * for the same origin.
   */
  readonly priority?: boolean;
  /**
   * `user`: the target URL or a URL derived from it by the scanner (same origin).
   * `learned`: a URL the server supplied (metadata, `endpoint` event, redirect) — goes through the address policy.
   */
  readonly source: 'user' | 'learned';
  /** Attach the user's credentials when the origin matches. Default true. Safe probes that craft
   * their own Authorization header set false. */
  readonly attachCredentials?: boolean;
  /** Attach this alternate credential set (see `Credentials.alternates`) instead of the main one. */
  readonly credentialSet?: string;
  readonly timeoutMs?: number;
  readonly maxBodyBytes?: number;
  /**
   * Called with each decoded text chunk of an event-stream body (`text/event-stream`) as it
   * arrives; any other body is read whole. Returning `stop` closes the connection; the exchange
   * is recorded with what was read and `truncated: true`.
   */
  readonly onChunk?: (text: string) => 'continue' | 'stop';
  /**
   * For event streams (a `text/event-stream` answer): after the headers arrive, read the body for
   * at most this long, then close without error (`truncated: true`). The window never extends the
   * exchange past the per-request timeout: when the timeout comes first, the read ends there with
   * a `timeout` error (what arrived is kept). Any other answer is bounded by the timeout alone.
   */
  readonly streamWindowMs?: number;
  /**
   * The stream is a session channel held open on purpose (the HTTP+SSE GET, whose events carry
   * the replies to later POSTs): once its headers are in, only `streamWindowMs` and the scan
   * deadline bound it, not the per-request timeout.
   */
  readonly holdsSession?: boolean;
  /** Aborting closes the connection like `onChunk` returning `stop` (truncated: true, no error). */
  readonly signal?: AbortSignal;
  /**
   * Called once when the final response's status line and headers have arrived, with the time
   * since the request was sent (connect included) and the headers (lower-case names).
   */
  readonly onHeaders?: (elapsedMs: number, headers: Readonly<Record<string, readonly string[]>>) => void;
  /**
   * Secrets the server handed out (not the user's credentials), redacted from this exchange's
   * record like credentials: e.g. a `registration_access_token` sent back for an RFC 7592 request.
   */
  readonly secrets?: readonly string[];
  /**
   * Top-level members of a JSON response whose string values are secrets the server hands out
   * (`registration_access_token`, `client_secret`): redacted from this exchange's record. The
   * probe-facing result keeps them, for the probe's own use in memory.
   */
  readonly secretResponseMembers?: readonly string[];
}

export interface HttpResult {
  readonly exchangeId: ExchangeId;
  readonly response?: HttpResponseData;
  readonly error?: NetError;
  readonly remoteAddress?: string;
}

export interface HttpClient {
  send(spec: RequestSpec): Promise<HttpResult>;
  /** Every exchange recorded so far, in issue order (ids x1, x2, ... after `exchangeIdOffset`). */
  exchanges(): readonly HttpExchange[];
  /** Classify a hostname's resolved address (used for the target's own scope). */
  resolveScope(hostname: string): Promise<{ address: string | null; scope: AddressScope }>;
  close(): Promise<void>;
}
