/** How a change is graded: the severity scale of the semantic diff, and one definition change. */
import type { JudgedSeverity } from './text-judge.js';

export type ChangeSeverity = JudgedSeverity;

const RANK: readonly ChangeSeverity[] = ['critical', 'high', 'medium', 'low', 'info'];
export const worst = (list: readonly ChangeSeverity[]): ChangeSeverity | null =>
  RANK.find((r) => list.includes(r)) ?? null;
export const higher = (a: ChangeSeverity | null, b: ChangeSeverity | null): boolean =>
  a !== null && (b === null || RANK.indexOf(a) < RANK.indexOf(b));

/** One reason a definition differs, with its severity and result key. */
export interface DefinitionChange {
  readonly key: string;
  readonly severity: ChangeSeverity;
  readonly what: string;
}
