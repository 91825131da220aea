/**
 * ScanReport: the single, versioned contract every formatter renders and that
 * downstream tools parse (published as schema/report.schema.json). Built once
 * from evidence + results; formatters never decide pass, fail or severity.
 */
import type { CheckResult, Severity, Status } from '../checks/define-check.js';
import type { Suppression } from '../config/schema.js';
import type { Baseline, BaselineEntry } from './baseline-types.js';
import type { Rating } from './rating-types.js';
import type {
  HttpExchange,
  Mode,
  RevisionSource,
  StdioPackage,
  StdioSandbox,
  TargetClass,
  Transport,
} from '../evidence/types.js';
import type { Unreached } from '../evidence/derive/unreached.js';
import type { Revision } from '../spec/revisions.js';
import type { StdioExchangeView } from './stdio-exchanges.js';
import type { ReportClient, ReportFramework } from './clients-model.js';
import type { LedgerEntry } from './ledger.js';

export const REPORT_SCHEMA_VERSION = '1.0.0';

export interface SuppressionMark {
  readonly reason: string;
  /** `YYYY-MM-DD`, the last day it applies; null when it never expires. */
  readonly expires: string | null;
}

export interface SuppressionSummary {
  /** Results suppressed. */
  readonly applied: number;
  /** Suppressions for this target whose date has passed; their findings count again. */
  readonly expired: readonly Suppression[];
  /** Live suppressions for this target that matched no fail: candidates for deletion. */
  readonly unused: readonly Suppression[];
}

export type Outcome = 'graded' | 'unreachable' | 'not-mcp' | 'redirect';

export interface ReportResult extends CheckResult {
  readonly title: string;
  /** sha256 of check ID, target URL, location and key: stable across runs, for baselines and SARIF. */
  readonly fingerprint: string;
  /** Set when a live suppression accepted this failure: it no longer counts for the gate or the grade. */
  readonly suppression: SuppressionMark | null;
}

/** The expected-failures baseline applied to this report, by fingerprint. */
export interface BaselineSummary {
  readonly file: string;
  readonly newFailures: readonly string[];
  readonly expectedFailures: readonly string[];
  readonly stale: readonly BaselineEntry[];
  readonly unverifiable: readonly BaselineEntry[];
}

/** A report before its grade is computed (the grade reads the rest). */
export type Unrated = Omit<ScanReport, 'rating'>;

/** What the report is built with beyond evidence and results (all optional). */
export interface ReportOptions {
  readonly suppressions?: readonly Suppression[];
  /** Clock for suppression expiry (tests pin it). */
  readonly now?: Date;
  /** The target's name in the config file, for suppressions and baseline entries that name it. */
  readonly targetName?: string | null;
  readonly baseline?: { readonly file: string; readonly data: Baseline };
  /** `--clients`: the client profiles (by id) the matrix is limited to; every profile when absent. */
  readonly clients?: readonly string[];
}

export interface ReportCheck {
  readonly id: string;
  readonly title: string;
  readonly severity: Severity;
  readonly keyword: string;
  readonly mode: string;
  readonly remediation: string;
  /** The fix in the recognised framework's terms, shown before `remediation`; absent when none applies. */
  readonly frameworkFix?: {
    readonly framework: string;
    readonly name: string;
    readonly fix: string;
    readonly source: string;
  };
  readonly citations: readonly { readonly key: string; readonly url: string }[];
  readonly docs: string;
}

export interface ScanReport {
  readonly schemaVersion: typeof REPORT_SCHEMA_VERSION;
  readonly tool: { readonly name: string; readonly version: string; readonly catalogueVersion: string };
  readonly generatedAt: string;
  readonly durationMs: number;
  readonly mode: Mode;
  readonly target: {
    readonly url: string;
    readonly transport: Transport | null;
    readonly scope: string;
    readonly class: TargetClass;
    readonly authWall: boolean;
    readonly authInUse: boolean;
    /** Planned probes not sent because detection ended the scan (unreachable, not MCP); absent when none. */
    readonly notSent?: { readonly count: number; readonly detail: string };
    /** stdio: the package installed and launched (`--npm`, `--pypi`); absent for a plain command. */
    readonly package?: StdioPackage;
    /** stdio: the first reply refused at a limit, and the request it answered (docs/stdio.md#bounds); absent when none. */
    readonly refusedReply?: {
      readonly launch: string;
      readonly line: number;
      readonly probe: string | null;
      readonly limit: string;
      readonly detail: string;
    };
    /** Targets not reached (unreachable, not MCP): why, and the next step; absent otherwise. */
    readonly unreached?: Unreached;
    readonly revision: {
      readonly value: Revision | null;
      readonly source: RevisionSource;
      readonly candidates: readonly Revision[];
      readonly known: readonly Revision[];
      readonly eras: readonly string[];
      readonly how: string;
    };
  };
  readonly outcome: Outcome;
  readonly summary: {
    readonly checks: number;
    readonly byStatus: Readonly<Record<Status, number>>;
    /** Failing checks by severity (a check counts once, at its highest failing severity). */
    readonly failsBySeverity: Readonly<Record<Severity, number>>;
  };
  readonly settings: {
    readonly tokenSupplied: boolean;
    readonly allowPrivate: boolean;
    /** stdio targets: whether --sandbox was requested and applied, what it hid and mapped (docs/stdio.md#sandbox). */
    readonly sandbox?: StdioSandbox;
  };
  readonly rating: Rating;
  readonly suppressions: SuppressionSummary;
  readonly baseline: BaselineSummary | null;
  readonly results: readonly ReportResult[];
  readonly checks: readonly ReportCheck[];
  readonly exchanges: readonly HttpExchange[];
  /** Which clients connect and log in, per profile (docs/clients.md); absent in reports older than it. */
  readonly clients?: readonly ReportClient[];
  /**
   * Every OAuth client the scan registered and whether it was deleted (./ledger.ts); present in
   * intrusive scans of an HTTP target only.
   */
  readonly registrations?: readonly LedgerEntry[];
  /** The server framework recognised from the evidence (docs/fingerprints.md); absent in older reports. */
  readonly framework?: ReportFramework;
  /** A local (stdio) server's exchanges (./stdio-exchanges.ts); absent for HTTP targets. */
  readonly stdioExchanges?: readonly StdioExchangeView[];
}

/** Doc pages ship in the package and the repository at this relative path. */
export const DOCS_PATH = 'docs/checks';
