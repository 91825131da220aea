/**
 * p.list over the modern wire: each list method with `_meta` and standard
 * headers on every page, following `nextCursor` under the same caps as the
 * legacy inventory; and p.list.fresh, one more listing compared with the first.
 */
import type { ExchangeId, ListingEvidence, ModernListing, Probe, RpcReply } from '../../evidence/types.js';
import { LISTS, MAX_ITEMS, MAX_PAGES } from '../inventory.js';
import type { ModernContext } from './send.js';
import { sendModern } from './send.js';
import { resultObject } from '../../evidence/parse/json-value.js';

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
  const items: unknown[] = [];
  const replies: RpcReply[] = [];
  const exchanges: ExchangeId[] = [];
  let cursor: string | undefined;
  let truncated = false;
  for (let page = 0; page < MAX_PAGES; page++) {
    const got = await sendModern(ctx, {
      id: idBase + page,
      method: spec.method,
      params: cursor !== undefined ? { cursor } : {},
      probe,
      purpose: `${spec.method}${page > 0 ? ` page ${page + 1}` : ''} over the modern wire`,
    });
    if (got.kind !== 'ok') {
      const value: Probe<ListingEvidence> =
        page === 0 ? got : { kind: 'ok', value: { items, pages: page, truncated: true, replies }, exchanges };
      return { method: spec.method, probe: value };
    }
    exchanges.push(...got.exchanges);
    replies.push(got.value);
    const result = resultObject(got.value);
    const pageItems = result?.[spec.field];
    if (!result || !Array.isArray(pageItems)) break;
    for (const item of pageItems) {
      if (items.length >= MAX_ITEMS) {
        truncated = true;
        break;
      }
      items.push(item);
    }
    const next = result['nextCursor'];
    if (truncated || typeof next !== 'string' || next === '') break;
    if (page === MAX_PAGES - 1) truncated = true;
    cursor = next;
  }
  return {
    method: spec.method,
    probe: { kind: 'ok', value: { items, pages: replies.length, truncated, replies }, exchanges },
  };
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
