/** The fleet report and the history of one target: plain data, rendered by ./render-*.ts. */

export interface RunRef {
  readonly id: string;
  readonly startedAt: string;
  readonly source: string;
  readonly mode: string;
  readonly shardCount: number;
  /** Targets this run holds. */
  readonly scans: number;
}

export interface Finding {
  readonly url: string;
  readonly checkId: string;
  readonly severity: string | null;
  readonly location: string;
  readonly message: string;
}

export interface Limited<T> {
  readonly items: readonly T[];
  /** All there are; `items` may hold fewer. */
  readonly total: number;
}

export interface DriftItem {
  readonly kind: string;
  readonly name: string;
  readonly change: 'added' | 'removed' | 'changed';
}

export interface TargetDrift {
  readonly url: string;
  readonly added: number;
  readonly removed: number;
  readonly changed: number;
  /** The first few items. */
  readonly items: readonly DriftItem[];
}

export interface FailingCheck {
  readonly checkId: string;
  readonly title: string;
  readonly severity: string;
  /** Targets of the run failing it. */
  readonly targets: number;
}

export interface NotGraded {
  readonly url: string;
  readonly outcome: string;
  readonly detail: string | null;
}

export interface FleetReport {
  readonly generatedAt: string;
  readonly run: RunRef;
  readonly previous: RunRef | null;
  /** Outcome → targets, e.g. graded 180, unreachable 12. */
  readonly outcomes: Readonly<Record<string, number>>;
  /** Grade letter → targets (graded targets only), best first. */
  readonly grades: readonly { readonly grade: string; readonly count: number }[];
  readonly topFailing: readonly FailingCheck[];
  readonly newFindings: Limited<Finding>;
  readonly fixedFindings: Limited<Finding>;
  readonly drift: Limited<TargetDrift>;
  readonly notGraded: Limited<NotGraded>;
}

export interface HistoryScan {
  readonly runId: string;
  readonly startedAt: string;
  readonly outcome: string;
  readonly grade: string | null;
  readonly failCount: number;
  readonly failing: readonly {
    readonly checkId: string;
    readonly severity: string | null;
    readonly location: string;
  }[];
  /** Against the scan before it (null for the first). */
  readonly newChecks: readonly string[] | null;
  readonly fixedChecks: readonly string[] | null;
}

export interface TargetHistory {
  readonly url: string;
  readonly name: string | null;
  readonly registry: { readonly name: string; readonly version: string | null } | null;
  readonly scans: readonly HistoryScan[];
}

export const GRADE_ORDER = ['A+', 'A', 'B', 'C', 'D', 'F'] as const;
