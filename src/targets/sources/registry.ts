/**
 * `scan --registry [URL]`: the remote endpoints of an MCP registry (the official one by
 * default), read from its `GET /v0.1/servers` list with cursor paging (`metadata.nextCursor`),
 * `version=latest`, and `updated_since` for incremental runs. Entries whose registry status is
 * `deleted` are honoured (skipped, and reported as deleted), and so are remotes whose URL holds
 * `{template}` variables the scanner cannot fill in. Each target keeps its registry name and
 * version. The registry is a remote service: its pages are capped in size and count, and every
 * string taken from them is treated as hostile downstream.
 */
import { isTargetError, parseHttpTarget } from '../target.js';
import { parseServerEntry } from './registry-entry.js';
import type { TargetEntry, TargetSource } from './types.js';

export const OFFICIAL_REGISTRY = 'https://registry.modelcontextprotocol.io';
const LIST_PATH = '/v0.1/servers';
const PAGE_LIMIT = 100;
/** One page of the list is at most this large (the fetcher enforces it). */
export const MAX_PAGE_BYTES = 8 * 1024 * 1024;

export class RegistryError extends Error {}

/**
 * Fetches one page of the list and returns its parsed JSON, or throws RegistryError. The run
 * supplies it (an HTTP client with retries on 429, 5xx and network errors): sources do no
 * network I/O of their own.
 */
export type RegistryPageFetcher = (url: string) => Promise<unknown>;

export interface RegistryOptions {
  /** Base URL of the registry (its `/v0.1/servers` is appended to the path). */
  readonly baseUrl: string;
  /** RFC 3339 timestamp: only entries updated since then (the registry then lists deleted ones too). */
  readonly updatedSince?: string;
  readonly maxPages?: number;
  readonly fetchPage: RegistryPageFetcher;
}

export function registryListUrl(base: string, cursor: string | null, updatedSince?: string): string {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${LIST_PATH}`;
  url.search = '';
  url.searchParams.set('limit', String(PAGE_LIMIT));
  url.searchParams.set('version', 'latest');
  if (updatedSince) url.searchParams.set('updated_since', updatedSince);
  if (cursor !== null) url.searchParams.set('cursor', cursor);
  return url.href;
}

interface Page {
  readonly servers: readonly unknown[];
  readonly nextCursor: string | null;
}

function pageOf(body: unknown, url: string): Page {
  if (typeof body !== 'object' || body === null || !('servers' in body) || !Array.isArray(body.servers))
    throw new RegistryError(`${url}: not a server list (no "servers" array)`);
  const metadata = 'metadata' in body ? body.metadata : undefined;
  const next =
    typeof metadata === 'object' && metadata !== null && 'nextCursor' in metadata
      ? metadata.nextCursor
      : undefined;
  return {
    servers: body.servers as unknown[],
    nextCursor: typeof next === 'string' && next !== '' ? next : null,
  };
}

export function registrySource(o: RegistryOptions): TargetSource {
  if (!URL.canParse(o.baseUrl) || !/^https?:$/.test(new URL(o.baseUrl).protocol))
    throw new RegistryError(`not an http(s) registry URL: ${o.baseUrl}`);
  return {
    label: `registry ${new URL(o.baseUrl).origin}`,
    async *entries(): AsyncIterable<TargetEntry> {
      const maxPages = o.maxPages ?? 1_000;
      const cursors = new Set<string>();
      let cursor: string | null = null;
      for (let page = 0; ; page++) {
        if (page >= maxPages) throw new RegistryError(`more than ${maxPages} pages: stopped`);
        const url = registryListUrl(o.baseUrl, cursor, o.updatedSince);
        const p = pageOf(await o.fetchPage(url), url);
        for (const raw of p.servers) {
          for (const e of parseServerEntry(raw)) {
            if (e.kind === 'skipped') {
              yield { kind: 'skipped', skipped: { ...e, source: 'registry' } };
              continue;
            }
            const t = parseHttpTarget(e.url);
            if (isTargetError(t))
              yield {
                kind: 'skipped',
                skipped: { ref: e.url, reason: t.error, source: 'registry', registry: e.registry },
              };
            else
              yield {
                kind: 'target',
                target: { target: t, name: e.registry.name, source: 'registry', registry: e.registry },
              };
          }
        }
        if (p.nextCursor === null) return;
        // A registry that hands back a cursor it already gave would page forever.
        if (cursors.has(p.nextCursor)) throw new RegistryError(`${url}: the registry repeated a cursor`);
        cursors.add(p.nextCursor);
        cursor = p.nextCursor;
      }
    },
  };
}
