/**
 * Redaction of recorded exchanges. Evidence bundles get shared, so no credential may
 * survive in them — not even when a hostile server echoes it back in a header or body.
 */

import { REDACTED } from '../../evidence/primitives.js';

/** Headers whose whole value is a secret. */
const SECRET_HEADERS = new Set(['cookie', 'set-cookie', 'x-api-key', 'api-key']);
/** Headers shaped `<scheme> <secret>`: the scheme word is kept as evidence. */
const AUTH_HEADERS = new Set(['authorization', 'proxy-authorization']);

/** Shorter values are too likely to occur by chance; scrubbing them would corrupt evidence. */
const MIN_SECRET_LENGTH = 4;

export interface Redactor {
  /** Redact one header value, by name (lower-case). */
  readonly header: (name: string, value: string) => string;
  /** Replace every literal secret in free text (URLs, bodies, error messages). */
  readonly text: (value: string) => string;
  /** Like `text`, and also scrubs a trailing partial secret left by a cut (size cap). */
  readonly truncatedText: (value: string) => string;
}

function secretsOf(headers: Readonly<Record<string, string>>): string[] {
  const found = new Set<string>();
  for (const raw of Object.values(headers)) {
    const value = raw.trim();
    found.add(value);
    // `Bearer xyz`, `Basic abc=`: the bare token travels on its own too.
    const token = /^[A-Za-z][\w.+-]*\s+(\S.*)$/.exec(value)?.[1];
    if (token) found.add(token.trim());
  }
  for (const s of [...found]) {
    found.add(encodeURIComponent(s));
  }
  return [...found].filter((s) => s.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
}

export function createRedactor(credentials?: {
  readonly headers: Readonly<Record<string, string>>;
  readonly alternates?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}): Redactor {
  const sets = [credentials?.headers ?? {}, ...Object.values(credentials?.alternates ?? {})];
  const secretNames = new Set(sets.flatMap((h) => Object.keys(h)).map((n) => n.toLowerCase()));
  const secrets = [...new Set(sets.flatMap((h) => secretsOf(h)))].sort((a, b) => b.length - a.length);

  const text = (value: string): string => {
    let out = value;
    for (const s of secrets) {
      if (out.includes(s)) out = out.split(s).join(REDACTED);
    }
    return out;
  };

  return {
    text,
    truncatedText(value) {
      const out = text(value);
      for (const s of secrets) {
        for (let n = Math.min(s.length - 1, out.length); n >= MIN_SECRET_LENGTH; n--) {
          if (out.endsWith(s.slice(0, n))) return out.slice(0, out.length - n) + REDACTED;
        }
      }
      return out;
    },
    header(name, value) {
      const lower = name.toLowerCase();
      if (AUTH_HEADERS.has(lower)) {
        const scheme = /^\s*([A-Za-z][\w.+-]*)\s+\S/.exec(value)?.[1];
        return scheme ? `${scheme} ${REDACTED}` : REDACTED;
      }
      if (SECRET_HEADERS.has(lower) || secretNames.has(lower)) return REDACTED;
      return text(value);
    },
  };
}

/**
 * `base`, also redacting `extra` literal secrets (values the server handed out, for one exchange).
 * Header values are redacted by `base` first, then scrubbed of the extra secrets.
 */
export function withSecrets(base: Redactor, extra: readonly string[]): Redactor {
  const secrets = [...new Set(extra.flatMap((s) => [s, encodeURIComponent(s)]))]
    .filter((s) => s.length >= MIN_SECRET_LENGTH)
    .sort((a, b) => b.length - a.length);
  if (secrets.length === 0) return base;
  const scrub = (value: string): string => {
    let out = value;
    for (const s of secrets) if (out.includes(s)) out = out.split(s).join(REDACTED);
    return out;
  };
  return {
    text: (value) => scrub(base.text(value)),
    truncatedText(value) {
      const out = scrub(base.truncatedText(value));
      for (const s of secrets) {
        for (let n = Math.min(s.length - 1, out.length); n >= MIN_SECRET_LENGTH; n--) {
          if (out.endsWith(s.slice(0, n))) return out.slice(0, out.length - n) + REDACTED;
        }
      }
      return out;
    },
    header: (name, value) => scrub(base.header(name, value)),
  };
}

/** The string values of `members` in a JSON object body (for `secretResponseMembers`). */
export function secretMembersOf(text: string, members: readonly string[] | undefined): string[] {
  if (!members || members.length === 0) return [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [];
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return [];
  const obj = json as Record<string, unknown>;
  return members.flatMap((m) => {
    const v = Object.hasOwn(obj, m) ? obj[m] : undefined;
    return typeof v === 'string' ? [v] : [];
  });
}
