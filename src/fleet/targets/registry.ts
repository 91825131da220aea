/**
 * `scan --registry [URL]`: the remote endpoints of an MCP registry (the official one by
 * default), read from its `GET /v0.1/servers` list with cursor paging (`metadata.nextCursor`),
 * `version=latest`, and `updated_since` for incremental runs. Entries whose registry status is
 * `deleted` are honoured (skipped, and reported as deleted), and so are remotes whose URL holds
 * `{template}` variables the scanner cannot fill in. Each target keeps its registry name and
 * version. The registry is a remote service: its pages are capped in size and count, and every
 * string taken from them is treated as hostile downstream.
 */
import { createHttpClient } from '../../probe/http/client.js';
import type { HttpResult } from '../../probe/http/types.js';
import { TOOL_NAME, TOOL_VERSION } from '../../version.js';
import { backoffMs, parseRetryAfter } from '../retry-after.js';
import { canonicalTargetUrl } from './canonical.js';
import { parseServerEntry } from './registry-entry.js';
import type { TargetEntry, TargetSource } from './types.js';

export const OFFICIAL_REGISTRY = 'https://registry.modelcontextprotocol.io';
const LIST_PATH = '/v0.1/servers';
const PAGE_LIMIT = 100;
const MAX_PAGE_BYTES = 8 * 1024 * 1024;

export class RegistryError extends Error {}

export interface RegistryOptions {
  /** Base URL of the registry (its `/v0.1/servers` is appended to the path). */
  readonly baseUrl: string;
  /** RFC 3339 timestamp: only entries updated since then (the registry then lists deleted ones too). */
  readonly updatedSince?: string;
  readonly maxPages?: number;
  readonly requestTimeoutMs?: number;
  /** Attempts per page on 429/5xx/network errors. */
  readonly attempts?: number;
  /** Cap on a Retry-After wait between attempts. */
  readonly maxBackoffMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

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

async function fetchOnce(url: string, timeoutMs: number): Promise<HttpResult> {
  const client = createHttpClient({
    target: new URL(url),
    allowPrivate: false,
    requestTimeoutMs: timeoutMs,
    maxBodyBytes: MAX_PAGE_BYTES,
    excerptChars: 256,
    userAgent: `${TOOL_NAME}/${TOOL_VERSION}`,
  });
  try {
    return await client.send({
      method: 'GET',
      url,
      headers: { accept: 'application/json' },
      probe: 'registry.list',
      purpose: 'list MCP servers in the registry',
      source: 'user',
    });
  } finally {
    await client.close();
  }
}

async function fetchPage(url: string, o: RegistryOptions): Promise<unknown> {
  const attempts = o.attempts ?? 3;
  const sleep = o.sleep ?? defaultSleep;
  let last = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const r = await fetchOnce(url, o.requestTimeoutMs ?? 30_000);
    const status = r.response?.status;
    if (r.response && status === 200) {
      if (r.response.truncated) throw new RegistryError(`${url}: page larger than ${MAX_PAGE_BYTES} bytes`);
      try {
        return JSON.parse(r.response.text) as unknown;
      } catch {
        throw new RegistryError(`${url}: the answer is not JSON`);
      }
    }
    last = r.error ? `${r.error.code}: ${r.error.message}` : `HTTP ${String(status)}`;
    const retryable = r.error !== undefined || status === 429 || (status !== undefined && status >= 500);
    if (!retryable || attempt === attempts) break;
    const wait = parseRetryAfter(r.response?.headers['retry-after']?.[0]);
    await sleep(backoffMs(wait, attempt, { baseMs: 1_000, maxMs: o.maxBackoffMs ?? 30_000 }));
  }
  throw new RegistryError(`cannot list the registry's servers (${url}): ${last}`);
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
        const p = pageOf(await fetchPage(url, o), url);
        for (const raw of p.servers) {
          for (const e of parseServerEntry(raw)) {
            if (e.kind === 'skipped') {
              yield { kind: 'skipped', skipped: { ...e, source: 'registry' } };
              continue;
            }
            const c = canonicalTargetUrl(e.url);
            if ('error' in c)
              yield {
                kind: 'skipped',
                skipped: { ref: e.url, reason: c.error, source: 'registry', registry: e.registry },
              };
            else
              yield {
                kind: 'target',
                target: { url: c.url, name: e.registry.name, source: 'registry', registry: e.registry },
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
