/** The prose of an item: the strings the model reads as text (names and URIs are judged elsewhere). */
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
