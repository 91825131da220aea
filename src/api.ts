/**
 * `scan()` runs the probes and the checks, `evaluate()` re-runs the checks on saved evidence.
 * Both return the same report model the CLI renders. The library entry (./index.ts) re-exports
 * them with the renderers and the bundle reader; the CLI imports this module instead, so a scan
 * loads only the renderers it writes.
 */
import type { CheckResult } from './checks/define-check.js';
import { evaluateAll } from './engine/run.js';
import type { Evidence } from './evidence/types.js';
import type { CollectOptions } from './probe/scan.js';
import { collectEvidence } from './probe/scan.js';
import type { StdioScanOptions } from './probe/stdio/collect.js';
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

/**
 * Launches a local stdio server and scans it (docs/stdio.md): the command runs with a scrubbed
 * environment and a throwaway HOME, and everything it started is ended at the end. With
 * `sandbox: true` it runs in the sandbox or not at all (`SandboxUnavailable` is thrown before
 * anything is launched). Loaded lazily, so an HTTP scan does not load the stdio runner.
 */
export async function scanStdio(opts: StdioScanOptions, reportOpts: ReportOptions = {}): Promise<ScanOutput> {
  const { collectStdioEvidence } = await import('./probe/stdio/collect.js');
  return evaluate(await collectStdioEvidence(opts), reportOpts);
}

/** Re-runs the checks on evidence (live or from a saved bundle); suppressions and a baseline are optional. */
export function evaluate(evidence: Evidence, reportOpts: ReportOptions = {}): ScanOutput {
  const results = evaluateAll(evidence);
  return { evidence, results, report: buildReport(evidence, results, reportOpts) };
}
