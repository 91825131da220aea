/**
 * Pairs the scan's recorded exchanges with the requests the proxy saw, by what was sent: method,
 * path, body (JSON-RPC ids make POST bodies unique within a scan), session ID, Origin and protocol
 * version. Gives each exchange its send order, which the evidence lacks (exchange ids may be
 * renumbered in plan order, not issue order).
 */
import type { HttpExchange } from '../evidence/types.js';
import type { TraceEntry } from './latency-proxy.js';

const SIGNATURE_HEADERS = ['mcp-session-id', 'origin', 'mcp-protocol-version'];

function signature(
  method: string,
  path: string,
  body: string,
  header: (name: string) => string | undefined,
): string {
  return JSON.stringify([method, path, body, ...SIGNATURE_HEADERS.map((h) => header(h) ?? '')]);
}

/** Path and query as the proxy sees them. */
function pathOf(url: string): string {
  if (!URL.canParse(url)) return url;
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}

/** Exchange id → the matching trace entry (first unused one with the same signature). */
export function matchTrace(
  exchanges: readonly HttpExchange[],
  trace: readonly TraceEntry[],
): Map<string, TraceEntry> {
  const pool = new Map<string, TraceEntry[]>();
  for (const t of trace) {
    const key = signature(t.method, t.path, t.body, (h) => {
      const v = t.headers[h];
      return Array.isArray(v) ? v.join(', ') : v;
    });
    pool.set(key, [...(pool.get(key) ?? []), t]);
  }
  const matched = new Map<string, TraceEntry>();
  for (const x of exchanges) {
    const key = signature(
      x.request.method,
      pathOf(x.request.url),
      x.request.body ?? '',
      (h) => x.request.headers[h],
    );
    const t = pool.get(key)?.shift();
    if (t) matched.set(x.id, t);
  }
  return matched;
}
