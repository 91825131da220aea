/**
 * The last step of a scan: a deterministic order for the recorded exchanges, and the
 * user's credentials scrubbed from the whole evidence. The client numbers exchanges in issue
 * order, but probes run concurrently (the OAuth chain beside the session probes, four
 * inventory listings side by side, redirect hops), so issue order depends on how fast the
 * server answers: two scans of one server gave different ids and orders. At the end of a
 * scan the exchanges are sorted by a key made only of what was sent, renumbered x1..xN in
 * that order, and every reference in the evidence is rewritten to the new ids.
 *
 * Provisional ids are unguessable (the client counts from a random offset), so the rewrite
 * can replace them wherever they occur without ever touching server-supplied text.
 *
 * The same walk redacts the user's credentials from every string: parsed server data
 * (session IDs, tool lists, metadata documents) may reflect the token.
 */
import { randomInt } from 'node:crypto';

import type { Evidence, ExchangeId, HttpExchange } from '../evidence/types.js';
import { totalOrder } from './exchange-ties.js';

/**
 * A random offset for provisional exchange numbers (13 to 15 digits, never shown to a server).
 * Kept below 1e15 so offset + count stays an exact integer (Number.MAX_SAFE_INTEGER ≈ 9e15).
 */
export function provisionalIdOffset(): number {
  return randomInt(1e11, 1e13) * 100;
}

/** Compares strings with digit runs compared as numbers (`page 2` < `page 10`); locale-free. */
export function naturalCompare(a: string, b: string): number {
  // Most comparisons of a sort are of equal methods, URLs and bodies: no need to split them.
  if (a === b) return 0;
  const runs = /(\d+)|(\D+)/g;
  const ra = a.match(runs) ?? [];
  const rb = b.match(runs) ?? [];
  for (let i = 0; i < Math.min(ra.length, rb.length); i++) {
    const x = ra[i]!;
    const y = rb[i]!;
    if (x === y) continue;
    const dx = /^\d/.test(x);
    const dy = /^\d/.test(y);
    if (dx && dy) {
      const nx = x.replace(/^0+(?=\d)/, '');
      const ny = y.replace(/^0+(?=\d)/, '');
      if (nx.length !== ny.length) return nx.length - ny.length;
      if (nx !== ny) return nx < ny ? -1 : 1;
      return x.length - y.length; // same value, fewer leading zeros first
    }
    return x < y ? -1 : 1;
  }
  return ra.length - rb.length;
}

/**
 * Sort key, most significant first: the probe's place in the request plan (so the order
 * reads like `--plan`), then method, URL, body and purpose (list pages differ in their
 * body's JSON-RPC id, redirect hops in their URL, cleanup DELETEs in their purpose).
 * Request headers are not compared as sent: they carry session IDs the server invents.
 * Ties are broken by ./exchange-ties.ts.
 */
function compareExchanges(rank: (probe: string) => number) {
  return (a: HttpExchange, b: HttpExchange): number =>
    rank(a.probe) - rank(b.probe) ||
    naturalCompare(a.probe, b.probe) ||
    naturalCompare(a.request.method, b.request.method) ||
    naturalCompare(a.request.url, b.request.url) ||
    naturalCompare(a.request.body ?? '', b.request.body ?? '') ||
    naturalCompare(a.purpose, b.purpose);
}

const ID_IN_TEXT = /x\d{12,}/g;

/**
 * Past this depth a subtree is replaced by a marker. Server JSON is parsed only up to 64
 * levels (MAX_JSON_DEPTH), so this never cuts real evidence; it guarantees that no path
 * can hand serializeEvidence (JSON.stringify, recursive) a structure that overflows the stack.
 */
const MAX_EVIDENCE_DEPTH = 200;
const TOO_DEEP = '[nested too deep; dropped]';

/**
 * `value` with `text` applied to every string (object keys excluded). Unchanged subtrees are
 * returned as they are, so a large inventory is not copied just to be walked.
 */
function mapStrings(value: unknown, text: (s: string) => string, depth = 0): unknown {
  if (typeof value === 'string') return text(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_EVIDENCE_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) {
    const items = value as unknown[];
    let copy: unknown[] | null = null;
    for (let i = 0; i < items.length; i++) {
      const mapped = mapStrings(items[i], text, depth + 1);
      if (mapped !== items[i]) {
        copy ??= [...items];
        copy[i] = mapped;
      }
    }
    return copy ?? items;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  // Entries are built only once a value changed: most of the evidence is walked, not copied.
  let entries: [string, unknown][] | null = null;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const v = record[k];
    const mapped = mapStrings(v, text, depth + 1);
    if (entries === null && mapped !== v) entries = keys.slice(0, i).map((p) => [p, record[p]]);
    entries?.push([k, mapped]);
  }
  // fromEntries defines own properties, so a server's `__proto__` key stays a plain key.
  return entries === null ? value : Object.fromEntries(entries);
}

export interface CanonicalOptions {
  /** Probe IDs in request-plan order (buildPlan). */
  readonly planOrder: readonly string[];
  /**
   * Removes the user's credentials from text. The HTTP layer redacts what it records, but
   * evidence also holds parsed server data (session IDs, tool lists, metadata documents), and
   * a server may reflect the token into any of it.
   */
  readonly redact: (text: string) => string;
}

/**
 * The evidence with its exchanges in the deterministic order, numbered x1..xN, every
 * provisional id elsewhere rewritten to match, and the user's credentials redacted from
 * every string.
 */
export function canonicalizeEvidence(evidence: Evidence, opts: CanonicalOptions): Evidence {
  const position = new Map<string, number>();
  opts.planOrder.forEach((probe, i) => {
    if (!position.has(probe)) position.set(probe, i);
  });
  const rank = (probe: string): number => position.get(probe) ?? opts.planOrder.length;
  const sorted = totalOrder(evidence.exchanges, compareExchanges(rank));
  const ids = new Map<string, ExchangeId>(sorted.map((x, i) => [x.id, `x${i + 1}`]));
  const text = (value: string): string => {
    const clean = opts.redact(value);
    if (clean.length < 13 || !clean.includes('x')) return clean;
    return ids.get(clean) ?? clean.replace(ID_IN_TEXT, (m) => ids.get(m) ?? m);
  };
  // The exchanges were redacted when recorded and hold no references: renumbered, not walked.
  const rest = mapStrings({ ...evidence, exchanges: [] }, text) as Evidence;
  return { ...rest, exchanges: sorted.map((x) => ({ ...x, id: ids.get(x.id)! })) };
}
