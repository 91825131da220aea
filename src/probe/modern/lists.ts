/**
 * p.list over the modern wire: each list method with `_meta` and standard
 * headers on every page, following `nextCursor` under the same caps as the
 * legacy inventory; and p.list.fresh, one more listing compared with the first.
 */
import type { ModernListing } from '../../evidence/types.js';
import { LISTS, paginate } from '../inventory.js';
import type { ModernContext } from './send.js';
import { sendModern } from './send.js';

/** Fixed id ranges per listing, so bodies do not depend on how concurrent requests interleave. */
const ID_BASE = 50_000;
const FRESH_BASE = 60_000;

export async function listModern(
  ctx: ModernContext,
  index: number,
  probe: string,
  idBase: number,
): Promise<ModernListing> {
  const spec = LISTS[index]!;
  const listing = await paginate(index, (page, cursor) =>
    sendModern(ctx, {
      id: idBase + page,
      method: spec.method,
      params: cursor !== undefined ? { cursor } : {},
      probe,
      purpose: `${spec.method}${page > 0 ? ` page ${page + 1}` : ''} over the modern wire`,
    }),
  );
  return { method: spec.method, probe: listing };
}

/** Every list method, concurrently (each pages sequentially). */
export function listAllModern(ctx: ModernContext): Promise<ModernListing[]> {
  return Promise.all(
    LISTS.map((l, i) => listModern(ctx, i, `p.list.modern(${l.method})`, ID_BASE + 1_000 * i)),
  );
}

/** The list the fresh request repeats: the first the server advertises (tools when it says nothing). */
export function freshListIndex(capabilities: Record<string, unknown> | null): number {
  const advertised = (k: string) =>
    capabilities !== null && typeof capabilities[k] === 'object' && capabilities[k] !== null;
  if (advertised('tools')) return 0;
  if (advertised('prompts')) return 1;
  if (advertised('resources')) return 2;
  return 0;
}

export function listFresh(ctx: ModernContext, index: number): Promise<ModernListing> {
  return listModern(ctx, index, 'p.list.fresh', FRESH_BASE);
}
