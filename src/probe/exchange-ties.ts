/**
 * Breaking ties in the canonical exchange order (./exchange-order.ts). Requests equal in probe,
 * method, URL, body and purpose still come from different concurrent probes: the cleanup
 * DELETEs of the sessions the Origin probes and the extra sessions opened differ only in the
 * session ID, which the server invented. Their issue order depends on which session opened
 * first, so a stable sort let them swap between runs.
 *
 * The tie-break names each such value by where it came from: a request header value that an
 * earlier response header carried (a session ID) is replaced by the position of the first
 * exchange, in the canonical order, whose response carried it. The DELETE of the session an
 * Origin probe opened then sorts by that probe's place, which does not depend on timing.
 * Requests equal in all of that as well keep their issue order (a stable sort): they are the
 * attempts of one sequential probe (a retry), whose order is deterministic and meaningful.
 * Responses are never compared: they may carry values that change between runs.
 */
import type { HttpExchange } from '../evidence/types.js';

type Compare = (a: HttpExchange, b: HttpExchange) => number;

/** Where each response header value first appeared in `sorted` (its index). */
function provenance(sorted: readonly HttpExchange[]): Map<string, number> {
  const seen = new Map<string, number>();
  sorted.forEach((x, i) => {
    for (const values of Object.values(x.response?.headers ?? {}))
      for (const v of values) if (!seen.has(v)) seen.set(v, i);
  });
  return seen;
}

function tieKey(x: HttpExchange, origin: ReadonlyMap<string, number>): string {
  const headers = Object.keys(x.request.headers)
    .sort()
    .map((name) => {
      const v = x.request.headers[name] ?? '';
      const from = origin.get(v);
      return [name, from === undefined ? v : `#${from}`];
    });
  return JSON.stringify(headers);
}

const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * `exchanges` sorted by `primary`, ties broken by tieKey. Provenance is read from the order
 * being built, so the tie-break runs twice: the second pass sees the positions the first settled
 * (a session opened by a tied request is named by that request's final place). Only the runs of
 * requests `primary` ties are sorted again, each from issue order (the order a stable sort of the
 * whole list by `primary`, then tieKey, gives them): the rest of the order is `primary`'s alone.
 */
export function totalOrder(exchanges: readonly HttpExchange[], primary: Compare): HttpExchange[] {
  const sorted = [...exchanges].sort(primary);
  // Runs of requests primary ties, each in issue order (the sort is stable).
  const runs: { readonly start: number; readonly issued: readonly HttpExchange[] }[] = [];
  for (let start = 0; start < sorted.length;) {
    let end = start + 1;
    while (end < sorted.length && primary(sorted[start]!, sorted[end]!) === 0) end++;
    if (end - start > 1) runs.push({ start, issued: sorted.slice(start, end) });
    start = end;
  }
  if (runs.length === 0) return sorted;
  for (let pass = 0; pass < 2; pass++) {
    const origin = provenance(sorted);
    for (const { start, issued } of runs) {
      const keys = new Map(issued.map((x) => [x, tieKey(x, origin)]));
      const settled = [...issued].sort((a, b) => byString(keys.get(a)!, keys.get(b)!));
      for (let i = 0; i < settled.length; i++) sorted[start + i] = settled[i]!;
    }
  }
  return sorted;
}
