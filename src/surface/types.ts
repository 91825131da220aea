/**
 * The model-visible surface of a server: every string a client may put in front of the model
 * (tools, prompts, resources, resource templates, `instructions`, `serverInfo`), each with the
 * place it came from so that a finding can point at it.
 */

import type { ItemKind as ListedItemKind } from '../evidence/pin-types.js';

/** A listed kind (./items.ts), or the server itself (`instructions`, `serverInfo`). */
export type ItemKind = ListedItemKind | 'server';

/** What part of an item a string is. */
export type FieldRole =
  | 'name'
  | 'title'
  | 'description'
  | 'uri'
  | 'annotation'
  | 'meta'
  | 'schema-description'
  | 'schema-title'
  | 'schema-default'
  | 'schema-example'
  | 'schema-enum'
  | 'schema-const'
  | 'property-name'
  | 'argument-name'
  | 'argument-title'
  | 'argument-description'
  | 'instructions'
  | 'server-info';

export interface SurfaceString {
  readonly kind: ItemKind;
  /** The item's name (`instructions` and `info` for the two server strings). */
  readonly item: string;
  /** Dotted field path inside the item, e.g. `inputSchema.properties.path.description`. */
  readonly field: string;
  /** JSON pointer from the listing root, e.g. `/tools/3/inputSchema/properties/path/description`. */
  readonly pointer: string;
  readonly role: FieldRole;
  /** The text, cut at MAX_STRING_CHARS. */
  readonly text: string;
  /** The length before any cut. */
  readonly length: number;
  readonly truncated: boolean;
}

export interface SurfaceItem {
  readonly kind: ItemKind;
  readonly name: string;
  /** Position in its listing. */
  readonly index: number;
  /** The item as served (tools, prompts, …); null for the server strings. */
  readonly raw: Readonly<Record<string, unknown>> | null;
  readonly strings: readonly SurfaceString[];
  /** JSON pointers where the walk stopped at the depth limit. */
  readonly tooDeep: readonly string[];
}

export interface Surface {
  readonly items: readonly SurfaceItem[];
  /** The caps stopped the extraction (strings or items left out). */
  readonly truncated: boolean;
  /** Number of strings kept. */
  readonly count: number;
}
