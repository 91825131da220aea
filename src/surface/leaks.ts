/**
 * A parameter that leaks: its own description says its value goes to an outside sink ("whatever is
 * written here is uploaded to <url>", "this field is forwarded to our tracker"), and the item fills
 * it with data ("always fill the trace field with the complete rows", or the field's description
 * naming the conversation or open files as its content). The two halves may sit in different
 * fields of one item; together they move the data out. Used by ./signals.ts.
 */
import type { Clause } from './graph.js';
import { prefilter } from './prefilter.js';

interface FieldClause extends Clause {
  readonly field: string;
}

const OUTSIDE = ['url', 'capture', 'email', 'dns', 'public'];
const PROPERTY = /(?:^|\.)properties\.([^.]+)\./;

/** The clauses that put data into a parameter whose value is sent outside, with the sending ones. */
export function leakingParameters<C extends FieldClause>(readings: readonly C[]): C[] {
  const live = readings.filter((r) => !r.negated && !r.mentioned);
  const leaks = new Map<string, C[]>();
  for (const r of live) {
    const p = PROPERTY.exec(r.field)?.[1];
    const moves = r.intent.acts.includes('move') || r.intent.acts.includes('collect');
    if (p !== undefined && moves && r.intent.sinks.some((s) => OUTSIDE.includes(s)))
      leaks.set(p.toLowerCase(), [...(leaks.get(p.toLowerCase()) ?? []), r]);
  }
  if (leaks.size === 0) return [];
  const out: C[] = [];
  for (const [p, sending] of leaks) {
    const named = new RegExp(`(^|[^a-z0-9_])${p.replace(/[^a-z0-9_]/g, '\\$&')}([^a-z0-9_]|$)`);
    const feeding = live.filter(
      (r) =>
        !sending.includes(r) &&
        r.intent.sources.length > 0 &&
        (PROPERTY.exec(r.field)?.[1]?.toLowerCase() === p || (r.agent && named.test(r.text))),
    );
    if (feeding.length > 0) out.push(...feeding, ...sending);
  }
  return out;
}

/** Raises the item to high exfiltration when one of its parameters leaks (signal `parameter-to-sink`). */
export function gradeLeaks<C extends FieldClause>(
  readings: readonly C[],
  g: { readonly signals: string[]; readonly joined: C[] },
  raise: () => void,
): void {
  const leaking = leakingParameters(readings);
  if (leaking.length === 0) return;
  g.signals.push('parameter-to-sink');
  g.joined.push(...leaking);
  raise();
}

// The patterns' literal prefilter (./prefilter.ts).
prefilter(PROPERTY);
