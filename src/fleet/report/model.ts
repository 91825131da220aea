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

/** Failing results (not suppressed) by severity. */
export interface SeverityCounts {
  readonly critical: number;
  readonly high: number;
  readonly medium: number;
  readonly low: number;
  readonly info: number;
}

export const SEVERITY_KEYS = ['critical', 'high', 'medium', 'low', 'info'] as const;

/** One target against its scan in the previous run. */
export interface RowDrift {
  /** Its grade then (an outcome such as `unreachable` when it was not graded); null when it was not in that run. */
  readonly previous: string | null;
  /** Findings failing now that did not fail then (both scans graded). */
  readonly newFindings: number;
  readonly fixedFindings: number;
  /** Tools, prompts and resources added, removed or changed. */
  readonly surfaceChanges: number;
}

/** One line per target: who it is, what happened, how it stands, what changed, where its report is. */
export interface TargetRow {
  /** The target's identity: its canonical URL, or `stdio:` and its command line. */
  readonly target: string;
  /** The name its source gave it (config, targets file, registry or client server name). */
  readonly name: string | null;
  readonly source: string;
  /** Discovered servers: the client and the configuration file that list it. */
  readonly client: string | null;
  readonly configFile: string | null;
  readonly outcome: string;
  /** Why it was not graded, in words (or the grade's qualifier). */
  readonly cause: string | null;
  /** The rating letter; null when not graded. */
  readonly grade: string | null;
  readonly failing: SeverityCounts;
  /** Null when there is no previous run to compare with. */
  readonly drift: RowDrift | null;
  /** The target's report file beside the table, without extension (`--output-dir`). */
  readonly report: string;
}

/** One run of the history, for the trend chart: targets by grade (`N/G`: not graded). */
export interface RunTrend {
  readonly id: string;
  readonly startedAt: string;
  readonly grades: readonly { readonly grade: string; readonly count: number }[];
}

export interface FleetReport {
  readonly generatedAt: string;
  readonly run: RunRef;
  readonly previous: RunRef | null;
  /** Outcome → targets, e.g. graded 180, unreachable 12. */
  readonly outcomes: Readonly<Record<string, number>>;
  /** Grade letter → targets, best first, then `N/G`: the targets not graded. */
  readonly grades: readonly { readonly grade: string; readonly count: number }[];
  readonly topFailing: readonly FailingCheck[];
  readonly newFindings: Limited<Finding>;
  readonly fixedFindings: Limited<Finding>;
  readonly drift: Limited<TargetDrift>;
  readonly notGraded: Limited<NotGraded>;
  /** One row per target of the run, worst first. */
  readonly targets: Limited<TargetRow>;
  /** The latest runs up to this one, oldest first. */
  readonly trend: readonly RunTrend[];
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
