/**
 * Concealment graded by what it hides (./signals.ts): data moved out or a sensitive file read is
 * critical, another act addressed to the agent is high, concealment alone is low.
 */
import { judgeItem } from './graph.js';
import type { Clause } from './graph.js';

/** What grading needs of a clause reading (./signals.ts ClauseReading). */
interface SecrecyClause extends Clause {
  readonly targets: readonly string[];
  readonly action: boolean;
}

/** Concealment counts only when it is paired with an action or data verb addressed to the agent. */
export function gradeSecrecy(
  readings: readonly SecrecyClause[],
  g: { readonly signals: string[]; readonly counter: string[] },
  raise: (s: 'critical' | 'high' | 'low') => void,
): void {
  if (!readings.some((r) => r.families.includes('secrecy'))) return;
  const exfil =
    readings.some((r) => r.families.includes('exfiltration')) ||
    judgeItem(readings).some((f) => f.family === 'exfiltration');
  if (exfil || readings.some((r) => r.targets.includes('sensitive-path') && !r.negated)) {
    g.signals.push('secrecy', 'exfiltration');
    raise('critical');
  } else if (readings.some((r) => r.action && r.agent && !r.negated)) {
    g.signals.push('secrecy', 'action');
    raise('high');
  } else {
    g.signals.push('secrecy-alone');
    g.counter.push('concealment without an action or data verb');
    raise('low');
  }
}
