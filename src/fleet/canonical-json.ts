/**
 * Canonical JSON (sorted keys, no whitespace, ECMAScript number and string serialisation, the
 * scheme of RFC 8785) and its SHA-256: two equal definitions hash alike whatever the server's
 * key order. Server data is hostile: nesting deeper than MAX_DEPTH is cut with a marker rather
 * than overflowing the stack.
 */
import { createHash } from 'node:crypto';

const MAX_DEPTH = 64;

function canon(v: unknown, depth: number): string {
  if (depth > MAX_DEPTH) return '"[depth limit]"';
  if (Array.isArray(v)) return `[${v.map((x) => canon(x, depth + 1)).join(',')}]`;
  if (typeof v === 'object' && v !== null) {
    const o = v as Readonly<Record<string, unknown>>;
    return `{${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canon(o[k], depth + 1)}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

export function canonicalJson(v: unknown): string {
  return canon(v, 0);
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
