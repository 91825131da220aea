/**
 * The file names of a run's per-target reports (`--output-dir`), the same whether the run writes
 * them or `fleet report` links to them: the server's name as a safe slug (lower case, letters,
 * digits, `.`, `-`, `_`), de-duplicated by a short hash of the identity for every name that two
 * targets share. A name that differs only in case or punctuation is the same slug, so a
 * case-insensitive file system never merges two reports. Server names are hostile: nothing of
 * them but the slug's characters reaches the file system.
 */
import { targetIdOf } from '../db/keys.js';

/** The table of the run itself is written as `index.<ext>`. */
export const INDEX_STEM = 'index';
const MAX_SLUG = 60;
/** Names a file may not take: the run's own table, and the devices of Windows. */
const RESERVED = new Set([
  INDEX_STEM,
  'con',
  'prn',
  'aux',
  'nul',
  ...Array.from({ length: 9 }, (_, i) => `com${i + 1}`),
  ...Array.from({ length: 9 }, (_, i) => `lpt${i + 1}`),
]);

export interface Named {
  readonly identity: string;
  readonly name: string | null;
}

/** What a target is called when its source gave it no name: its host and path, or its command. */
function fallbackName(identity: string): string {
  return identity.replace(/^[a-z]+:(\/\/)?/i, '');
}

export function slugOf(t: Named): string {
  const slug = (t.name ?? fallbackName(t.identity))
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[-._]+|[-._]+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/[-._]+$/g, '');
  return slug || 'target';
}

/** Identity → file stem, for every target of a run (the same list gives the same names). */
export function reportStems(targets: Iterable<Named>): Map<string, string> {
  const slugs = new Map<string, string>();
  const uses = new Map<string, number>();
  for (const t of targets) {
    if (slugs.has(t.identity)) continue;
    const slug = slugOf(t);
    slugs.set(t.identity, slug);
    uses.set(slug, (uses.get(slug) ?? 0) + 1);
  }
  const stems = new Map<string, string>();
  for (const [identity, slug] of slugs)
    stems.set(
      identity,
      uses.get(slug)! > 1 || RESERVED.has(slug) ? `${slug}-${targetIdOf(identity).slice(0, 8)}` : slug,
    );
  return stems;
}
