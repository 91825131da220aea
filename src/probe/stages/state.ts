/**
 * What the HTTP stages produce, one field per output: the scheduler fills it phase by phase and
 * ../collect.ts assembles the evidence from it. A stage names the fields it reads (`needs`) and
 * writes (`produces`); a field a stage that did not run would have written stays absent.
 */
import type { AuthDiscovery } from '../../evidence/auth-types.js';
import type {
  Detection,
  HttpEndpoint,
  HttpReply,
  Inventory,
  LegacySessionEvidence,
  ListingEvidence,
  ModernEvidence,
  OriginProbes,
  PinEvidence,
  PlainObservation,
  Probe,
  TlsObservation,
  ToolProbes,
} from '../../evidence/types.js';
import type { ReplayShape } from '../auth/replay.js';
import type { HttpInitAttempt, LadderResult, LadderRun } from '../detect.js';
import type { OpenLegacySession, SessionVariants } from '../legacy-session.js';
import type { SseOpened, SseTransportOutcome, SseTransportResult } from '../sse-transport.js';

/** The TLS handshakes and the cleartext counterpart (https targets; empty otherwise). */
export interface TransportSecurity {
  readonly tls: readonly TlsObservation[];
  readonly plain: readonly PlainObservation[];
}

/** What detection settled, derived from the ladder (and the HTTP+SSE stream when it ran). */
export interface Detected {
  readonly detection: Detection;
  readonly endpoint: HttpEndpoint;
  /** The ladder's successful initialize (null: none was served). */
  readonly main: HttpInitAttempt | null;
  /** The request that opened the endpoint: the token-tier probes reuse its shape. */
  readonly openShape: ReplayShape | null;
  /** The ladder's and the stream's replies. */
  readonly ladderReplies: readonly HttpReply[];
  /** Why authorization is in use, as detection saw it. */
  readonly authSignals: readonly string[];
  /** The HTTP+SSE stream, when the server spoke it (an endpoint event arrived). */
  readonly sse: SseTransportResult | null;
}

/**
 * The session opened ahead of the era phase, when `server/discover` was late and an `initialize`
 * was answered (./sessions.ts): the session and its listings, in flight.
 */
export interface SessionHeadStart {
  readonly session: Promise<OpenLegacySession>;
  readonly lists: Promise<readonly Probe<ListingEvidence>[]>;
}

export interface HttpSofar {
  readonly transportSecurity: TransportSecurity;
  /** The ladder in flight (./ladder.ts); `ladder` is the same run settled. */
  readonly ladderRun: LadderRun<HttpReply>;
  readonly ladder: LadderResult<HttpReply>;
  /**
   * The session opened and listed before `server/discover` settled, when it was late while an
   * `initialize` was answered (./sessions.ts); null when discover settled in time.
   */
  readonly headStart: SessionHeadStart | null;
  readonly sseOpened: SseOpened;
  readonly sseToolProbes: ToolProbes;
  readonly sseOutcome: SseTransportOutcome;
  readonly detected: Detected;
  /** The OAuth chain walked in the era phase (from the ladder's signals or a supplied token). */
  readonly earlyOauth: AuthDiscovery;
  readonly origin: OriginProbes;
  readonly modern: ModernEvidence;
  /** Protected-resource metadata is published at a well-known URL ("optional authorization"). */
  readonly publishesPrm: boolean;
  readonly session: OpenLegacySession;
  readonly sessionLists: readonly Probe<ListingEvidence>[];
  readonly sessionToolProbes: ToolProbes;
  readonly sessionVariants: SessionVariants;
  /** The batch on the ladder's 2025-03-26 session (sent or why not), before that session is closed. */
  readonly batch0326: Probe<HttpReply>;
  readonly sessions: LegacySessionEvidence;
  readonly modernToolProbes: ToolProbes;
  /** The chain after the late signals, and every signal. */
  readonly auth: { readonly oauth: AuthDiscovery | null; readonly signals: readonly string[] };
  readonly cleanedUp: true;
  readonly inventory: Inventory;
  readonly pin: PinEvidence | null;
}
