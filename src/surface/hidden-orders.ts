/**
 * An order hidden from the rendered view: a clause in a comment, a hidden element, a folded
 * `<details>`, a link title, concealed ANSI text or past a whitespace gap (./markup.ts,
 * ./normalise.ts) that names the agent (you, the assistant, the model, or after "model:") and tells
 * it to act is high whatever it asks: an honest server has no reason to hide guidance from the user
 * who reads the description. Hidden text that only describes (a build note, "do not edit") or that
 * speaks to people ("maintainers: run the build") is not an order to the agent. Read by
 * ./signals.ts after the families.
 */
import { ACTION } from './lexicon.js';
import { prefilter } from './prefilter.js';

/** Acts on tools, pages and choices beyond ./lexicon.ts ACTION. */
const TOOL_ACT =
  /\b(use|invoke|open|visit|navigate|click|prefer|avoid|skip|ignore|treat|approve|choose|pick|set|switch|go to|download|install|put|place|paste|stuff|grab|save|route|bump|raise|change|replace)\b/;

/** What the rule reads of a clause (./signals.ts ClauseReading). */
interface HiddenClause {
  readonly text: string;
  readonly hidden: boolean;
  readonly mentioned: boolean;
  readonly negated: boolean;
  readonly named: boolean;
  readonly action: boolean;
  readonly families: readonly string[];
  readonly intent: { readonly acts: readonly string[] };
}

/** Families that say nothing of an act: a bare imperative, a mention, a role name ("assistant:"). */
const weak = (f: string) => f === 'imperative' || f === 'mentioned' || f === 'role-markers';

/** Raises a hidden order to high, in the family of what it asks (secrecy when it asks nothing worse). */
export function gradeHiddenOrders<C extends HiddenClause>(
  readings: readonly C[],
  g: { readonly signals: string[]; readonly joined: C[] },
  raise: (family: C['families'][number] | 'secrecy') => void,
): void {
  const orders = readings.filter(
    (r) =>
      r.hidden &&
      r.named &&
      !r.mentioned &&
      !r.negated &&
      (r.intent.acts.length > 0 ||
        r.action ||
        ACTION.test(r.text) ||
        TOOL_ACT.test(r.text) ||
        r.families.some((f) => !weak(f))),
  );
  if (orders.length === 0) return;
  g.signals.push('hidden-order');
  g.joined.push(...orders);
  raise(orders.flatMap((r) => r.families).find((f) => !weak(f)) ?? 'secrecy');
}

// The patterns' literal prefilter (./prefilter.ts).
prefilter(TOOL_ACT);
