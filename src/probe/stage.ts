/**
 * A probe stage as data (in the spirit of Lighthouse's gatherers): what it is called, the
 * requests it may send (its `--plan` entries), which outputs of earlier stages it reads
 * (`needs`), which it writes (`produces`), when it runs and how. A stage never calls another
 * stage: it reads what they produced from `sofar`. The scheduler (./scheduler.ts) runs a table
 * of phases and assembles what every stage produced; the transport's collector turns that
 * into evidence.
 *
 * `C` is the transport's context (./stages/context.ts for HTTP, ./stdio/context.ts for stdio),
 * `S` the record of every output its stages produce.
 */
import type { PlanEntry } from './plan-entry.js';

export interface Stage<C, S extends object, K extends keyof S = keyof S> {
  readonly id: string;
  /**
   * The requests it may send, in `--plan` order (a stage that only derives sends none); a
   * function when they depend on the target's URL.
   */
  readonly plan: readonly PlanEntry[] | ((target: Readonly<URL>) => readonly PlanEntry[]);
  readonly needs: readonly (keyof S)[];
  readonly produces: readonly K[];
  /** Whether it runs, from what the stages before it produced (default: always). */
  readonly when?: (ctx: C, sofar: Readonly<Partial<S>>) => boolean;
  readonly run: (ctx: C, sofar: Readonly<Partial<S>>) => Promise<Pick<S, K>> | Pick<S, K>;
}

/**
 * Stages that may run together. Within a phase a stage starts as soon as the stages of the
 * same phase that produce what it needs are done (in table order, so requests are issued in a
 * fixed order); the next phase starts when this one is done. A `detached` phase starts
 * before the phases after it and is joined only at the end: nothing after it may need it.
 */
export interface Phase<C, S extends object> {
  readonly id: string;
  readonly stages: readonly AnyStage<C, S>[];
  readonly detached?: boolean;
}

// A table mixes stages that produce different keys: the scheduler reads them only through `Stage`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyStage<C, S extends object> = Stage<C, S, any>;

/** What a stage needs, read from `sofar`: a missing value is a bug in the table (it ran too early). */
export function need<S extends object, K extends keyof S>(sofar: Readonly<Partial<S>>, key: K): S[K] {
  if (!(key in sofar)) throw new Error(`stage input ${String(key)} read before any stage produced it`);
  return sofar[key] as S[K];
}

/** Every plan entry of a table's stages, in the order `planOrder` names the stages. */
export function planOf<C, S extends object>(
  phases: readonly Phase<C, S>[],
  planOrder: readonly string[],
  target: Readonly<URL>,
): PlanEntry[] {
  const byId = new Map(phases.flatMap((p) => p.stages).map((s) => [s.id, s]));
  return planOrder.flatMap((id) => {
    const s = byId.get(id);
    if (!s) throw new Error(`plan order names an unknown stage: ${id}`);
    return typeof s.plan === 'function' ? s.plan(target) : s.plan;
  });
}
