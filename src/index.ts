/**
 * Library entry: `scan()` runs the probes and the checks, `evaluate()` re-runs
 * the checks on saved evidence. Both return the same report model the CLI
 * renders.
 */
export { evaluate, scan, scanTarget } from './api.js';
export type { ScanOutput, ScanTargetOptions } from './api.js';
export type { HttpTarget, StdioTarget, Target } from './targets/target.js';
export { parseHttpTarget, stdioTarget } from './targets/target.js';
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
