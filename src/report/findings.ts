/**
 * Findings: one per failing check. A check that fails at several places (keys, locations, one
 * per metadata field) is one finding that lists its places, so the header's "N fail", each
 * section's count and every format count the same thing: the check, at its highest failing
 * severity, as the summary does (./summary.ts, docs/model/outcomes.md#one-status-per-check).
 * Grouping only: every result keeps its status, severity and fingerprint; SARIF keeps one result
 * per place, which is its model.
 */
import type { Severity } from '../checks/define-check.js';
import { resultsWith } from './html/groups.js';
import type { ReportResult, ScanReport } from './model.js';

export interface Finding {
  readonly checkId: string;
  readonly title: string;
  /** The highest severity among its places: the one the summary counts the check at. */
  readonly severity: Severity | null;
  /** Its failing results, most severe first, then by key and location. */
  readonly places: readonly ReportResult[];
}

/** Fails grouped by check, in the order of their most severe place. */
export function groupFindings(fails: readonly ReportResult[]): Finding[] {
  const byCheck = new Map<string, ReportResult[]>();
  for (const r of fails) {
    const list = byCheck.get(r.checkId);
    if (list) list.push(r);
    else byCheck.set(r.checkId, [r]);
  }
  return [...byCheck.values()].map((places) => ({
    checkId: places[0]!.checkId,
    title: places[0]!.title,
    severity: places[0]!.severity,
    places,
  }));
}

/** The findings that count, and those accepted by a suppression (shown apart, counted nowhere). */
export function findingsOf(report: ScanReport): { active: Finding[]; suppressed: Finding[] } {
  // resultsWith sorts by severity first, so a finding's first place is its most severe one.
  const fails = resultsWith(report, 'fail');
  // Truthiness, not `!== null`: a report saved before suppressions existed has no field at all.
  return {
    active: groupFindings(fails.filter((r) => !r.suppression)),
    suppressed: groupFindings(fails.filter((r) => !!r.suppression)),
  };
}

/** The grouping as the JSON report writes it: each finding names its results by fingerprint. */
export interface FindingJson {
  readonly checkId: string;
  readonly title: string;
  readonly severity: Severity | null;
  readonly suppressed: boolean;
  readonly results: readonly string[];
}

export function findingsJson(report: ScanReport): FindingJson[] {
  const { active, suppressed } = findingsOf(report);
  const row = (f: Finding, isSuppressed: boolean): FindingJson => ({
    checkId: f.checkId,
    title: f.title,
    severity: f.severity,
    suppressed: isSuppressed,
    results: f.places.map((r) => r.fingerprint),
  });
  return [...active.map((f) => row(f, false)), ...suppressed.map((f) => row(f, true))];
}
