/**
 * Library entry: `scan()` runs the probes and the checks, `evaluate()` re-runs
 * the checks on saved evidence. Both return the same report model the CLI
 * renders.
 */
import type { CheckResult } from './checks/define-check.js';
import { evaluateAll } from './engine/run.js';
import type { Evidence } from './evidence/types.js';
import type { CollectOptions } from './probe/scan.js';
import { collectEvidence } from './probe/scan.js';
import type { ReportOptions, ScanReport } from './report/model.js';
import { buildReport } from './report/build-report.js';

export interface ScanOutput {
  readonly evidence: Evidence;
  readonly results: readonly CheckResult[];
  readonly report: ScanReport;
}

export async function scan(opts: CollectOptions, reportOpts: ReportOptions = {}): Promise<ScanOutput> {
  const evidence = await collectEvidence(opts);
  return evaluate(evidence, reportOpts);
}

/** Re-runs the checks on evidence (live or from a saved bundle); suppressions and a baseline are optional. */
export function evaluate(evidence: Evidence, reportOpts: ReportOptions = {}): ScanOutput {
  const results = evaluateAll(evidence);
  return { evidence, results, report: buildReport(evidence, results, reportOpts) };
}

export type { CollectOptions } from './probe/scan.js';
export type { Evidence } from './evidence/types.js';
export type { CheckResult, Severity, Status } from './checks/define-check.js';
export type { ReportOptions, ScanReport } from './report/model.js';
export { FORMATS, FORMAT_NAMES } from './report/formats.js';
export { computeRating, RATING_POLICY } from './report/rating.js';
export { diffReports } from './report/diff.js';
export { ALL_CHECKS, findCheck } from './checks/index.js';
export { parseEvidence, serializeEvidence } from './evidence/bundle.js';
export { renderText } from './report/text.js';
export { renderJson } from './report/json.js';
export { buildPlan } from './probe/plan.js';
