/**
 * Extraction of every model-visible string from the inventory, with its location. Bounded: a
 * hostile server can list thousands of tools with megabytes of schema, so strings are cut, the
 * number kept per item and in total is capped, and schema walks stop at a depth limit (the
 * stop is recorded: TOOL10 reports it).
 */
import type { Inventory } from '../evidence/types.js';
import { escapeExcerpt } from '../escape/invisible.js';
import { LISTED_KINDS, listingOf } from './items.js';
import type { FieldRole, ItemKind, Surface, SurfaceItem, SurfaceString } from './types.js';

export const MAX_STRING_CHARS = 16_384;
const MAX_STRINGS_PER_ITEM = 2_000;
const MAX_STRINGS = 100_000;
const MAX_ITEMS = 5_000;
/** The inspection depth limit (catalogue TOOL10). */
export const MAX_DEPTH = 64;

type Obj = Readonly<Record<string, unknown>>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON pointer escaping (RFC 6901). */
const esc = (s: string): string => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Keys whose value is a map from names to subschemas. */
const NAMED_SCHEMAS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
]);
/** Keys whose value is a subschema or a list of them. */
const SUBSCHEMAS = new Set([
  'items',
  'additionalItems',
  'prefixItems',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'anyOf',
  'allOf',
  'oneOf',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'propertyNames',
]);
const STRING_KEYWORDS: Readonly<Record<string, FieldRole>> = {
  description: 'schema-description',
  title: 'schema-title',
  default: 'schema-default',
  examples: 'schema-example',
  enum: 'schema-enum',
  const: 'schema-const',
};

class Collector {
  total = 0;
  truncated = false;
  readonly strings: SurfaceString[] = [];
  readonly tooDeep: string[] = [];
  constructor(
    readonly kind: ItemKind,
    readonly item: string,
  ) {}

  add(field: string, pointer: string, role: FieldRole, text: string): void {
    if (text.length === 0) return;
    if (this.strings.length >= MAX_STRINGS_PER_ITEM) {
      this.truncated = true;
      return;
    }
    const cut = text.length > MAX_STRING_CHARS;
    this.strings.push({
      kind: this.kind,
      item: this.item,
      // Field paths and pointers are made of server-chosen keys: kept inert for display.
      field: escapeExcerpt(field, 300),
      pointer: escapeExcerpt(pointer, 300),
      role,
      text: cut ? text.slice(0, MAX_STRING_CHARS) : text,
      length: text.length,
      truncated: cut,
    });
  }

  /** Every string leaf of a value (default, const, examples, _meta), bounded by depth. */
  leaves(value: unknown, field: string, pointer: string, role: FieldRole, depth: number): void {
    if (depth > MAX_DEPTH) {
      this.tooDeep.push(pointer);
      return;
    }
    if (typeof value === 'string') this.add(field, pointer, role, value);
    else if (Array.isArray(value))
      value.forEach((v, i) => this.leaves(v, `${field}[${i}]`, `${pointer}/${i}`, role, depth + 1));
    else if (isObj(value))
      for (const [k, v] of Object.entries(value))
        this.leaves(v, `${field}.${k}`, `${pointer}/${esc(k)}`, role, depth + 1);
  }

