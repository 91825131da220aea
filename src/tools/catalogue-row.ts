/**
 * Reads the `revisions` and `mode` cells of a catalogue row (src/spec/catalogue.ts) into the
 * shapes check meta uses, for the catalogue gate. The cells are prose with a fixed core:
 * `≥2025-03-26 · http`, `any · http, sse`, `2025-03-26…2025-11-25 · http`, `all · stdio`,
 * `2026-07-28 (modern-only) · http`, `token + intrusive (…)`. Parentheses are comments; a `;`
 * separates alternative readings (`≥2025-06-18; any when published`).
 */
import type { CheckTransport, Tier } from '../checks/define-check.js';
import type { Revision } from '../spec/revisions.js';
import { REVISIONS, isRevision } from '../spec/revisions.js';

/** One acceptable reading of the revisions cell: `any`, or a list of revisions. */
export type RowRevisions = 'any' | readonly Revision[];

export interface CatalogueRow {
  /** The readings of the revision part; meta matches when it equals one of them. */
  readonly revisions: readonly RowRevisions[];
  /** The transports named after the `·`; null for `doc` (lint rows have no wire transport). */
  readonly transports: readonly CheckTransport[] | null;
  /** The tiers the mode cell allows as meta `mode`. */
  readonly modes: readonly Tier[];
}

const withoutComments = (s: string): string => {
  let out = s;
  // Innermost first, so nested parentheses go too.
  while (/\([^()]*\)/.test(out)) out = out.replace(/\s*\([^()]*\)/g, '');
  return out.trim();
};

const from = (r: Revision): Revision[] => REVISIONS.filter((x) => x >= r);
const between = (a: Revision, b: Revision): Revision[] => REVISIONS.filter((x) => x >= a && x <= b);

function readRevisions(part: string): RowRevisions {
  const p = part.trim();
  if (p.startsWith('any')) return 'any';
  if (p === 'all') return [...REVISIONS];
  const atLeast = /^≥(\d{4}-\d{2}-\d{2})$/.exec(p);
  if (atLeast && isRevision(atLeast[1])) return from(atLeast[1]);
  const range = /^(\d{4}-\d{2}-\d{2})…(\d{4}-\d{2}-\d{2})$/.exec(p);
  if (range && isRevision(range[1]) && isRevision(range[2])) return between(range[1], range[2]);
  if (isRevision(p)) return [p];
  // Prose around the revision core ("MCP-normative ≥2025-06-18"): read the core.
  const core = /(≥\d{4}-\d{2}-\d{2}|\d{4}-\d{2}-\d{2}…\d{4}-\d{2}-\d{2}|\d{4}-\d{2}-\d{2})/.exec(p);
  if (core && core[1] !== p) return readRevisions(core[1]!);
  throw new Error(`unreadable revisions cell part: "${part}"`);
}

const TRANSPORTS: Readonly<Record<string, readonly CheckTransport[]>> = {
  http: ['streamable-http'],
  sse: ['http+sse'],
  stdio: ['stdio'],
  as: ['as'],
  all: ['streamable-http', 'http+sse', 'stdio', 'as'],
};

function readTransports(part: string): readonly CheckTransport[] | null {
  const names = part.split(',').map((t) => t.trim());
  if (names.includes('doc')) return null;
  return names.flatMap((n) => {
    const t = TRANSPORTS[n];
    if (!t) throw new Error(`unknown transport "${n}" in a catalogue row`);
    return t;
  });
}

/** Tiers of one mode reading: `passive + safe` gives a verdict passively (partial), so passive. */
function readMode(part: string): Tier[] {
  const p = withoutComments(part);
  const first = p.split(/\s*\+\s*/)[0]!.trim();
  switch (first) {
    case 'passive':
    case 'lint':
    case 'baseline':
    case 'all':
      return ['passive'];
    case 'safe':
      return ['safe'];
    case 'intrusive':
      return ['intrusive'];
    case 'token':
      return ['token'];
    default:
      throw new Error(`unreadable mode cell: "${part}"`);
  }
}

export function readCatalogueRow(row: { readonly revisions: string; readonly mode: string }): CatalogueRow {
  const [revisionPart, transportPart] = row.revisions.split('·');
  if (revisionPart === undefined || transportPart === undefined)
    throw new Error(`revisions cell without "·": "${row.revisions}"`);
  return {
    revisions: withoutComments(revisionPart)
      .split(';')
      .map((r) => readRevisions(r)),
    transports: readTransports(withoutComments(transportPart)),
    modes: withoutComments(row.mode)
      .split(';')
      .flatMap((m) => readMode(m)),
  };
}

/** Meta `revisions` against the row: equal to one reading (order-insensitive). */
export function revisionsMatch(meta: 'any' | readonly Revision[], row: CatalogueRow): boolean {
  return row.revisions.some((r) =>
    r === 'any' || meta === 'any' ? r === meta : r.length === meta.length && r.every((x) => meta.includes(x)),
  );
}

/** Meta `transports` against the row, as sets. */
export function transportsMatch(meta: readonly CheckTransport[], row: CatalogueRow): boolean {
  if (row.transports === null) return true;
  const want = new Set(row.transports);
  return meta.length === want.size && meta.every((t) => want.has(t));
}
