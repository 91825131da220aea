/**
 * ScanReport: the single, versioned contract every formatter renders and that
 * downstream tools parse (published as schema/report.schema.json). Built once
 * from evidence + results; formatters never decide pass, fail or severity.
 */
import { createHash } from 'node:crypto';

import type { CheckResult, Severity, Status } from '../checks/define-check.js';
import { ALL_CHECKS } from '../checks/index.js';
import type { Suppression } from '../config/schema.js';
import type { Baseline, BaselineEntry } from './baseline.js';
import { compareWithBaseline } from './baseline.js';
import type { Rating } from './rating.js';
import { computeRating } from './rating.js';
import type { SuppressionMark, SuppressionSummary } from './suppress.js';
import { applySuppressions } from './suppress.js';
import { summarize } from './summary.js';
import type {
  Evidence,
  HttpExchange,
  Mode,
  RevisionSource,
  TargetClass,
  Transport,
} from '../evidence/types.js';
import { CATALOGUE_VERSION } from '../spec/catalogue.js';
import type { Revision } from '../spec/revisions.js';

export const REPORT_SCHEMA_VERSION = '1.0.0';

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
}

export interface ReportCheck {
  readonly id: string;
  readonly title: string;
  readonly severity: Severity;
  readonly keyword: string;
  readonly mode: string;
  readonly remediation: string;
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
  readonly settings: { readonly tokenSupplied: boolean; readonly allowPrivate: boolean };
  readonly rating: Rating;
  readonly suppressions: SuppressionSummary;
  readonly baseline: BaselineSummary | null;
  readonly results: readonly ReportResult[];
  readonly checks: readonly ReportCheck[];
  readonly exchanges: readonly HttpExchange[];
}

/** Doc pages ship in the package and the repository at this relative path. */
export const DOCS_PATH = 'docs/checks';

export function fingerprint(
  checkId: string,
  targetUrl: string,
  location: string,
  key: string | null,
): string {
  return createHash('sha256')
    .update(`${checkId}\u0000${targetUrl}\u0000${location}\u0000${key ?? ''}`)
    .digest('hex')
    .slice(0, 32);
}

function outcomeOf(cls: TargetClass): Outcome {
  switch (cls) {
    case 'reachable':
      return 'graded';
    case 'unreachable':
      return 'unreachable';
    case 'not_mcp':
      return 'not-mcp';
    case 'redirected':
      return 'redirect';
  }
}

export function buildReport(
  ev: Evidence,
  results: readonly CheckResult[],
  opts: ReportOptions = {},
): ScanReport {
  const titles = new Map(ALL_CHECKS.map((c) => [c.meta.id as string, c.meta.title]));
  // A dual-era server has one result per era for the same location and key: the era tells them apart.
  const eras = ev.detection.revision.eras;
  const dualEra = eras.includes('modern') && eras.includes('legacy');
  const reportResults: ReportResult[] = results.map((r) => ({
    ...r,
    era: r.era ?? null,
    title: titles.get(r.checkId) ?? r.checkId,
    fingerprint: fingerprint(
      r.checkId,
      ev.target.url,
      r.location,
      dualEra && r.era ? `${r.key ?? ''}\u0000${r.era}` : r.key,
    ),
    suppression: null,
  }));
  const used = new Set(results.map((r) => r.checkId));
  const checks: ReportCheck[] = ALL_CHECKS.filter((c) => used.has(c.meta.id)).map((c) => ({
    id: c.meta.id,
    title: c.meta.title,
    severity: c.meta.severity,
    keyword: c.meta.keyword,
    mode: c.meta.mode,
    remediation: c.meta.remediation,
    citations: c.meta.citations.map((x) => ({ key: x.key, url: x.url })),
    docs: `${DOCS_PATH}/${c.meta.id}.md`,
  }));
  const r = ev.detection.revision;
  const base: Unrated = {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: ev.tool.name, version: ev.tool.version, catalogueVersion: CATALOGUE_VERSION },
    generatedAt: ev.startedAt,
    durationMs: ev.durationMs,
    mode: ev.settings.mode,
    target: {
      url: ev.target.url,
      transport: ev.detection.transport,
      scope: ev.target.scope,
      class: ev.detection.targetClass,
      authWall: ev.detection.authWall,
      authInUse: ev.auth.inUse,
      revision: {
        value: r.value,
        source: r.source,
        candidates: r.candidates,
        known: r.known,
        eras: r.eras,
        how: r.how,
      },
    },
    outcome: outcomeOf(ev.detection.targetClass),
    summary: summarize(reportResults),
    settings: { tokenSupplied: ev.settings.tokenSupplied, allowPrivate: ev.settings.allowPrivate },
    suppressions: { applied: 0, expired: [], unused: [] },
    baseline: null,
    results: reportResults,
    checks,
    exchanges: ev.exchanges,
  };
  return finalize(base, opts);
}

/** Suppressions, then the grade (which ignores suppressed fails), then the baseline comparison. */
function finalize(base: Unrated, opts: ReportOptions): ScanReport {
  const suppressed = applySuppressions(base, opts.suppressions ?? [], opts.now ?? new Date(), {
    targetName: opts.targetName ?? null,
  }).report;
  const rated: ScanReport = {
    ...suppressed,
    rating: computeRating(suppressed, { tokenSupplied: base.settings.tokenSupplied }),
  };
  if (!opts.baseline) return rated;
  const cmp = compareWithBaseline(rated, opts.baseline.data, { targetName: opts.targetName ?? null });
  return {
    ...rated,
    baseline: {
      file: opts.baseline.file,
      newFailures: cmp.newFailures.map((x) => x.fingerprint),
      expectedFailures: cmp.expectedFailures.map((x) => x.fingerprint),
      stale: cmp.stale,
      unverifiable: cmp.unverifiable,
    },
  };
}