  schema(node: unknown, field: string, pointer: string, depth: number): void {
    if (depth > MAX_DEPTH) {
      this.tooDeep.push(pointer);
      return;
    }
    if (Array.isArray(node)) {
      node.forEach((n, i) => this.schema(n, `${field}[${i}]`, `${pointer}/${i}`, depth + 1));
      return;
    }
    if (!isObj(node)) return;
    for (const [key, value] of Object.entries(node)) {
      const f = `${field}.${key}`;
      const p = `${pointer}/${esc(key)}`;
      const role = STRING_KEYWORDS[key];
      if (role) {
        // `title`/`description` hold strings; a property literally named so sits under `properties`.
        this.leaves(value, f, p, role, depth + 1);
      } else if (NAMED_SCHEMAS.has(key) && isObj(value)) {
        for (const [name, sub] of Object.entries(value)) {
          const fn = `${f}.${name}`;
          const pn = `${p}/${esc(name)}`;
          if (key === 'properties') this.add(fn, pn, 'property-name', name);
          this.schema(sub, fn, pn, depth + 2);
        }
      } else if (SUBSCHEMAS.has(key)) {
        this.schema(value, f, p, depth + 1);
      }
    }
  }
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function itemName(raw: Obj, kind: ItemKind, index: number): string {
  const name = str(raw['name']);
  if (name !== null && name.length > 0) return name.slice(0, 256);
  const uri = str(raw['uri']) ?? str(raw['uriTemplate']);
  return uri ? uri.slice(0, 256) : `#${index}`;
}

function extractItem(kind: ItemKind, list: string, raw: Obj, index: number): SurfaceItem {
  const name = itemName(raw, kind, index);
  const c = new Collector(kind, name);
  const base = `/${list}/${index}`;
  const plain = (key: string, role: FieldRole) => {
    const v = str(raw[key]);
    if (v !== null) c.add(key, `${base}/${key}`, role, v);
  };
  plain('name', 'name');
  plain('title', 'title');
  plain('description', 'description');
  if (kind === 'resource') plain('uri', 'uri');
  if (kind === 'resourceTemplate') plain('uriTemplate', 'uri');
  if (kind === 'tool') {
    const ann = raw['annotations'];
    if (isObj(ann))
      for (const [k, v] of Object.entries(ann))
        if (typeof v === 'string')
          c.add(`annotations.${k}`, `${base}/annotations/${esc(k)}`, 'annotation', v);
    c.schema(raw['inputSchema'], 'inputSchema', `${base}/inputSchema`, 1);
    c.schema(raw['outputSchema'], 'outputSchema', `${base}/outputSchema`, 1);
  }
  if (kind === 'prompt' && Array.isArray(raw['arguments'])) {
    raw['arguments'].forEach((a: unknown, i: number) => {
      if (!isObj(a)) return;
      const p = `${base}/arguments/${i}`;
      const an = str(a['name']);
      const label = `arguments.${an ?? i}`;
      if (an !== null) c.add(`${label}.name`, `${p}/name`, 'argument-name', an);
      const at = str(a['title']);
      if (at !== null) c.add(`${label}.title`, `${p}/title`, 'argument-title', at);
      const ad = str(a['description']);
      if (ad !== null) c.add(`${label}.description`, `${p}/description`, 'argument-description', ad);
    });
  }
  if (isObj(raw['_meta'])) c.leaves(raw['_meta'], '_meta', `${base}/_meta`, 'meta', 1);
  return { kind, name, index, raw, strings: c.strings, tooDeep: c.tooDeep };
}

export function extractSurface(inv: Inventory): Surface {
  const items: SurfaceItem[] = [];
  let truncated = false;
  let count = 0;
  const push = (item: SurfaceItem) => {
    if (items.length >= MAX_ITEMS || count + item.strings.length > MAX_STRINGS) {
      truncated = true;
      return;
    }
    items.push(item);
    count += item.strings.length;
  };
  for (const k of LISTED_KINDS) {
    (listingOf(inv, k)?.items ?? []).forEach((raw, i) => {
      // Past the item cap nothing more is kept: do not extract what would be dropped.
      if (items.length >= MAX_ITEMS) truncated = true;
      else if (isObj(raw)) push(extractItem(k.kind, k.list, raw, i));
    });
  }
  if (typeof inv.instructions === 'string' && inv.instructions.length > 0) {
    const c = new Collector('server', 'instructions');
    c.add('instructions', '/instructions', 'instructions', inv.instructions);
    push({ kind: 'server', name: 'instructions', index: 0, raw: null, strings: c.strings, tooDeep: [] });
  }
  if (isObj(inv.serverInfo)) {
    const c = new Collector('server', 'info');
    for (const k of ['name', 'title', 'version', 'description', 'websiteUrl'])
      if (typeof inv.serverInfo[k] === 'string')
        c.add(`serverInfo.${k}`, `/serverInfo/${k}`, 'server-info', inv.serverInfo[k]);
    push({ kind: 'server', name: 'info', index: 0, raw: inv.serverInfo, strings: c.strings, tooDeep: [] });
  }
  return { items, truncated, count };
}
