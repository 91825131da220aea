/**
 * The "NOT APPLICABLE" block of the text report at a glance: about a hundred checks do not apply
 * to a typical target, for a handful of reasons. They are grouped by family and reason
 * (`MOD (30): the server does not speak 2026-07-28`); `--verbose` and the other formats keep the
 * full list.
 */
import { escapeTerminalLine } from '../escape/terminal.js';
import type { ReportResult, ScanReport } from './model.js';

export interface NotApplicableGroup {
  /** The ID family (`MOD`, `ASM`, …). */
  readonly family: string;
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

function familyOf(checkId: string): string {
  return /^MCPP-([A-Z]+)/.exec(checkId)?.[1] ?? checkId;
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
  const groups = new Map<string, { family: string; label: string; checkIds: string[] }>();
  for (const { id, result } of notApplicableChecks(report)) {
    const family = familyOf(id);
    const label = labelOf(result);
    const key = `${family}\u0000${label}`;
    const group = groups.get(key);
    if (group) group.checkIds.push(id);
    else groups.set(key, { family, label, checkIds: [id] });
  }
  return [...groups.values()];
}

/** The block's lines (heading included), or none when every check applied. */
export function notApplicableLines(report: ScanReport, verbose: boolean): string[] {
  const checks = notApplicableChecks(report);
  if (checks.length === 0) return [];
  const heading = `NOT APPLICABLE (${checks.length})`;
  if (verbose) return [heading, `  ${checks.map((c) => c.id).join(' ')}`];
  const lines = groupNotApplicable(report).map(
    (g) => `  ${g.family} (${g.checkIds.length}): ${escapeTerminalLine(g.label)}`,
  );
  return [`${heading}; --verbose lists them`, ...lines];
}
