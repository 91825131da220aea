/**
 * Grading of orders about other tools for one item: the item graph's findings (./graph.ts:
 * disparaged or ignored tools, shadowing, claimed authority, data gathered then sent) and the
 * clause family `ordering`. Ordering over any other tool is high; vendor guidance scoped to its
 * own product or deferring to the user is medium; inside `instructions` it is info or medium.
 */
import { judgeItem } from './graph.js';
import type { Clause, ItemFinding } from './graph.js';
import { CROSS_TOOL, DEFERS_TO_USER, UNIVERSAL, VENDOR_SCOPE } from './lexicon.js';

export interface OrderingContext {
  readonly itemKind: string;
  readonly itemName: string;
  readonly siblings?: readonly string[];
  readonly params?: readonly string[];
}

/** What grading collects for the item (./signals.ts). */
export interface OrderingGrade<C> {
  readonly signals: string[];
  readonly counter: string[];
  readonly joined: C[];
}

type Severity = 'high' | 'medium' | 'info';

export function gradeOrdering<C extends Clause>(
  readings: readonly C[],
  g: OrderingGrade<C>,
  raise: (s: Severity, f: ItemFinding['family']) => void,
  ctx: OrderingContext,
): void {
  const instructions = ctx.itemKind === 'server' && /instructions/.test(ctx.itemName + ctx.itemKind);
  const ordering = readings.filter((r) => r.families.includes('ordering'));
  const graph = judgeItem(readings, { self: ctx.itemName, others: ctx.siblings ?? [], params: ctx.params });
  const strong = graph.some((f) => f.family === 'ordering');
  for (const f of graph) {
    g.signals.push(f.signal);
    raise(f.severity, f.family);
  }
  for (const f of graph) g.joined.push(...f.clauses);
  if (ordering.length === 0) return;
  const cross = ordering.some((r) => CROSS_TOOL.some((re) => re.test(r.text)));
  g.signals.push(cross ? 'cross-tool-override' : 'ordering-over-other-tools');
  if (instructions) {
    raise(cross ? 'medium' : 'info', 'ordering');
    g.counter.push('ordering guidance inside instructions');
    return;
  }
  // Guidance that also hides something from the user is not guidance (issue 22).
  const vendor =
    !strong &&
    !readings.some((r) => r.families.includes('secrecy')) &&
    ordering.every(
      (r) => !UNIVERSAL.test(r.text) || VENDOR_SCOPE.test(r.text) || DEFERS_TO_USER.test(r.text),
    );
  if (cross && vendor) g.counter.push('vendor guidance about its own tools: nothing hidden, no data moved');
  raise(cross && !vendor ? 'high' : 'medium', 'ordering');
}
