/**
 * The HTTP transport sections of the evidence (Streamable HTTP and HTTP+SSE): the endpoint's
 * origin, the handshake-era session probes, the HTTP+SSE stream, the Origin/Host/CORS probes,
 * TLS and the cleartext counterpart. A stdio target has none of these (they are null or empty),
 * so nothing HTTP-shaped has to be faked for it.
 */
import type { Revision } from '../spec/revisions.js';
import type { ExchangeId, HttpReply, Probe, RpcMessage, SseEventRecord } from './primitives.js';

/** Where the HTTP endpoint lives, and how it answered before any MCP was spoken. */
export interface HttpEndpoint {
  readonly origin: string;
  readonly scheme: 'http' | 'https';
  readonly hostname: string;
  /** Address the target host resolved to (first one used), if resolution succeeded. */
  readonly address: string | null;
  /** HTTP+SSE GET, only when the POST probes failed (detection ladder, last step). */
  readonly sseGet: Probe<HttpReply>;
  /** Set when the MCP endpoint answered with a redirect (never followed with MCP traffic). */
  readonly redirect: {
    readonly status: number;
    readonly location: string;
    readonly sameOrigin: boolean;
  } | null;
}

// ---------------------------------------------------------------------------
// Handshake-era Streamable HTTP session probes
// ---------------------------------------------------------------------------

export interface SessionSample {
  readonly value: string;
  readonly exchange: ExchangeId;
}

export interface LegacySessionEvidence {
  /** protocolVersion negotiated on the main session. */
  readonly version: string;
  readonly revision: Revision | null;
  readonly init: HttpReply;
  readonly sessionId: string | null;
  /** Every session ID issued to the scanner (all inits and the second init), in order. */
  readonly sessionSamples: readonly SessionSample[];
  readonly initialized: Probe<HttpReply>;
  readonly init2: Probe<HttpReply>;
  /** `tools/list` on the session with the negotiated headers (baseline for the safe variants). */
  readonly baseline: Probe<HttpReply>;
  readonly get: Probe<HttpReply>;
  readonly sessionNone: Probe<HttpReply>;
  readonly sessionUnknown: Probe<HttpReply>;
  readonly versionBad: Probe<HttpReply>;
  readonly versionNone: Probe<HttpReply>;
  readonly batch: Probe<HttpReply>;
  /**
   * The same batch on the ladder's 2025-03-26 session, when the main session negotiated a later
   * version (`s.batch(2025-03-26)`); absent in older evidence.
   */
  readonly batch0326?: Probe<HttpReply>;
  readonly initBogus: Probe<HttpReply>;
  readonly delete: Probe<HttpReply>;
  /** The deleted session ID reused (one retry after 500 ms is folded in: the last answer counts). */
  readonly sessionReuse: Probe<HttpReply>;
}

// ---------------------------------------------------------------------------
// HTTP+SSE (2024-11-05 transport)
// ---------------------------------------------------------------------------

export interface SseTransportEvidence {
  readonly streamUrl: string;
  readonly get: HttpReply;
  /** The first event on the stream, as received. */
  readonly firstEvent: SseEventRecord | null;
  /** `endpoint` event data, raw, and resolved against the stream URL. */
  readonly endpoint: { readonly raw: string; readonly resolved: string | null } | null;
  /** The POSTed initialize: the HTTP answer to the POST plus the reply event from the stream. */
  readonly init: Probe<{
    readonly post: HttpReply;
    readonly reply: SseEventRecord | null;
    readonly message: RpcMessage | null;
  }>;
  readonly badSession: Probe<HttpReply>;
}

// ---------------------------------------------------------------------------
// Origin, Host and CORS probes
// ---------------------------------------------------------------------------

export interface OriginProbes {
  /** The request that was repeated with the foreign Origin values (exchange of the original). */
  readonly baseline: HttpReply | null;
  readonly foreign: Probe<HttpReply>;
  readonly nullOrigin: Probe<HttpReply>;
  readonly lookalike: Probe<HttpReply>;
  readonly preflight: Probe<HttpReply>;
  /** Foreign Host header; loopback and private targets only. */
  readonly host: Probe<HttpReply>;
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
  readonly get: Probe<HttpReply>;
  /** The cleartext `server/discover`-shaped POST, sent when the GET answered 2xx, 401 or 405. */
  readonly post: Probe<HttpReply>;
}
