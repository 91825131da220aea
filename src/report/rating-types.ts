/**
 * The grade's data (docs/rating.md): part of the report model, kept in a leaf so the model,
 * the rating computation and the renderers can all use it without an import cycle.
 */
import type { Severity } from '../checks/define-check.js';

export const RATING_POLICY = 'rating-v1';

export type Letter = 'A+' | 'A' | 'B' | 'C' | 'D' | 'F' | 'N/G';
export type ScopeLetter = Exclude<Letter, 'A+'>;
type Graded = Exclude<ScopeLetter, 'N/G'>;
/** Letters `--min-grade` accepts. */
export type MinGrade = Exclude<Letter, 'N/G'>;
export type RatingScope = 'protocol' | 'authorization';

export interface Deduction {
  readonly checkId: string;
  /** The check's highest failing severity. */
  readonly severity: Severity;
  readonly points: number;
  /** Deducted at half weight: the fail is a heuristic (confidence medium or low). */
  readonly heuristic: boolean;
  /** Set when the deduction was folded into another check's (CIMD13 with ACT07 on one AS). */
  readonly mergedInto: string | null;
}

export interface AppliedCap {
  readonly letter: Graded;
  readonly rule: string;
  readonly checks: readonly string[];
  /** Triggered only by conditional fails (docs/model/revisions.md#conditional-fails): makes the letter provisional. */
  readonly conditionalOnly: boolean;
}

export interface ScopeRating {
  readonly scope: RatingScope;
  /** N/G when no check of the scope reached a verdict. */
  readonly letter: ScopeLetter;
  readonly provisional: boolean;
  readonly score: number | null;
  readonly scoreLetter: Graded | null;
  readonly deductions: readonly Deduction[];
  readonly caps: readonly AppliedCap[];
  /** Why the letter is provisional. */
  readonly provisionalBy: readonly string[];
}

export interface Rating {
  readonly policy: typeof RATING_POLICY;
  readonly letter: Letter;
  readonly provisional: boolean;
  /** e.g. "authorization not graded", or the target class of an N/G target. */
  readonly qualifier: string | null;
  /** Tiers the letter rests on, e.g. `passive+safe`. */
  readonly basis: string;
  readonly scopes: { readonly protocol: ScopeRating; readonly authorization: ScopeRating | null };
  /** Human-readable: deductions, caps, provisional causes, what kept an A from A+. */
  readonly reasons: readonly string[];
}
