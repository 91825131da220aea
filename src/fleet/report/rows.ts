/**
 * The per-target table's rows: their order (worst first: not graded, then F up to A+, then by
 * the severest failing counts, then by name) and, for a run that keeps no database, a row built
 * from a finished target's record and report.
 */
import type { ScanOutput } from '../../api.js';
import type { ScanRecord } from '../record.js';
import type { RowDrift, SeverityCounts, TargetRow } from './model.js';
import { SEVERITY_KEYS } from './model.js';

const GRADE_RANK: Readonly<Record<string, number>> = { F: 1, D: 2, C: 3, B: 4, A: 5, 'A+': 6 };

/** 0 for a target not graded, then 1 (F) to 6 (A+). */
export const gradeRank = (grade: string | null): number => (grade === null ? 0 : (GRADE_RANK[grade] ?? 0));

/** The label of a row's grade column: the letter, or `N/G`. */
export const gradeLabel = (r: TargetRow): string => r.grade ?? 'N/G';

/** A row's display name: the name its source gave, else its identity. */
export const rowName = (r: TargetRow): string => r.name ?? r.target;

export function sortRows(rows: readonly TargetRow[]): TargetRow[] {
  return [...rows].sort((a, b) => {
    const rank = gradeRank(a.grade) - gradeRank(b.grade);
    if (rank !== 0) return rank;
    for (const k of SEVERITY_KEYS) if (a.failing[k] !== b.failing[k]) return b.failing[k] - a.failing[k];
    return rowName(a).localeCompare(rowName(b)) || a.target.localeCompare(b.target);
  });
}

/** Failing results that no suppression accepted, by severity. */
export function failingOf(out: ScanOutput): SeverityCounts {
  const c = { critical: 0, high: 0, medium: 0, low: 0, info: 0 };
  for (const r of out.report.results)
    if (r.status === 'fail' && r.suppression === null && r.severity) c[r.severity]++;
  return c;
}

const NONE: SeverityCounts = { critical: 0, high: 0, medium: 0, low: 0, info: 0 };

/** The row of a finished target; `out` is null for a scan that could not run to its end. */
export function rowOf(
  record: ScanRecord,
  out: ScanOutput | null,
  report: string,
  drift: RowDrift | null,
): TargetRow {
  const t = record.target;
  return {
    target: t.url,
    name: t.name,
    source: t.source,
    client: t.client ?? null,
    configFile: t.configFile ?? null,
    outcome: record.outcome,
    cause: record.detail,
    grade: record.outcome === 'graded' ? record.grade : null,
    failing: out ? failingOf(out) : NONE,
    drift,
    report,
  };
}
