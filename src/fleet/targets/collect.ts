/** Gathers the entries of every source into one de-duplicated list of targets. */
import type { FleetTarget, SkippedTarget, TargetSource } from './types.js';

export interface CollectedTargets {
  /** In source order, first occurrence of each canonical URL. */
  readonly targets: readonly FleetTarget[];
  readonly skipped: readonly SkippedTarget[];
  /** Entries dropped because an earlier entry had the same canonical URL. */
  readonly duplicates: number;
}

/** Hard cap on one fleet's targets: beyond it the list itself is hostile or a mistake. */
export const MAX_TARGETS = 100_000;

export class TargetListError extends Error {}

export async function collectTargets(sources: readonly TargetSource[]): Promise<CollectedTargets> {
  const seen = new Set<string>();
  const targets: FleetTarget[] = [];
  const skipped: SkippedTarget[] = [];
  let duplicates = 0;
  for (const source of sources) {
    for await (const entry of source.entries()) {
      if (entry.kind === 'skipped') {
        skipped.push(entry.skipped);
        continue;
      }
      if (seen.has(entry.target.url)) {
        duplicates++;
        continue;
      }
      if (targets.length >= MAX_TARGETS)
        throw new TargetListError(`more than ${MAX_TARGETS} targets: split the list (--shard i/n)`);
      seen.add(entry.target.url);
      targets.push(entry.target);
    }
  }
  return { targets, skipped, duplicates };
}
