/**
 * The per-check summary of a report: each check counted once, by the
 * precedence of its results (docs/model/outcomes.md#one-status-per-check), suppressed fails excluded.
 */
import type { Severity, Status } from '../checks/define-check.js';
import { SEVERITIES } from '../checks/define-check.js';
import { summaryStatus } from '../engine/merge-revisions.js';
import type { ReportResult, ScanReport } from './model.js';

export function isSuppressed(r: ReportResult): boolean {
  return r.suppression !== null;
}

export function groupByCheck<R extends ReportResult>(results: readonly R[]): Map<string, R[]> {
  const out = new Map<string, R[]>();
  for (const r of results) {
    const list = out.get(r.checkId);
    if (list) list.push(r);
    else out.set(r.checkId, [r]);
  }
  return out;
}

/** One status per check (docs/model/outcomes.md#one-status-per-check), over one check's results. */
export function checkStatus(results: readonly ReportResult[]): Status {
  return summaryStatus(results.map((r) => r.status));
}

export function summarize(results: readonly ReportResult[]): ScanReport['summary'] {
  const byStatus: Record<Status, number> = { pass: 0, fail: 0, not_applicable: 0, inconclusive: 0, error: 0 };
  const failsBySeverity = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<Severity, number>;
  const perCheck = groupByCheck(results.filter((r) => !isSuppressed(r)));
  for (const rs of perCheck.values()) {
    const status = checkStatus(rs);
    byStatus[status]++;
    if (status !== 'fail') continue;
    const sev = SEVERITIES.find((s) => rs.some((r) => r.status === 'fail' && r.severity === s));
    if (sev) failsBySeverity[sev]++;
  }
  return { checks: perCheck.size, byStatus, failsBySeverity };
}
