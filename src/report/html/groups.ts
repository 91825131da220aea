/**
 * How the Markdown and HTML reports group results. Grouping only: status and
 * severity come from the report as they are.
 */
import type { Status } from '../../checks/define-check.js';
import { SEVERITIES } from '../../checks/define-check.js';
import type { ReportResult, ScanReport } from '../model.js';

const CHECK_ID = /^MCPP-([A-Z]+)\d+$/;

/** True for a well-formed check ID, the only kind that gets a doc link or a family. */
export function isCheckId(id: string): boolean {
  return CHECK_ID.test(id);
}

/** `MCPP-TRN12` → `TRN`; `other` for anything unexpected. */
export function familyOf(checkId: string): string {
  return CHECK_ID.exec(checkId)?.[1] ?? 'other';
}

function severityRank(r: ReportResult): number {
  const i = r.severity ? SEVERITIES.indexOf(r.severity) : -1;
  return i === -1 ? SEVERITIES.length : i;
}

/** Results with one of the statuses, most severe first, then by check ID, key and location. */
export function resultsWith(report: ScanReport, ...statuses: Status[]): ReportResult[] {
  return report.results
    .filter((r) => statuses.includes(r.status))
    .sort(
      (a, b) =>
        severityRank(a) - severityRank(b) ||
        a.checkId.localeCompare(b.checkId) ||
        (a.key ?? '').localeCompare(b.key ?? '') ||
        a.location.localeCompare(b.location),
    );
}

/** Checks with at least one pass and nothing but passes and not-applicables. */
export function passedCheckIds(report: ScanReport): string[] {
  return checkIdsWhere(
    report,
    (ss) => ss.includes('pass') && ss.every((s) => s === 'pass' || s === 'not_applicable'),
  );
}

function checkIdsWhere(report: ScanReport, pred: (statuses: Status[]) => boolean): string[] {
  const byId = new Map<string, Status[]>();
  for (const r of report.results) byId.set(r.checkId, [...(byId.get(r.checkId) ?? []), r.status]);
  return [...byId].filter(([, ss]) => pred(ss)).map(([id]) => id);
}

/** How a baseline or suppression entry names its finding: `MCPP-TRN12:local-open at endpoint`. */
export function entryRef(e: {
  readonly check: string;
  readonly key?: string;
  readonly location?: string;
}): string {
  return `${e.check}${e.key !== undefined ? `:${e.key}` : ''}${e.location !== undefined ? ` at ${e.location}` : ''}`;
}
