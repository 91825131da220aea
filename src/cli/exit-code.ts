import type { Severity } from '../checks/define-check.js';
import { SEVERITIES } from '../checks/define-check.js';
import type { ScanReport } from '../report/model.js';

export const EXIT = { ok: 0, findings: 1, usage: 2, scanFailed: 3 } as const;

/**
 * The gate: 3 when the scan could not be done (unreachable, not MCP, redirected),
 * 1 when a check failed at or above the threshold, 0 otherwise.
 */
export function exitCodeFor(report: ScanReport, failOn: Severity | 'none'): number {
  if (report.outcome !== 'graded') return EXIT.scanFailed;
  if (failOn === 'none') return EXIT.ok;
  const rank = SEVERITIES.indexOf(failOn);
  const hit = report.results.some(
    (r) => r.status === 'fail' && r.severity !== null && SEVERITIES.indexOf(r.severity) <= rank,
  );
  return hit ? EXIT.findings : EXIT.ok;
}
