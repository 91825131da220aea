/** The prose of an item: the strings the model reads as text (names and URIs are judged elsewhere). */
import { normalise } from '../../surface/normalise.js';
import { clauses } from '../../surface/clauses.js';
import type { SurfaceItem, SurfaceString } from '../../surface/types.js';

const PROSE = new Set([
  'title',
  'description',
  'annotation',
  'meta',
  'schema-description',
  'schema-title',
  'schema-default',
  'schema-example',
  'schema-enum',
  'schema-const',
  'argument-title',
  'argument-description',
  'instructions',
  'server-info',
]);

export function proseOf(item: SurfaceItem): SurfaceString[] {
  return item.strings.filter((s) => PROSE.has(s.role));
}

const CLAUSES = new WeakMap<SurfaceString, readonly string[]>();

/**
 * The clauses of a string's normalised text and hidden parts read as one text, as TOOL04, TOOL05
 * and the cross-server reading cut them: cut once per string of a surface, shared by the three.
 */
export function clausesOf(str: SurfaceString): readonly string[] {
  let out = CLAUSES.get(str);
  if (!out) {
    const n = normalise(str.text);
    out = clauses([n.text, ...n.hidden].join('\n'));
    CLAUSES.set(str, out);
  }
  return out;
}
