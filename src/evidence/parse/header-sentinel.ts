/**
 * The 2026-07-28 Base64 sentinel for `Mcp-Name` / `Mcp-Param-*` header values
 * (`=?base64?{Base64(UTF-8)}?=`, streamable-http#Value Encoding). Pure and
 * total: decoding never throws, so a hostile header value is data, not a crash.
 */

export const SENTINEL_PREFIX = '=?base64?';
export const SENTINEL_SUFFIX = '?=';

// Canonical padded Base64 only: a lenient decoder would let two header values name one body value.
const CANONICAL_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export type DecodedHeaderValue =
  | { readonly kind: 'plain'; readonly value: string }
  | { readonly kind: 'encoded'; readonly value: string }
  | { readonly kind: 'invalid'; readonly reason: 'base64' | 'utf8' };

/** True when the value carries the sentinel markers (case-sensitive, lowercase). */
export function looksLikeSentinel(value: string): boolean {
  return (
    value.length >= SENTINEL_PREFIX.length + SENTINEL_SUFFIX.length &&
    value.startsWith(SENTINEL_PREFIX) &&
    value.endsWith(SENTINEL_SUFFIX)
  );
}

/**
 * Values a client must not send as they are: non-ASCII, control characters,
 * leading or trailing whitespace, and plain values that would read as a sentinel.
 */
export function needsEncoding(value: string): boolean {
  if (/[^\x20-\x7e]/.test(value)) return true;
  if (value !== value.replace(/^[ \t]+|[ \t]+$/g, '')) return true;
  return looksLikeSentinel(value);
}

/** Always wraps the value in the sentinel. */
export function encodeSentinel(value: string): string {
  return `${SENTINEL_PREFIX}${Buffer.from(value, 'utf8').toString('base64')}${SENTINEL_SUFFIX}`;
}

/** The header value a conforming client sends for `value`: plain when safe, the sentinel otherwise. */
export function encodeHeaderValue(value: string): string {
  return needsEncoding(value) ? encodeSentinel(value) : value;
}

/**
 * Decodes a received header value. Optional whitespace around the field value is
 * not part of it (RFC 9110 §5.5), so it is stripped first.
 */
export function decodeHeaderValue(raw: string): DecodedHeaderValue {
  const value = raw.replace(/^[ \t]+|[ \t]+$/g, '');
  if (!looksLikeSentinel(value)) return { kind: 'plain', value };
  const b64 = value.slice(SENTINEL_PREFIX.length, value.length - SENTINEL_SUFFIX.length);
  if (!CANONICAL_BASE64.test(b64)) return { kind: 'invalid', reason: 'base64' };
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(
      Buffer.from(b64, 'base64'),
    );
    return { kind: 'encoded', value: text };
  } catch {
    return { kind: 'invalid', reason: 'utf8' };
  }
}
