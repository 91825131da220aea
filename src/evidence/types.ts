/**
 * Typed evidence: everything the probes observed, and nothing else. Checks are
 * pure functions of this structure; an evidence bundle is this structure saved
 * as JSON, so `evaluate` can replay a scan offline.
 *
 * The evidence is a transport-neutral core (target, settings, detection, the modern wire,
 * inventory, authorization, exchanges) plus transport sections that are null or empty when
 * the target does not speak that transport: the HTTP sections (`endpoint`, `sessions`, `sse`,
 * `origin`, `tls`, `plain`, in ./http-types.ts) and the stdio section (`stdio`, ./stdio-types.ts). Checks name the sections they read
 * (`requires` in their meta); the engine hands them only those (docs/model/evidence.md).
 */
import type { Revision } from '../spec/revisions.js';
import type { AuthDiscovery } from './auth-types.js';
import type { ClientMetadataSource } from './cimd-types.js';
import type { ClientConfigEvidence } from './client-config-types.js';
import type {
  HttpEndpoint,
  LegacySessionEvidence,
  OriginProbes,
  PlainObservation,
  SseTransportEvidence,
  TlsObservation,
} from './http-types.js';
import type { Inventory, ToolProbes } from './inventory-types.js';
import type { ModernEvidence } from './modern-types.js';
import type { PinEvidence } from './pin-types.js';
import type { StdioEvidence } from './stdio-types.js';
import type {
  AddressScope,
  Exchange,
  Mode,
  Probe,
  RpcReply,
  SkipReason,
  TargetClass,
  Transport,
} from './primitives.js';

export type * from './primitives.js';
export { isHttpReply } from './primitives.js';
export type * from './http-types.js';
export type * from './inventory-types.js';
export type * from './modern-types.js';
export type * from './cimd-types.js';
export type * from './pin-types.js';
export type * from './stdio-types.js';
export type * from './client-config-types.js';

/** Version 2: transport sections split from the core (version 1 bundles are upgraded on load). */
export const EVIDENCE_SCHEMA_VERSION = 2 as const;

// ---------------------------------------------------------------------------
// Target, settings and detection
// ---------------------------------------------------------------------------

/** What was scanned, in terms every transport shares. */
export interface TargetInfo {
  readonly kind: 'http' | 'stdio';
  /** The target's identity in reports and fingerprints: the endpoint URL (or a `stdio:` command line). */
  readonly url: string;
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

/** The detection ladder's answers and what they establish (docs/model/revisions.md#the-detection-ladder). */
export interface Detection {
  readonly discover: Probe<RpcReply>;
  readonly inits: readonly InitAttempt[];
  readonly transport: Transport | null;
  readonly targetClass: TargetClass;
  readonly revision: RevisionInfo;
  /** Every MCP-level probe was answered 401/403. */
  readonly authWall: boolean;
}

export interface AuthSignals {
  /** Authorization is in use (docs/model/authorization.md#signals): a 401, a challenge, a published PRM … */
  readonly inUse: boolean;
  readonly signals: readonly string[];
}

// ---------------------------------------------------------------------------
// The bundle
// ---------------------------------------------------------------------------

/** The transport-neutral core every target has. */
export interface CoreEvidence {
  readonly schemaVersion: typeof EVIDENCE_SCHEMA_VERSION;
  readonly tool: { readonly name: string; readonly version: string };
  readonly startedAt: string;
  readonly durationMs: number;
  readonly target: TargetInfo;
  readonly settings: ScanSettings;
  readonly detection: Detection;
  /** Present when the server speaks the 2026-07-28 wire. */
  readonly modern: ModernEvidence | null;
  readonly inventory: Inventory | null;
  /**
   * `s.tool.unknown` and `s.cursor`, when the listing ran and the server declares tools (null when
   * they were not sent; absent in bundles from before the probes existed).
   */
  readonly toolProbes?: ToolProbes | null;
  readonly auth: AuthSignals;
  /** The OAuth discovery chain; null when the target shows no authorization signal. */
  readonly oauth: AuthDiscovery | null;
  /** Every exchange, in the order the requests were issued. */
  readonly exchanges: readonly Exchange[];
  /**
   * A client's own Client ID Metadata Document, for the CIMD lint checks (CIMD50–CIMD57): set by
   * `mcp-posture cimd lint`, null or absent in a scan.
   */
  readonly clientMetadata?: ClientMetadataSource | null;
  /**
   * A target found in the user's MCP client configurations (`scan --discovered`): where it is
   * configured and which credentials those files hold, by name only. Absent for other targets.
   */
  readonly clientConfig?: ClientConfigEvidence | null;
  /**
   * The lock's entry for this target and the current surface in the lock's shape (docs/pinning.md);
   * null when the scan was given no lock. Bundles saved before the section existed lack it (read as null).
   */
  readonly pin: PinEvidence | null;
  /**
   * Planned probes the scan did not send because the target turned out unreachable or not MCP
   * (absent in bundles from before it was recorded).
   */
  readonly notSent?: readonly NotSentProbe[];
}

export interface NotSentProbe {
  readonly probe: string;
  readonly reason: SkipReason;
  readonly detail: string;
}

/** The HTTP transport sections: null (or empty) for targets that do not speak HTTP. */
export interface HttpSections {
  readonly endpoint: HttpEndpoint | null;
  /** The handshake-era Streamable HTTP session probes. */
  readonly sessions: LegacySessionEvidence | null;
  readonly sse: SseTransportEvidence | null;
  readonly origin: OriginProbes | null;
  readonly tls: readonly TlsObservation[];
  readonly plain: readonly PlainObservation[];
}

/** The stdio transport section: null (or absent, in bundles from before it existed) for HTTP targets. */
export interface StdioSections {
  readonly stdio?: StdioEvidence | null;
}

export interface Evidence extends CoreEvidence, HttpSections, StdioSections {}

/**
 * The evidence sections a check can name in `requires` (docs/model/evidence.md#sections). `startedAt`
 * is one too: checks that judge expiry (certificates, tokens) judge it at the scan's start, so
 * replayed evidence keeps its verdict.
 */
export type SectionName = Exclude<keyof Evidence, 'schemaVersion' | 'tool' | 'durationMs'>;
