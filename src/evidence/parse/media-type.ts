/**
 * Media types (RFC 9110 §8.3.1), parsed strictly with a linear scanner: a
 * server's Content-Type is hostile input, so no regular expressions run over it.
 *
 *   media-type = type "/" subtype parameters
 *   parameters = *( OWS ";" OWS [ parameter ] )
 *   parameter  = token "=" ( token / quoted-string )
 *
 * Choices where the RFC leaves room:
 * - Several Content-Type field lines (an array): RFC 9110 §5.3 lets a recipient
 *   treat them as an error. Identical repeats are accepted; if they disagree (or
 *   any is invalid) the result is null — we do not guess which one a client uses.
 * - A parameter named twice: the first occurrence wins (as WHATWG MIME Sniffing).
 * - Empty parameters (`text/plain;;a=b`, trailing `;`) are allowed by the grammar.
 */
import { isOws, isQdtext, isQuotedPairChar, isTchar } from './http-chars.js';

export interface MediaType {
  /** Lower-case. */
  readonly type: string;
  /** Lower-case. */
  readonly subtype: string;
  /** `type/subtype`, lower-case. */
  readonly essence: string;
  /** Lower-case names; values as sent, quoted-pairs unescaped. */
  readonly params: Readonly<Record<string, string>>;
}

/**
 * Parsed values by field value: a scan reads the same few Content-Type values (each response's,
 * several times over) and the results are frozen. Bounded, since the values are the server's:
 * short values only, and the whole map is dropped when full.
 */
const CACHE_MAX_ENTRIES = 256;
const CACHE_MAX_CHARS = 256;
const parsedValues = new Map<string, MediaType | null>();

function parseOne(s: string): MediaType | null {
  if (s.length > CACHE_MAX_CHARS) return parseUncached(s);
  const hit = parsedValues.get(s);
  if (hit !== undefined || parsedValues.has(s)) return hit ?? null;
  const parsed = parseUncached(s);
  if (parsedValues.size >= CACHE_MAX_ENTRIES) parsedValues.clear();
  parsedValues.set(s, parsed);
  return parsed;
}

function parseUncached(s: string): MediaType | null {
  const n = s.length;
  let i = 0;
  const token = (): string => {
    const start = i;
    while (i < n && isTchar(s.charCodeAt(i))) i++;
    return s.slice(start, i);
  };
  const skipOws = (): void => {
    while (i < n && isOws(s.charCodeAt(i))) i++;
  };

  // Field values arrive trimmed; tolerate OWS at the edges anyway (RFC 9110 §5.5).
  skipOws();
  const type = token();
  if (type === '' || s.charCodeAt(i) !== 0x2f) return null;
  i++;
  const subtype = token();
  if (subtype === '') return null;

  const params = Object.create(null) as Record<string, string>;
  for (;;) {
    skipOws();
    if (i >= n) break;
    if (s.charCodeAt(i) !== 0x3b) return null;
    i++;
    skipOws();
    if (i >= n) break;
    if (s.charCodeAt(i) === 0x3b) continue; // empty parameter
    const name = token();
    if (name === '' || s.charCodeAt(i) !== 0x3d) return null;
    i++;
    let value: string;
    if (s.charCodeAt(i) === 0x22) {
      i++;
      const parts: string[] = [];
      let runStart = i;
      for (;;) {
        if (i >= n) return null; // unterminated quoted-string
        const c = s.charCodeAt(i);
        if (c === 0x22) {
          parts.push(s.slice(runStart, i));
          i++;
          break;
        }
        if (c === 0x5c) {
          parts.push(s.slice(runStart, i));
          i++;
          if (i >= n || !isQuotedPairChar(s.charCodeAt(i))) return null;
          runStart = i; // the escaped character starts the next run
          i++;
          continue;
        }
        if (!isQdtext(c)) return null;
        i++;
      }
      value = parts.join('');
    } else {
      value = token();
      if (value === '') return null;
    }
    const key = name.toLowerCase();
    if (!Object.hasOwn(params, key)) params[key] = value;
  }

  const t = type.toLowerCase();
  const st = subtype.toLowerCase();
  return Object.freeze({ type: t, subtype: st, essence: `${t}/${st}`, params: Object.freeze(params) });
}

function sameMediaType(a: MediaType, b: MediaType): boolean {
  if (a.essence !== b.essence) return false;
  const ak = Object.keys(a.params);
  if (ak.length !== Object.keys(b.params).length) return false;
  for (const k of ak) {
    const av = a.params[k];
    const bv = b.params[k];
    if (av === undefined || bv === undefined) return false;
    // RFC 9110 §8.3.2: charset values are case-insensitive.
    if (k === 'charset' ? av.toLowerCase() !== bv.toLowerCase() : av !== bv) return false;
  }
  return true;
}

/**
 * Parses a Content-Type (or other media-type) field value. Accepts every field
 * line of the header as an array; null when absent, invalid or ambiguous.
 */
export function parseMediaType(value: string | readonly string[] | null | undefined): MediaType | null {
  try {
    if (typeof value === 'string') return parseOne(value);
    if (!Array.isArray(value) || value.length === 0) return null;
    let first: MediaType | null = null;
    for (const v of value as readonly unknown[]) {
      if (typeof v !== 'string') return null;
      const mt = parseOne(v);
      if (mt === null) return null;
      if (first === null) first = mt;
      else if (!sameMediaType(first, mt)) return null;
    }
    return first;
  } catch {
    return null;
  }
}

/** True when `value` parses to a media type whose essence is `essence` (case-insensitive). */
export function isMediaType(value: string | readonly string[] | null | undefined, essence: string): boolean {
  const mt = parseMediaType(value);
  return mt !== null && mt.essence === essence.toLowerCase();
}

/** `application/json` or a `+json` structured-syntax suffix (RFC 6839) under `application/`. */
export function isJsonEssence(essence: string | null): boolean {
  if (essence === null) return false;
  const e = essence.toLowerCase();
  return e === 'application/json' || (e.startsWith('application/') && e.endsWith('+json') && e.length > 17);
}
