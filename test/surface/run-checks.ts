/** Runs the TOOL family on evidence and tallies the failing results. */
import type { CheckResult, Severity } from '../../src/checks/define-check.js';
import { TOOL_CHECKS } from '../../src/checks/tool/index.js';
import { evaluateCheck } from '../../src/engine/evaluate-check.js';
import type { Evidence } from '../../src/evidence/types.js';

export function toolFindings(ev: Evidence): CheckResult[] {
  return TOOL_CHECKS.flatMap((c) => evaluateCheck(c, ev)).filter(
    (r) => r.status === 'fail' || r.status === 'error',
  );
}

export function bySeverity(results: readonly CheckResult[]): Record<Severity, number> {
  const out: Record<Severity, number> = { critical: 0, high: 0, medium: 0, low: 0, info: 0 };
  for (const r of results) if (r.severity) out[r.severity]++;
  return out;
}
