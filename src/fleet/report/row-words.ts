/** A per-target row's outcome and drift in words, the same in every format. */
import type { TargetRow } from './model.js';

/** `graded`, or the outcome and why: `unreachable: nothing accepts connections there (…)`. */
export function outcomeWords(t: TargetRow): string {
  if (t.outcome === 'graded') return t.cause ? `graded (${t.cause})` : 'graded';
  return t.cause ? `${t.outcome}: ${t.cause}` : t.outcome;
}

/** What changed since the target's scan in the previous run. */
export function driftWords(t: TargetRow): string {
  const d = t.drift;
  if (d === null) return 'no earlier run';
  if (d.previous === null) return 'first scan';
  const now = t.grade ?? t.outcome;
  const parts: string[] = [];
  if (d.previous !== now) parts.push(`was ${d.previous}`);
  if (d.newFindings) parts.push(`${d.newFindings} new`);
  if (d.fixedFindings) parts.push(`${d.fixedFindings} fixed`);
  if (d.surfaceChanges) parts.push(`${d.surfaceChanges} surface change${d.surfaceChanges > 1 ? 's' : ''}`);
  return parts.length ? parts.join(', ') : 'no change';
}
