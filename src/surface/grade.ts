/**
 * Grading one item's clause readings: each family's rule raises the item to the severity it
 * warrants, and the deciding family is the one that raised it highest (./signals.ts combines the
 * result with the confidence and the excerpts).
 */
import type { ClauseReading, Family, JudgeContext, JudgedSeverity } from './reading.js';
import { gradeHiddenOrders } from './hidden-orders.js';
import { gradeLeaks } from './leaks.js';
import { gradeOrdering } from './ordering.js';
import { gradeSecrecy } from './secrecy.js';
import { TURN_MARKER } from './steer.js';

const RANK: Readonly<Record<JudgedSeverity, number>> = { info: 0, low: 1, medium: 2, high: 3, critical: 4 };

const bump = (s: JudgedSeverity): JudgedSeverity =>
  s === 'info' ? 'medium' : s === 'low' ? 'medium' : s === 'medium' ? 'high' : s;

interface Graded {
  severity: JudgedSeverity | null;
  family: Family | null;
  readonly signals: string[];
  readonly counter: string[];
  /** Clauses the item graph joined (they may fire no family alone). */
  readonly joined: ClauseReading[];
}

type Raise = (s: JudgedSeverity, f: Family) => void;

export function grade(readings: readonly ClauseReading[], ctx: JudgeContext): Graded {
  const instructions = ctx.itemKind === 'server' && /instructions/.test(ctx.itemName + ctx.itemKind);
  const has = (f: Family) => readings.some((r) => r.families.includes(f));
  const g: Graded = { severity: null, family: null, signals: [], counter: [], joined: [] };
  const raise: Raise = (s, f) => {
    if (g.severity === null || RANK[s] > RANK[g.severity]) {
      g.severity = s;
      g.family = f;
    }
  };
  gradeSecrecy(readings, g, (s) => raise(s, 'secrecy'));
  for (const f of ['exfiltration', 'override', 'hijack', 'manipulation'] as const)
    if (has(f)) {
      g.signals.push(f);
      raise('high', f);
    }
  gradeLeaks(readings, g, () => raise('high', 'exfiltration'));
  gradeOrdering(readings, g, raise, ctx);
  if (has('role-markers')) {
    g.signals.push('role-markers');
    raise(
      readings.some((r) => r.families.includes('role-markers') && r.directive && TURN_MARKER.test(r.text))
        ? 'medium'
        : 'low',
      'role-markers',
    );
  }
  if (readings.some((r) => r.secretToParameter)) {
    g.signals.push('secret-to-parameter');
    g.counter.push('a secret into a parameter may be the parameter’s own purpose');
    raise('low', 'exfiltration');
  }
  if (has('imperative') && !instructions) {
    g.signals.push('imperative');
    raise('info', 'imperative');
  }
  if (readings.some((r) => r.mentioned)) {
    g.counter.push('quoted or exemplified text (mentioned, not used)');
    raise('info', 'mentioned');
  }
  // Text hidden from the rendered view that instructs the agent is worse than the same text in view.
  if (readings.some((r) => r.hidden && r.families.length > 0) && g.severity !== null) {
    g.signals.push('hidden-placement');
    g.severity = bump(g.severity);
  }
  gradeHiddenOrders(readings, g, (f) => raise('high', f));
  return g;
}
