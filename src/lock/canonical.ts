/**
 * RFC 8785 (JSON Canonicalization Scheme) for the values a lock holds, and the lock's
 * pretty form. Written here rather than taken from a package: the scheme is short for data
 * that came out of `JSON.parse` (ECMAScript number and string serialization are exactly what
 * RFC 8785 §3.2.2 prescribes), and the one subtle part — member order by UTF-16 code units,
 * which `Object.keys` does not give for integer-like keys — is easy to get wrong and is
 * property-tested in test/lock/canonical.test.ts.
 *
 * Deliberate choices: no Unicode normalisation (RFC 8785 §3.2.2.2: strings are kept as they
 * are, so a changed normalisation form is a change); a lone surrogate, which I-JSON forbids,
 * is escaped as `JSON.stringify` escapes it rather than rejected, so hostile server text never
 * stops a scan; non-finite numbers (impossible after `JSON.parse`) are an error; `undefined`
 * members are dropped as `JSON.stringify` drops them.
 *
 * The one canonical JSON of the code base: lock hashes and the fleet's surface and document hashes
 * (src/fleet/record.ts) both come from here. The fleet cuts hostile nesting deeper than
 * `FLEET_MAX_DEPTH` with a marker (its records were written that way); a lock keeps every level.
 * test/lock/canonical-compat.test.ts proves both former implementations' outputs unchanged.
 */
import { createHash } from 'node:crypto';

import type { LockHash } from '../evidence/pin-types.js';

/** UTF-16 code unit order (RFC 8785 §3.2.3): the default string comparison of `Array.prototype.sort`. */
const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function number(n: number): string {
  if (!Number.isFinite(n)) throw new TypeError(`RFC 8785 has no form for ${String(n)}`);
  // ECMAScript Number::toString, which JSON.stringify applies: the RFC 8785 §3.2.2.3 form (-0 is "0").
  return JSON.stringify(n);
}

function members(o: object): [string, unknown][] {
  return Object.keys(o)
    .filter((k) => (o as Record<string, unknown>)[k] !== undefined)
    .sort(byCodeUnits)
    .map((k) => [k, (o as Record<string, unknown>)[k]]);
}

function scalar(v: unknown): string | null {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'boolean':
      return v ? 'true' : 'false';
    case 'number':
      return number(v);
    case 'string':
      return JSON.stringify(v);
    case 'object':
      return null;
    case 'bigint':
    case 'function':
    case 'symbol':
    case 'undefined':
      break;
  }
  throw new TypeError(`not a JSON value: ${typeof v}`);
}

/** The nesting the fleet's records keep; deeper values are written as `DEPTH_MARKER`. */
export const FLEET_MAX_DEPTH = 64;
const DEPTH_MARKER = '"[depth limit]"';

function canon(v: unknown, depth: number, maxDepth: number): string {
  if (depth > maxDepth) return DEPTH_MARKER;
  const s = scalar(v);
  if (s !== null) return s;
  const inner = (x: unknown): string =>
    depth + 1 > maxDepth ? DEPTH_MARKER : x === undefined ? 'null' : canon(x, depth + 1, maxDepth);
  if (Array.isArray(v)) return `[${v.map(inner).join(',')}]`;
  return `{${members(v as object)
    .map(([k, x]) => `${JSON.stringify(k)}:${inner(x)}`)
    .join(',')}}`;
}

/**
 * The RFC 8785 canonical serialization of a JSON value. With `maxDepth`, a value nested deeper is
 * written as the string `[depth limit]` rather than walked (hostile server data).
 */
export function canonicalJson(v: unknown, maxDepth = Number.POSITIVE_INFINITY): string {
  return canon(v, 0, maxDepth);
}

/** The same member order, indented by two spaces per level, with a final newline: the lock file's form. */
export function prettyJson(v: unknown): string {
  const walk = (x: unknown, indent: string): string => {
    const s = scalar(x);
    if (s !== null) return s;
    const inner = `${indent}  `;
    if (Array.isArray(x)) {
      if (x.length === 0) return '[]';
      return `[\n${x.map((y) => inner + (y === undefined ? 'null' : walk(y, inner))).join(',\n')}\n${indent}]`;
    }
    const list = members(x as object);
    if (list.length === 0) return '{}';
    return `{\n${list.map(([k, y]) => `${inner}${JSON.stringify(k)}: ${walk(y, inner)}`).join(',\n')}\n${indent}}`;
  };
  return `${walk(v, '')}\n`;
}

/** SHA-256 of a text's UTF-8, in lower-case hex. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** SHA-256 over the UTF-8 of the canonical JSON: a lock's hash. */
export function hashOf(v: unknown): LockHash {
  return `sha256:${sha256Hex(canonicalJson(v))}`;
}
