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

const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/** The end of the run of digits, or of other characters, that starts at `i`. */
function runEnd(s: string, i: number): number {
  const digits = isDigit(s.charCodeAt(i));
  let j = i + 1;
  while (j < s.length && isDigit(s.charCodeAt(j)) === digits) j++;
  return j;
}

/** The number of runs from `i` on. */
function runsFrom(s: string, i: number): number {
  let n = 0;
  for (let at = i; at < s.length; at = runEnd(s, at)) n++;
  return n;
}

/** Code-unit order of s[i, ie) and t[j, je), as `<` orders two strings: -1, 0 or 1. */
function compareSpans(s: string, i: number, ie: number, t: string, j: number, je: number): number {
  for (; i < ie && j < je; i++, j++) {
    const d = s.charCodeAt(i) - t.charCodeAt(j);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return ie - i === je - j ? 0 : ie - i < je - j ? -1 : 1;
}

/**
 * Compares strings with digit runs compared as numbers (`page 2` < `page 10`); locale-free.
 * Walks both strings in place: a scan sorts its exchanges three times, and splitting every
 * compared string into runs allocated ~70 KB a scan.
 */
export function naturalCompare(a: string, b: string): number {
  // Most comparisons of a sort are of equal methods, URLs and bodies.
  if (a === b) return 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const ie = runEnd(a, i);
    const je = runEnd(b, j);
    const order = compareSpans(a, i, ie, b, j, je);
    if (order !== 0) {
      if (!isDigit(a.charCodeAt(i)) || !isDigit(b.charCodeAt(j))) return order;
      // Both numbers: leading zeros aside, the longer is larger; then digit by digit; then fewer zeros first.
      let x = i;
      let y = j;
      while (x < ie - 1 && a.charCodeAt(x) === 48) x++;
      while (y < je - 1 && b.charCodeAt(y) === 48) y++;
      if (ie - x !== je - y) return ie - x - (je - y);
      const value = compareSpans(a, x, ie, b, y, je);
      if (value !== 0) return value;
      return ie - i - (je - j);
    }
    i = ie;
    j = je;
  }
  return runsFrom(a, i) - runsFrom(b, j);
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
  // Entries are built only once a value changed: most of the evidence is walked, not copied.
  // `for…in` (own keys only: the prototype is Object.prototype) lists no array of keys per object.
  let entries: [string, unknown][] | null = null;
  for (const k in record) {
    const v = record[k];
    const mapped = mapStrings(v, text, depth + 1);
    if (entries === null && mapped !== v) {
      entries = [];
      for (const p in record) {
        if (p === k) break;
        entries.push([p, record[p]]);
      }
    }
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
