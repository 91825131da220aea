/** The MCP protocol revisions the scanner knows, oldest first. `draft` is evaluated as 2026-07-28. */
export const REVISIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const;
export type Revision = (typeof REVISIONS)[number];

/** Versions sent to `initialize`, newest first (the detection ladder, docs/model/revisions.md#the-detection-ladder). */
export const LEGACY_REVISIONS_NEWEST_FIRST: readonly Revision[] = [
  '2025-11-25',
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
];
export const MODERN_REVISION: Revision = '2026-07-28';

export function isRevision(value: unknown): value is Revision {
  return typeof value === 'string' && (REVISIONS as readonly string[]).includes(value);
}

/** Inclusive revision range; `from`/`to` omitted means open-ended. */
export function revisionRange(from?: Revision, to?: Revision): Revision[] {
  const lo = from ? REVISIONS.indexOf(from) : 0;
  const hi = to ? REVISIONS.indexOf(to) : REVISIONS.length - 1;
  return REVISIONS.slice(lo, hi + 1);
}

export function atLeast(rev: Revision, min: Revision): boolean {
  return REVISIONS.indexOf(rev) >= REVISIONS.indexOf(min);
}

export function newest(revs: readonly Revision[]): Revision | null {
  let best: Revision | null = null;
  for (const r of revs) if (best === null || atLeast(r, best)) best = r;
  return best;
}

/** Distinct, oldest first (a walk of the five known revisions: no copy, set or sort for the usual short list). */
export function sortRevisions(revs: Iterable<Revision>): Revision[] {
  const list: readonly Revision[] = Array.isArray(revs) ? revs : [...revs];
  const out: Revision[] = [];
  for (const r of REVISIONS) if (list.includes(r)) out.push(r);
  if (out.length === list.length || out.length === new Set(list).size) return out;
  // A value that is no known revision (a hand-edited bundle) sorts first, as `indexOf` placed it.
  return [...new Set(list)].sort((a, b) => REVISIONS.indexOf(a) - REVISIONS.indexOf(b));
}
