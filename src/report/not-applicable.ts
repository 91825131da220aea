/**
 * The "NOT APPLICABLE" block at a glance: about a hundred checks do not apply to a typical target,
 * for a handful of reasons. They are grouped by reason, in words (`84  the target uses no
 * authorization`), largest group first and then by label, so the order never depends on the order
 * of the results; `--verbose` and the other formats keep the full list.
 */
import { escapeTerminalLine } from '../escape/terminal.js';
import type { ReportResult, ScanReport } from './model.js';

export interface NotApplicableGroup {
  readonly label: string;
  readonly checkIds: readonly string[];
}

/** Check IDs all of whose results are not applicable, in report order, with their first result. */
export function notApplicableChecks(report: ScanReport): { id: string; result: ReportResult }[] {
  const byCheck = new Map<string, ReportResult[]>();
  for (const r of report.results) {
    const list = byCheck.get(r.checkId);
    if (list) list.push(r);
    else byCheck.set(r.checkId, [r]);
  }
  return [...byCheck]
    .filter(([, rs]) => rs.every((r) => r.status === 'not_applicable'))
    .map(([id, rs]) => ({ id, result: rs[0]! }));
}

/** What the engine's standard results say they apply to (`Applies to X; …`), when they say it. */
function appliesTo(message: string): string | null {
  return /^Applies to ([^;]+);/.exec(message)?.[1] ?? null;
}

/** One short label per reason; feature-specific reasons keep the check's own words. */
function labelOf(r: ReportResult): string {
  if (r.reason === 'revision') {
    const to = appliesTo(r.message);
    return to ? `the server does not speak ${to}` : 'not for the revision the server speaks';
  }
  if (r.reason === 'transport') {
    const to = appliesTo(r.message);
    return to ? `the target does not speak ${to}` : 'not for the transport the target speaks';
  }
  if (r.reason === 'no_auth') return 'the target uses no authorization';
  return r.message;
}

export function groupNotApplicable(report: ScanReport): NotApplicableGroup[] {
  const groups = new Map<string, string[]>();
  for (const { id, result } of notApplicableChecks(report)) {
    const label = labelOf(result);
    groups.set(label, [...(groups.get(label) ?? []), id]);
  }
  return [...groups]
    .map(([label, checkIds]) => ({ label, checkIds }))
    .sort((a, b) => b.checkIds.length - a.checkIds.length || a.label.localeCompare(b.label));
}

/** The block's lines (heading included), or none when every check applied. */
export function notApplicableLines(report: ScanReport, verbose: boolean): string[] {
  const checks = notApplicableChecks(report);
  if (checks.length === 0) return [];
  const heading = `NOT APPLICABLE (${checks.length})`;
  if (verbose) return [heading, `  ${checks.map((c) => c.id).join(' ')}`];
  const lines = groupNotApplicable(report).map(
    (g) => `  ${String(g.checkIds.length).padStart(3)}  ${escapeTerminalLine(g.label)}`,
  );
  return [`${heading}; --verbose lists them`, ...lines];
}
