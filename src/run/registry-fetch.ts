/**
 * The page fetcher of `scan --registry` (src/targets/sources/registry.ts pages and parses): a
 * GET through the scanner's HTTP client, without credentials, size-capped, retried on 429, 5xx
 * and network errors after the registry's Retry-After (capped).
 */
import { backoffMs, parseRetryAfter } from '../fleet/retry-after.js';
import { createHttpClient } from '../probe/http/client.js';
import type { HttpResult } from '../probe/http/types.js';
import type { RegistryPageFetcher } from '../targets/sources/registry.js';
import { MAX_PAGE_BYTES, RegistryError } from '../targets/sources/registry.js';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';

export interface RegistryFetchOptions {
  readonly requestTimeoutMs?: number;
  /** Attempts per page on 429/5xx/network errors. */
  readonly attempts?: number;
  /** Cap on a Retry-After wait between attempts. */
  readonly maxBackoffMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

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

export function registryPageFetcher(o: RegistryFetchOptions = {}): RegistryPageFetcher {
  return async (url) => {
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
  };
}
