/**
 * The scheduler: runs a table of phases (./stage.ts) and returns what every stage produced. The
 * same scheduler runs the HTTP table (./collect.ts) and the stdio table (./stdio/collect.ts).
 * Stages of one phase run concurrently, each as soon as what it needs from its own phase is in;
 * they are started in table order, so the requests they issue first go out in a fixed order.
 */
import type { AnyStage, Phase } from './stage.js';

export async function runPhases<C, S extends object>(
  ctx: C,
  phases: readonly Phase<C, S>[],
  initial: Partial<S> = {},
): Promise<Partial<S>> {
  const sofar: Partial<S> = { ...initial };
  const detached: Promise<Partial<S>>[] = [];
  for (const phase of phases) {
    const running = runPhase(ctx, phase, sofar);
    if (phase.detached) detached.push(running);
    else Object.assign(sofar, await running);
  }
  for (const out of await Promise.all(detached)) Object.assign(sofar, out);
  return sofar;
}

/** One phase: each stage starts when the stages of this phase that produce its needs are done. */
function runPhase<C, S extends object>(ctx: C, phase: Phase<C, S>, before: Partial<S>): Promise<Partial<S>> {
  const local: Partial<S> = {};
  const done = new Map<AnyStage<C, S>, Promise<void>>();
  for (const s of phase.stages) {
    const producers = phase.stages.filter(
      (p) => p !== s && done.has(p) && p.produces.some((k: keyof S) => s.needs.includes(k)),
    );
    const start = async (): Promise<void> => {
      const view = { ...before, ...local };
      if (s.when && !s.when(ctx, view)) return;
      Object.assign(local, await s.run(ctx, view));
    };
    // No producer in this phase: started now, synchronously, in table order.
    const waits = producers.flatMap((p) => done.get(p) ?? []);
    done.set(s, waits.length === 0 ? start() : Promise.all(waits).then(start));
  }
  return Promise.all(done.values()).then(() => local);
}
