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
import type { ScanReport } from './report/model.js';
import { buildReport } from './report/model.js';

export interface ScanOutput {
  readonly evidence: Evidence;
  readonly results: readonly CheckResult[];
  readonly report: ScanReport;
}

export async function scan(opts: CollectOptions): Promise<ScanOutput> {
  const evidence = await collectEvidence(opts);
  return evaluate(evidence);
}

export function evaluate(evidence: Evidence): ScanOutput {
  const results = evaluateAll(evidence);
  return { evidence, results, report: buildReport(evidence, results) };
}

export type { CollectOptions } from './probe/scan.js';
export type { Evidence } from './evidence/types.js';
export type { CheckResult, Severity, Status } from './checks/define-check.js';
export type { ScanReport } from './report/model.js';
export { ALL_CHECKS, findCheck } from './checks/index.js';
export { parseEvidence, serializeEvidence } from './evidence/bundle.js';
export { renderText } from './report/text.js';
export { renderJson } from './report/json.js';
export { buildPlan } from './probe/plan.js';
