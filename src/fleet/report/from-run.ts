/**
 * The fleet report of a run that keeps no history database (`scan --discovered`, `--no-db`, a
 * shard): built in memory from each finished target's record and report as it streams past, so
 * the run prints and writes the same per-target table as `fleet report`. Without a database there
 * is no previous run: the table's drift column says so, and the new, fixed and drift lists are empty.
 */
import type { ScanOutput } from '../../api.js';
import type { ScanRecord } from '../record.js';
import type { FailingCheck, FleetReport, Limited, NotGraded, RunRef, TargetRow } from './model.js';
import { GRADE_ORDER } from './model.js';
import { rowOf, sortRows } from './rows.js';

const TOP_CHECKS = 15;
const LIST_LIMIT = 200;

export class RunTable {
  readonly #rows: TargetRow[] = [];
  /** Check ID → its title and severity, and the targets failing it. */
  readonly #failing = new Map<string, { title: string; severity: string; targets: Set<string> }>();

  constructor(private readonly stems: ReadonlyMap<string, string>) {}

  add(record: ScanRecord, out: ScanOutput | null): void {
    const id = record.target.url;
    this.#rows.push(rowOf(record, out, this.stems.get(id) ?? 'target', null));
    for (const r of out?.report.results ?? []) {
      if (r.status !== 'fail' || r.suppression !== null) continue;
      let c = this.#failing.get(r.checkId);
      if (!c)
        this.#failing.set(
          r.checkId,
          (c = { title: r.title, severity: r.severity ?? 'unknown', targets: new Set() }),
        );
      c.targets.add(id);
    }
  }

  get size(): number {
    return this.#rows.length;
  }

  report(run: Omit<RunRef, 'scans'>, now: Date): FleetReport {
    const rows = sortRows(this.#rows);
    const outcomes: Record<string, number> = {};
    const grades = new Map<string, number>();
    for (const r of rows) {
      outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
      const g = r.grade ?? 'N/G';
      grades.set(g, (grades.get(g) ?? 0) + 1);
    }
    const topFailing: FailingCheck[] = [...this.#failing]
      .map(([checkId, c]) => ({ checkId, title: c.title, severity: c.severity, targets: c.targets.size }))
      .sort((a, b) => b.targets - a.targets || a.checkId.localeCompare(b.checkId))
      .slice(0, TOP_CHECKS);
    const notGraded = rows
      .filter((r) => r.outcome !== 'graded')
      .map((r): NotGraded => ({ url: r.target, outcome: r.outcome, detail: r.cause }));
    const none = { items: [], total: 0 };
    const limited = <T>(l: readonly T[], n: number): Limited<T> => ({
      items: l.slice(0, n),
      total: l.length,
    });
    return {
      generatedAt: now.toISOString(),
      run: { ...run, scans: rows.length },
      previous: null,
      outcomes: Object.fromEntries(Object.entries(outcomes).sort(([a], [b]) => a.localeCompare(b))),
      grades: [...GRADE_ORDER, 'N/G'].map((grade) => ({ grade, count: grades.get(grade) ?? 0 })),
      topFailing,
      newFindings: none,
      fixedFindings: none,
      drift: none,
      notGraded: limited(notGraded, LIST_LIMIT),
      targets: limited(rows, rows.length),
      trend: [],
    };
  }
}
