/**
 * Two reports of one target, compared: which failures are new, which are
 * fixed, which persist, and how the grade moved. Results are matched by
 * fingerprint, falling back to check ID + location + key (the fingerprint also
 * hashes the target URL, which may differ between runs, e.g. a new port).
 */
import { SEVERITIES } from '../checks/define-check.js';
import { escapeTerminalLine } from '../escape/terminal.js';
import type { ReportResult, ScanReport } from './model.js';
import { computeRating, formatGrade } from './rating.js';

export interface ReportDiff {
  /** Failing now, not failing before (new-report results). */
  readonly new: readonly ReportResult[];
  /** Failing before; now passing, not applicable or gone (old-report results). */
  readonly fixed: readonly ReportResult[];
  /** Failing in both (new-report results). */
  readonly unchanged: readonly ReportResult[];
  /** Failing before; now inconclusive, errored or not run: not a fix (old-report results). */
  readonly unverifiable: readonly ReportResult[];
  /** Formatted letters, e.g. `C?` → `B`. */
  readonly gradeChange: { readonly from: string; readonly to: string };
  readonly targets: { readonly from: string; readonly to: string };
}

const slot = (r: ReportResult) => `${r.checkId}\u0000${r.location}\u0000${r.key ?? ''}`;
const undecided = (r: ReportResult) => r.status === 'inconclusive' || r.status === 'error';

function indexer(results: readonly ReportResult[]): (r: ReportResult) => ReportResult | undefined {
  const byFp = new Map(results.map((r) => [r.fingerprint, r]));
  const bySlot = new Map(results.map((r) => [slot(r), r]));
  return (r) => byFp.get(r.fingerprint) ?? bySlot.get(slot(r));
}

const bySeverity = (a: ReportResult, b: ReportResult) =>
  SEVERITIES.indexOf(a.severity ?? 'info') - SEVERITIES.indexOf(b.severity ?? 'info') ||
  a.checkId.localeCompare(b.checkId) ||
  a.location.localeCompare(b.location);

/** Compares fail results as reported; suppressions change the grade, not the lists. */
export function diffReports(oldReport: ScanReport, newReport: ScanReport): ReportDiff {
  const inOld = indexer(oldReport.results);
  const inNew = indexer(newReport.results);
  const newFails = newReport.results.filter((r) => r.status === 'fail');
  const fixed: ReportResult[] = [];
  const unverifiable: ReportResult[] = [];
  for (const r of oldReport.results.filter((x) => x.status === 'fail')) {
    const now = inNew(r);
    if (now?.status === 'fail') continue;
    const check = newReport.results.filter((x) => x.checkId === r.checkId);
    const cannotTell =
      newReport.outcome !== 'graded' ||
      (now !== undefined ? undecided(now) : check.length === 0 || check.some(undecided));
    (cannotTell ? unverifiable : fixed).push(r);
  }
  return {
    new: newFails.filter((r) => inOld(r)?.status !== 'fail').sort(bySeverity),
    fixed: fixed.sort(bySeverity),
    unchanged: newFails.filter((r) => inOld(r)?.status === 'fail').sort(bySeverity),
    unverifiable: unverifiable.sort(bySeverity),
    gradeChange: {
      from: formatGrade(computeRating(oldReport)),
      to: formatGrade(computeRating(newReport)),
    },
    targets: { from: oldReport.target.url, to: newReport.target.url },
  };
}

function line(mark: string, r: ReportResult): string {
  const where = `${r.location}${r.key ? ` (${r.key})` : ''}`;
  return `  ${mark} ${r.checkId} [${r.severity ?? r.status}] ${escapeTerminalLine(where)}: ${escapeTerminalLine(r.title)}`;
}

function section(title: string, mark: string, rs: readonly ReportResult[]): string[] {
  return rs.length ? [`${title} (${rs.length}):`, ...rs.map((r) => line(mark, r))] : [];
}

/** Plain text, one finding per line; server-derived strings are escaped for the terminal. */
export function renderDiffText(diff: ReportDiff): string {
  const { from, to } = diff.gradeChange;
  const lines = [
    diff.targets.from === diff.targets.to
      ? `Target: ${escapeTerminalLine(diff.targets.to)}`
      : `Targets: ${escapeTerminalLine(diff.targets.from)} -> ${escapeTerminalLine(diff.targets.to)}`,
    from === to ? `Grade: ${to} (unchanged)` : `Grade: ${from} -> ${to}`,
    `${diff.new.length} new, ${diff.fixed.length} fixed, ${diff.unchanged.length} unchanged, ${diff.unverifiable.length} unverifiable`,
    ...section('New failures', '+', diff.new),
    ...section('Fixed', '-', diff.fixed),
    ...section('No longer verifiable (inconclusive, errored or not run)', '?', diff.unverifiable),
    ...section('Unchanged failures', '=', diff.unchanged),
  ];
  return lines.join('\n') + '\n';
}
