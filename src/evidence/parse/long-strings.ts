/**
 * A bound on the strings kept from parsed server JSON. A hostile server can fill a whole
 * 1 MiB answer with one string (a tool description, `instructions`, a padding member of a
 * result); every reply is kept as evidence, so a scan of such a server would hold hundreds of
 * megabytes of it. Strings (and object keys) past MAX_SERVER_STRING_CHARS keep their first
 * MAX_SERVER_STRING_CHARS characters and a marker saying how many were dropped. Real metadata
 * (names, descriptions, instructions, cursors) is far shorter, so no verdict depends on the cut.
 */

/**
 * Characters kept of one string: 16 Ki is far above any real name, description or cursor, and
 * what the tool-surface checks read of a string anyway (src/surface/extract.ts).
 */
export const MAX_SERVER_STRING_CHARS = 16_384;

/** The note that replaces what was dropped; it says that the scanner, not the server, cut. */
export function cutMarker(dropped: number): string {
  return `… [${dropped} more characters not kept by mcp-posture]`;
}

/**
 * `s` as a string of its own. V8 represents a slice (of 13 characters or more) as a view that
 * keeps the whole original alive: a 400-character excerpt of a 1 MiB body kept as evidence
 * would keep the 1 MiB. Prefixing a character and slicing it off again makes V8 copy `s` into
 * a new flat string that the view then points into.
 */
export function ownCopy(s: string): string {
  return s.length < 13 ? s : ` ${s}`.slice(1);
}

/** The first `max` characters of `s` (a surrogate pair is never split), as a string of its own. */
export function excerptOf(s: string, max: number): string {
  if (s.length <= max) return s;
  const end = (s.charCodeAt(max - 1) & 0xfc00) === 0xd800 ? max - 1 : max;
  return ownCopy(s.slice(0, end));
}

/** `s` cut to `max` characters plus the marker, as a string of its own. */
export function cutString(s: string, max = MAX_SERVER_STRING_CHARS): string {
  if (s.length <= max) return s;
  const end = (s.charCodeAt(max - 1) & 0xfc00) === 0xd800 ? max - 1 : max;
  return ownCopy(`${s.slice(0, end)}${cutMarker(s.length - end)}`);
}

function boundValue(value: unknown, max: number, depth: number): unknown {
  if (typeof value === 'string') return cutString(value, max);
  if (typeof value !== 'object' || value === null || depth > 200) return value;
  if (Array.isArray(value)) {
    const items = value as unknown[];
    for (let i = 0; i < items.length; i++) {
      const v = items[i];
      if (typeof v === 'string' ? v.length > max : typeof v === 'object' && v !== null)
        items[i] = boundValue(v, max, depth + 1);
    }
    return items;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.some((k) => k.length > max)) {
    // Rebuilt, not renamed in place: fromEntries defines own properties (a `__proto__` key stays data).
    return Object.fromEntries(keys.map((k) => [cutString(k, max), boundValue(record[k], max, depth + 1)]));
  }
  for (const k of keys) {
    const v = record[k];
    if (typeof v === 'string' ? v.length > max : typeof v === 'object' && v !== null)
      Object.defineProperty(record, k, { value: boundValue(v, max, depth + 1) });
  }
  return record;
}

/**
 * `value` (freshly parsed JSON, changed in place) with every string and key longer than `max`
 * cut. `sourceLength` is the length of the JSON text: no string can be longer, so a short text
 * is returned as it is without a walk.
 */
export function boundLongStrings(
  value: unknown,
  sourceLength: number,
  max = MAX_SERVER_STRING_CHARS,
): unknown {
  if (sourceLength <= max) return value;
  return boundValue(value, max, 0);
}
