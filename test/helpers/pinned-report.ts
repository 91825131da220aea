/**
 * The one report fixture of the report tests: the demo evidence bundle (a
 * deliberately weak server whose tool text is hostile), parsed once, and the
 * report built from it once with the clock pinned to the golden examples'
 * (docs/examples/). `generatedAt` and `durationMs` stay the bundle's, as
 * `mcp-posture evaluate` prints them; the examples pin those two as well, and
 * test/report/pinned-report.test.ts holds the rest of the two reports equal.
 * Everything here is frozen: a test that edits the shared report in place
 * throws instead of leaking into the next test. Variants are copies, made with
 * the editing helpers below or the hostile variants in ./hostile-report.ts.
 */
import { readFileSync } from 'node:fs';

import type { CheckId, Reason, Severity, Status } from '../../src/checks/define-check.js';
import type { Evidence, ExchangeId } from '../../src/evidence/types.js';
import { evaluate, parseEvidence } from '../../src/index.js';
import type { ReportResult, ScanReport } from '../../src/report/model.js';
import { fingerprint } from '../../src/report/build-report.js';
import { summarize } from '../../src/report/summary.js';
import { EXAMPLE_BUNDLE } from '../../src/tools/gen-examples.js';

/** The bundle, relative to the repository root (as the CLI and the example generator read it). */
export const DEMO_EVIDENCE_PATH = EXAMPLE_BUNDLE;
const DEMO_FILE = new URL(`../../${EXAMPLE_BUNDLE}`, import.meta.url);

/** The clock src/tools/gen-examples.ts pins for docs/examples/ (it decides suppression expiry). */
export const PINNED_NOW = new Date('2026-01-01T00:00:00.000Z');

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

let evidence: Evidence | null = null;
let report: ScanReport | null = null;

/** The demo bundle's raw JSON text. */
export function demoEvidenceText(): string {
  return readFileSync(DEMO_FILE, 'utf8');
}

/** The demo evidence, parsed once per test file. */
export function demoEvidence(): Evidence {
  evidence ??= deepFreeze(parseEvidence(demoEvidenceText()));
  return evidence;
}

/** The demo report with every registered check; built once per test file. */
export function demoReport(): ScanReport {
  report ??= deepFreeze(evaluate(demoEvidence(), { now: PINNED_NOW }).report);
  return report;
}

/**
 * The demo's checks when the rating, suppression, diff and baseline tests were
 * written: checks registered later must not shift their expectations.
 */
export const ORIGINAL_DEMO_CHECKS: ReadonlySet<string> = new Set(
  [
    'TRN01 TRN02 TRN03 TRN04 TRN05 TRN06 TRN07 TRN08 TRN11 TRN12 TRN13 TRN14 TRN16',
    'LEG01 LEG02 LEG03 LEG04 LEG05 LEG06 LEG07 LEG08 LEG09 LEG10 LEG11 LEG12 LEG13 LEG14',
    'LEG20 LEG21 LEG22 LEG23 LEG24 ACT01 ACT05 ACT10 ERR00',
  ]
    .join(' ')
    .split(' ')
    .map((id) => `MCPP-${id}`),
);

/** The demo report cut down to `checks` (results, check list and summary); the rating is the full report's. */
export function demoReportOf(checks: ReadonlySet<string> = ORIGINAL_DEMO_CHECKS): ScanReport {
  const full = demoReport();
  const results = full.results.filter((r) => checks.has(r.checkId));
  return {
    ...full,
    summary: summarize(results),
    results,
    checks: full.checks.filter((c) => checks.has(c.id)),
  };
}

// ---------------------------------------------------------------------------
// Editing helpers: each returns a new report and leaves its input alone.
// ---------------------------------------------------------------------------

/** The report with `f` applied to every result. */
export function editResults(r: ScanReport, f: (x: ReportResult) => ReportResult): ScanReport {
  return { ...r, results: r.results.map(f) };
}

/** The report with every result of one check set to a status (severity cleared). */
export function setStatus(
  r: ScanReport,
  checkId: string,
  status: Status,
  reason: Reason | null = null,
): ScanReport {
  return editResults(r, (x) => (x.checkId === checkId ? { ...x, status, severity: null, reason } : x));
}

export interface ResultSpec {
  readonly checkId: string;
  readonly status: Status;
  readonly message: string;
  readonly severity?: Severity;
  readonly reason?: Reason;
  readonly location?: string;
  readonly key?: string | null;
  readonly evidence?: readonly ExchangeId[];
  readonly condition?: string | null;
}

/** A result of `report`'s target (a fail defaults to high severity; evidence to `x1`). */
export function makeResult(report: ScanReport, s: ResultSpec): ReportResult {
  const location = s.location ?? 'endpoint';
  const key = s.key ?? null;
  return {
    checkId: s.checkId as CheckId,
    title: report.checks.find((c) => c.id === s.checkId)?.title ?? s.checkId,
    status: s.status,
    severity: s.status === 'fail' ? (s.severity ?? 'high') : null,
    confidence: 'high',
    location,
    key,
    reason: s.reason ?? null,
    message: s.message,
    evidence: s.evidence ?? ['x1'],
    revisionsEvaluated: [],
    revisionsFailed: [],
    condition: s.condition ?? null,
    fingerprint: fingerprint(s.checkId, report.target.url, location, key),
    suppression: null,
  };
}

/** The report with one check's results replaced, in the place the check had. */
export function replaceResults(
  report: ScanReport,
  checkId: string,
  results: readonly ResultSpec[],
): ScanReport {
  const at = report.results.findIndex((r) => r.checkId === checkId);
  const rest = report.results.filter((r) => r.checkId !== checkId);
  const fresh = results.map((s) => makeResult(report, { ...s, checkId }));
  return { ...report, results: [...rest.slice(0, at), ...fresh, ...rest.slice(at)] };
}

/**
 * The same scan taken again: new timestamps, new exchange IDs and reworded
 * messages, same checks, targets, locations and keys.
 */
export function rescan(report: ScanReport): ScanReport {
  return {
    ...report,
    generatedAt: '2031-01-02T03:04:05.678Z',
    durationMs: report.durationMs + 1234,
    results: report.results.map((r) => ({
      ...r,
      message: `${r.message} (again)`,
      evidence: r.evidence.map((id): ExchangeId => `x${Number(id.slice(1)) + 1000}`),
    })),
  };
}

/** The report as if taken of another target. */
export function retarget(report: ScanReport, url: string): ScanReport {
  return {
    ...report,
    target: { ...report.target, url },
    results: report.results.map((r) => ({
      ...r,
      fingerprint: fingerprint(r.checkId, url, r.location, r.key),
    })),
  };
}

/** The report with the LEG07 fail accepted by a suppression (reason with markup in it). */
export function withSuppressedLeg07(report: ScanReport): ScanReport {
  const results: ReportResult[] = report.results.map((r) => ({
    ...r,
    suppression:
      r.checkId === 'MCPP-LEG07' && r.status === 'fail'
        ? { reason: 'accepted <b>risk</b> | see [ticket](https://x.example)', expires: '2027-01-31' }
        : null,
  }));
  return { ...report, results, suppressions: { ...report.suppressions, applied: 1 } };
}
