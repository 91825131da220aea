/**
 * `x-mcp-header` annotations of a tool's `inputSchema` (2026-07-28
 * streamable-http#Custom Headers from Tool Parameters): which argument each
 * `Mcp-Param-{Name}` header mirrors, and the header text of an argument value.
 * Pure and total: a hostile schema yields fewer annotations, never an exception.
 */
import { isTchar } from './http-chars.js';
import { isObject } from './json-value.js';

/** One annotated parameter: its property path from the schema root and the header name part. */
export interface HeaderParam {
  /** Chain of `properties` keys from the root, e.g. `['region']` or `['target', 'region']`. */
  readonly path: readonly string[];
  /** The `x-mcp-header` value: the header is `Mcp-Param-{name}`. */
  readonly name: string;
}

/** Nesting past this depth is not followed (schemas are parsed JSON, already depth-capped). */
const MAX_DEPTH = 16;

/** A valid `x-mcp-header` value: a non-empty RFC 9110 token (`1*tchar`). */
export function isHeaderName(v: unknown): v is string {
  if (typeof v !== 'string' || v.length === 0) return false;
  for (let i = 0; i < v.length; i++) if (!isTchar(v.charCodeAt(i))) return false;
  return true;
}

/**
 * Annotated parameters reachable from the root through `properties` keys only, in
 * schema order (depth first). Annotations anywhere else (under `items`, `oneOf`, `$ref`
 * …) are invalid per the specification and are not mirrored, so they are not listed;
 * neither are values that are not header tokens.
 */
export function headerParams(inputSchema: unknown): HeaderParam[] {
  const out: HeaderParam[] = [];
  const walk = (schema: unknown, path: readonly string[]): void => {
    if (!isObject(schema) || path.length > MAX_DEPTH) return;
    const props = schema['properties'];
    if (!isObject(props)) return;
    for (const [key, sub] of Object.entries(props)) {
      if (!isObject(sub)) continue;
      const here = [...path, key];
      if (isHeaderName(sub['x-mcp-header'])) out.push({ path: here, name: sub['x-mcp-header'] });
      walk(sub, here);
    }
  };
  walk(inputSchema, []);
  return out;
}

/** The argument at a property path; undefined when any step is missing. */
export function valueAt(args: unknown, path: readonly string[]): unknown {
  let v: unknown = args;
  for (const key of path) {
    if (!isObject(v) || !Object.hasOwn(v, key)) return undefined;
    v = v[key];
  }
  return v;
}

/**
 * The header text of an argument value (before Base64-sentinel encoding): strings as
 * they are, safe integers in decimal, booleans as `true`/`false`. Null for values a
 * client does not mirror (absent, null) or cannot (objects, arrays, non-integers).
 */
export function headerText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return null;
}

/** `Mcp-Param-{name}` as written in messages (the wire name is case-insensitive). */
export function paramHeaderName(name: string): string {
  return `Mcp-Param-${name}`;
}
