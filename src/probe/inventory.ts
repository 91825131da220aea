/**
 * p.list: the server's tools, prompts, resources and resource templates,
 * following `nextCursor` with caps on pages and items (a hostile server can
 * page forever or list a million tools).
 */
import type { ExchangeId, ListingEvidence, Probe, HttpReply } from '../evidence/types.js';
import type { HttpClient } from './http/types.js';
import { rpcRequest } from './mcp-messages.js';
import { sendRpc } from './rpc.js';
import { resultObject } from '../evidence/parse/json-value.js';

export const MAX_PAGES = 20;
export const MAX_ITEMS = 5_000;

export const LISTS = [
  { method: 'tools/list', field: 'tools', key: 'tools' },
  { method: 'prompts/list', field: 'prompts', key: 'prompts' },
  { method: 'resources/list', field: 'resources', key: 'resources' },
  { method: 'resources/templates/list', field: 'resourceTemplates', key: 'resourceTemplates' },
] as const;

export type ListKey = (typeof LISTS)[number]['key'];

/**
 * Lists one kind of item. Each list gets its own id range (base + page) so the
 * bodies sent do not depend on how concurrent requests interleave.
 */
/**
 * Follows `nextCursor` under the page and item caps, whatever wire the pages
 * travel on: `sendPage` sends one page (legacy session headers or modern
 * `_meta`); this loop owns the caps and what is kept.
 */
export async function paginate(
  index: number,
  sendPage: (page: number, cursor: string | undefined) => Promise<Probe<HttpReply>>,
): Promise<Probe<ListingEvidence>> {
  const spec = LISTS[index]!;
  const items: unknown[] = [];
  const replies: HttpReply[] = [];
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
    replies.push(probe.value);
    const result = resultObject(probe.value);
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
  return { kind: 'ok', value: { items, pages: replies.length, truncated, replies }, exchanges };
}

export function listAll(
  client: HttpClient,
  url: string,
  index: number,
  headers: Record<string, string>,
  extraParams: Record<string, unknown> = {},
): Promise<Probe<ListingEvidence>> {
  const spec = LISTS[index]!;
  return paginate(index, (page, cursor) => {
    const id = 10_000 * (index + 1) + page;
    return sendRpc(client, {
      method: 'POST',
      url,
      headers,
      body: rpcRequest(id, spec.method, { ...extraParams, ...(cursor !== undefined ? { cursor } : {}) }),
      probe: `p.list(${spec.method})`,
      purpose: `${spec.method}${page > 0 ? ` page ${page + 1}` : ''}: inventory`,
      source: 'user',
      rpcId: id,
    });
  });
}
