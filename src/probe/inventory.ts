/**
 * p.list: the server's tools, prompts, resources and resource templates,
 * following `nextCursor` with caps on pages and items (a hostile server can
 * page forever or list a million tools).
 */
import type { ExchangeId, ListingEvidence, Probe, RpcReply } from '../evidence/types.js';
import type { RpcChannel } from './channel/types.js';
import { resultObject } from '../evidence/parse/json-value.js';

export const MAX_PAGES = 20;
export const MAX_ITEMS = 5_000;

export const LISTS = [
  { method: 'tools/list', field: 'tools', key: 'tools' },
  { method: 'prompts/list', field: 'prompts', key: 'prompts' },
  { method: 'resources/list', field: 'resources', key: 'resources' },
  { method: 'resources/templates/list', field: 'resourceTemplates', key: 'resourceTemplates' },
] as const;

/**
 * The page's reply as kept in the listing: its list (`result[field]`) is dropped, since its
 * items are kept once, in `items`. Every other member of the result (`nextCursor`,
 * `cacheScope`, `ttlMs`, …) stays. Without this, a 20 000-tool listing was held twice and
 * serialized twice.
 */
export function withoutList<R extends RpcReply>(reply: R, field: string): R {
  const response = reply.response;
  const result = response?.result;
  if (!response || typeof result !== 'object' || result === null || Array.isArray(result)) return reply;
  if (!Object.hasOwn(result, field)) return reply;
  const rest = Object.fromEntries(Object.entries(result).filter(([k]) => k !== field));
  const stripped = { ...response, result: rest };
  return {
    ...reply,
    messages: reply.messages.map((m) => (m === response ? stripped : m)),
    response: stripped,
  };
}

/**
 * Follows `nextCursor` under the page and item caps, whatever wire the pages
 * travel on: `sendPage` sends one page (legacy session headers or modern
 * `_meta`); this loop owns the caps and what is kept.
 */
export async function paginate(
  index: number,
  sendPage: (page: number, cursor: string | undefined) => Promise<Probe<RpcReply>>,
): Promise<Probe<ListingEvidence>> {
  const spec = LISTS[index]!;
  const items: unknown[] = [];
  const replies: RpcReply[] = [];
  const exchanges: ExchangeId[] = [];
  let cursor: string | undefined;
  let truncated = false;
  for (let page = 0; page < MAX_PAGES; page++) {
    const probe = await sendPage(page, cursor);
    if (probe.kind !== 'ok')
      return page === 0
        ? probe
        : { kind: 'ok', value: { items, pages: page, truncated: true, replies }, exchanges };
    exchanges.push(...probe.exchanges);
    const result = resultObject(probe.value);
    const pageItems = result?.[spec.field];
    replies.push(Array.isArray(pageItems) ? withoutList(probe.value, spec.field) : probe.value);
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
    // Full, and the server has more: another page would only be dropped.
    if (items.length >= MAX_ITEMS) {
      truncated = true;
      break;
    }
    if (page === MAX_PAGES - 1) truncated = true;
    cursor = next;
  }
  return { kind: 'ok', value: { items, pages: replies.length, truncated, replies }, exchanges };
}

/** Lists one kind of item over a channel (the session's, on the handshake era). */
export function listAll(channel: RpcChannel, index: number): Promise<Probe<ListingEvidence>> {
  const spec = LISTS[index]!;
  return paginate(index, (page, cursor) =>
    channel.call({
      id: 10_000 * (index + 1) + page,
      method: spec.method,
      params: cursor !== undefined ? { cursor } : {},
      probe: `p.list(${spec.method})`,
      purpose: `${spec.method}${page > 0 ? ` page ${page + 1}` : ''}: inventory`,
    }),
  );
}
