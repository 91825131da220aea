/**
 * GET of a metadata document (PRM, AS metadata, JWKS) the way an OAuth client
 * fetches it: `Accept: application/json`, no credentials, redirects followed by
 * hand (≤5 hops, each one recorded). A hop leaving the user's target is a
 * learned URL and goes through the address policy.
 */
import type { DocumentFetch } from '../../evidence/auth-types.js';
import type { ExchangeId, Probe } from '../../evidence/types.js';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../../evidence/parse/json-rpc.js';
import { parseMediaType } from '../../evidence/parse/media-type.js';
import type { HttpClient } from '../http/types.js';
import { MAX_REDIRECTS } from './plan.js';

export interface DocumentRequest {
  readonly url: string;
  readonly probe: string;
  readonly purpose: string;
  readonly source: 'user' | 'learned';
  /** The MCP endpoint's origin: a redirect stays `user` only while it stays there. */
  readonly targetOrigin: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Do not follow a redirect to another origin (probes whose headers may be reflected into `Location`). */
  readonly sameOriginRedirectsOnly?: boolean;
  /** Served ahead of ordinary queued requests (see `RequestSpec.priority`). */
  readonly priority?: boolean;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_ERROR_CHARS = 200;

function nextUrl(location: string, base: string): URL | null {
  try {
    return new URL(location, base);
  } catch {
    return null;
  }
}

/** JSON as a client's `response.json()` reads it: a leading BOM is dropped. */
function parseJson(text: string, truncated: boolean): { json: unknown; jsonError: string | null } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // A hostile document nested 100 000 levels deep parses, but the evidence holding it could then
  // not be serialized or walked (stack overflow): bounded as JSON-RPC bodies are.
  if (jsonDepthExceeds(body, MAX_JSON_DEPTH)) {
    return { json: null, jsonError: `JSON nested deeper than ${MAX_JSON_DEPTH} levels; not parsed` };
  }
  try {
    return { json: JSON.parse(body), jsonError: null };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return {
      json: null,
      jsonError: (truncated ? `body cut at the size cap: ${message}` : message).slice(0, MAX_ERROR_CHARS),
    };
  }
}

export async function fetchDocument(client: HttpClient, req: DocumentRequest): Promise<Probe<DocumentFetch>> {
  const hops: { status: number; location: string; exchange: ExchangeId }[] = [];
  const exchanges: ExchangeId[] = [];
  let current = req.url;
  let source = req.source;
  for (;;) {
    const result = await client.send({
      method: 'GET',
      url: current,
      headers: { accept: 'application/json', ...(req.headers ?? {}) },
      probe: req.probe,
      purpose: hops.length === 0 ? req.purpose : `${req.purpose} (redirect ${hops.length})`,
      source,
      attachCredentials: false,
      ...(req.priority ? { priority: true } : {}),
    });
    exchanges.push(result.exchangeId);
    const res = result.response;
    if (!res) {
      return {
        kind: 'failed',
        error: result.error ?? { code: 'protocol', message: 'no response' },
        exchanges,
      };
    }
    const location = REDIRECTS.has(res.status) ? (res.headers['location']?.[0] ?? null) : null;
    const next = location === null ? null : nextUrl(location, current);
    const follow =
      location !== null &&
      next !== null &&
      hops.length < MAX_REDIRECTS &&
      !(req.sameOriginRedirectsOnly && next.origin !== new URL(current).origin);
    if (follow) {
      hops.push({ status: res.status, location, exchange: result.exchangeId });
      source = req.source === 'user' && next.origin === req.targetOrigin ? 'user' : 'learned';
      current = next.href;
      continue;
    }
    const mediaType = parseMediaType(res.headers['content-type'])?.essence ?? null;
    return {
      kind: 'ok',
      value: {
        url: req.url,
        finalUrl: current,
        hops,
        status: res.status,
        mediaType,
        ...parseJson(res.text, res.truncated),
        exchange: result.exchangeId,
      },
      exchanges,
    };
  }
}

/** The document as a JSON object, when the fetch succeeded with 2xx and an object body. */
export function jsonObject(fetch: Probe<DocumentFetch>): Record<string, unknown> | null {
  if (fetch.kind !== 'ok' || fetch.value.status < 200 || fetch.value.status >= 300) return null;
  const j = fetch.value.json;
  return typeof j === 'object' && j !== null && !Array.isArray(j) ? (j as Record<string, unknown>) : null;
}
