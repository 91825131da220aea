import type { Severity } from '../checks/define-check.js';
import { SEVERITIES } from '../checks/define-check.js';
import type { ReportResult, ScanReport } from '../report/model.js';
import type { MinGrade } from '../report/rating.js';
import { gradeAtLeast } from '../report/rating.js';

export const EXIT = { ok: 0, findings: 1, usage: 2, scanFailed: 3, historyFailed: 4 } as const;

export interface GateOptions {
  readonly failOn: Severity | 'none';
  readonly minGrade?: MinGrade | null;
  /** `--fail-on-client`: the client profiles whose `blocked` cell fails the gate. */
  readonly failOnClient?: readonly string[];
}

function atOrAbove(r: ReportResult, failOn: Severity | 'none'): boolean {
  if (failOn === 'none' || r.severity === null) return false;
  return SEVERITIES.indexOf(r.severity) <= SEVERITIES.indexOf(failOn);
}

/**
 * The gate: 3 when the scan could not be done (unreachable, not MCP, redirected);
 * 1 when a client named by `failOnClient` is blocked, or an unsuppressed failure is at or above the threshold — with a baseline,
 * only new failures count and any stale entry fails — or the grade is below
 * `minGrade`; 0 otherwise.
 */
export function exitCodeFor(report: ScanReport, gate: GateOptions): number {
  if (report.outcome !== 'graded') return EXIT.scanFailed;
  if (blockedClient(report, gate.failOnClient ?? [])) return EXIT.findings;
  const counted = report.results.filter((r) => r.status === 'fail' && r.suppression === null);
  let failing: readonly ReportResult[] = counted;
  if (report.baseline) {
    if (report.baseline.stale.length > 0) return EXIT.findings;
    const fresh = new Set(report.baseline.newFailures);
    failing = counted.filter((r) => fresh.has(r.fingerprint));
  }
  if (failing.some((r) => atOrAbove(r, gate.failOn))) return EXIT.findings;
  if (gate.minGrade && !gradeAtLeast(report.rating.letter, gate.minGrade)) return EXIT.findings;
  return EXIT.ok;
}

/** A client named by `--fail-on-client` is blocked (suppressions and baselines do not apply to it). */
function blockedClient(report: ScanReport, named: readonly string[]): boolean {
  return (report.clients ?? []).some((c) => c.verdict === 'blocked' && named.includes(c.id));
}

/** Several targets: the worst code wins (3 over 1 over 0). */
export function combineExitCodes(codes: readonly number[]): number {
  if (codes.includes(EXIT.scanFailed)) return EXIT.scanFailed;
  if (codes.includes(EXIT.findings)) return EXIT.findings;
  return EXIT.ok;
}
