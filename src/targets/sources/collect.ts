/** Gathers the entries of every source into one list of targets, de-duplicated by identity. */
import type { ClientConfigRef, SkippedTarget, SourcedTarget, TargetSource } from './types.js';
import { groupKeyOf } from './types.js';

export interface CollectedTargets {
  /** In source order, first occurrence of each identity. */
  readonly targets: readonly SourcedTarget[];
  readonly skipped: readonly SkippedTarget[];
  /** Entries dropped because an earlier entry had the same identity. */
  readonly duplicates: number;
}

/** Hard cap on one run's targets: beyond it the list itself is hostile or a mistake. */
export const MAX_TARGETS = 100_000;

export class TargetListError extends Error {}

/** The client configurations of both entries: a server listed by two clients is co-installed in both. */
function mergedInstalls(a: SourcedTarget, b: SourcedTarget): readonly ClientConfigRef[] | undefined {
  if (!b.installedIn?.length) return a.installedIn;
  const seen = new Set((a.installedIn ?? []).map(groupKeyOf));
  return [...(a.installedIn ?? []), ...b.installedIn.filter((r) => !seen.has(groupKeyOf(r)))];
}

export async function collectTargets(sources: readonly TargetSource[]): Promise<CollectedTargets> {
  const index = new Map<string, number>();
  const targets: SourcedTarget[] = [];
  const skipped: SkippedTarget[] = [];
  let duplicates = 0;
  for (const source of sources) {
    for await (const entry of source.entries()) {
      if (entry.kind === 'skipped') {
        skipped.push(entry.skipped);
        continue;
      }
      const identity = entry.target.target.identity;
      const first = index.get(identity);
      if (first !== undefined) {
        duplicates++;
        const installedIn = mergedInstalls(targets[first]!, entry.target);
        if (installedIn) targets[first] = { ...targets[first]!, installedIn };
        // Every configuration that lists the server is judged for its secrets (MCPP-CFG01).
        if (entry.target.configListings?.length)
          targets[first] = {
            ...targets[first]!,
            configListings: [...(targets[first]!.configListings ?? []), ...entry.target.configListings],
          };
        continue;
      }
      if (targets.length >= MAX_TARGETS)
        throw new TargetListError(`more than ${MAX_TARGETS} targets: split the list (--shard i/n)`);
      index.set(identity, targets.length);
      targets.push(entry.target);
    }
  }
  return { targets, skipped, duplicates };
}
