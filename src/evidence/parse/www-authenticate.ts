/**
 * `WWW-Authenticate` (RFC 9110 §11.6.1), parsed strictly with a linear scanner:
 * the header is hostile input, so no regular expression runs over it.
 *
 *   WWW-Authenticate = #challenge
 *   challenge   = auth-scheme [ 1*SP ( token68 / #auth-param ) ]
 *   auth-param  = token BWS "=" BWS ( token / quoted-string )
 *   token68     = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="
 *
 * A comma separates both challenges and the parameters of one challenge: after a
 * comma, `token BWS "="` continues the current challenge, anything else starts a
 * new one. Empty list elements (`, ,`) are skipped (RFC 9110 §5.6.1). Every field
 * line is parsed on its own and the challenges are concatenated; one bad line
 * makes the whole header an error (we do not guess what a client would keep).
 */
import type { AuthChallenge } from '../auth-types.js';
import { isOws, isQdtext, isQuotedPairChar, isTchar } from './http-chars.js';

export type WwwAuthenticateResult = { readonly challenges: AuthChallenge[] } | { readonly error: string };

// token68 characters (without the trailing "=" padding).
const T68 = new Uint8Array(128);
for (const c of '-._~+/') T68[c.charCodeAt(0)] = 1;
for (let c = 0x30; c <= 0x39; c++) T68[c] = 1;
for (let c = 0x41; c <= 0x5a; c++) T68[c] = 1;
for (let c = 0x61; c <= 0x7a; c++) T68[c] = 1;

const COMMA = 0x2c;
const EQUALS = 0x3d;
const DQUOTE = 0x22;
const BACKSLASH = 0x5c;

function isToken68Char(c: number): boolean {
  return c < 128 && T68[c] === 1;
}

class SyntaxFault extends Error {}

/** Parses one field line; throws SyntaxFault with a position on the first error. */
function parseField(s: string, out: AuthChallenge[]): void {
  const n = s.length;
  let i = 0;
  const at = (): number => (i < n ? s.charCodeAt(i) : -1);
  const fault = (what: string): never => {
    throw new SyntaxFault(`${what} at offset ${i}`);
  };
  const skipOws = (): void => {
    while (i < n && isOws(s.charCodeAt(i))) i++;
  };
  const token = (): string => {
    const start = i;
    while (i < n && isTchar(s.charCodeAt(i))) i++;
    return s.slice(start, i);
  };
  /** Skips OWS and empty list elements. */
  const skipSeparators = (): void => {
    while (i < n && (isOws(s.charCodeAt(i)) || s.charCodeAt(i) === COMMA)) i++;
  };
  const quoted = (): string => {
    i++; // opening DQUOTE
    const parts: string[] = [];
    let runStart = i;
    for (;;) {
      if (i >= n) fault('unterminated quoted-string');
      const c = s.charCodeAt(i);
      if (c === DQUOTE) {
        parts.push(s.slice(runStart, i));
        i++;
        return parts.join('');
      }
      if (c === BACKSLASH) {
        parts.push(s.slice(runStart, i));
        i++;
        if (i >= n || !isQuotedPairChar(s.charCodeAt(i))) fault('invalid quoted-pair');
        runStart = i; // the escaped character starts the next run
        i++;
        continue;
      }
      if (!isQdtext(c)) fault('invalid character in quoted-string');
      i++;
    }
  };
  /** After a complete challenge: OWS, then the end or a comma. */
  const endOfElement = (): void => {
    skipOws();
    if (i < n && at() !== COMMA) fault('expected "," between challenges');
  };
  /** Is a `token BWS "="` (another auth-param) at `from`? Scans only what the caller rescans. */
  const paramAhead = (from: number): boolean => {
    let j = from;
    while (j < n && isTchar(s.charCodeAt(j))) j++;
    if (j === from) return false;
    while (j < n && isOws(s.charCodeAt(j))) j++;
    return j < n && s.charCodeAt(j) === EQUALS;
  };

  for (;;) {
    skipSeparators();
    if (i >= n) return;
    const scheme = token();
    if (scheme === '') fault('expected an auth-scheme');
    const afterScheme = i;
    skipOws();
    if (i >= n || at() === COMMA) {
      out.push({
        scheme: scheme.toLowerCase(),
        token68: null,
        params: Object.create(null) as Record<string, string>,
        duplicateParams: [],
      });
      continue;
    }
    if (s.charCodeAt(afterScheme) !== 0x20) {
      i = afterScheme;
      fault('expected SP after the auth-scheme');
    }

    // token68: its characters, "=" padding, then OWS and the end of the element.
    const contentStart = i;
    let j = i;
    while (j < n && isToken68Char(s.charCodeAt(j))) j++;
    if (j > i) {
      while (j < n && s.charCodeAt(j) === EQUALS) j++;
      const t68End = j;
      while (j < n && isOws(s.charCodeAt(j))) j++;
      if (j >= n || s.charCodeAt(j) === COMMA) {
        out.push({
          scheme: scheme.toLowerCase(),
          token68: s.slice(contentStart, t68End),
          params: Object.create(null) as Record<string, string>,
          duplicateParams: [],
        });
        i = j;
        endOfElement();
        continue;
      }
    }

    // #auth-param
    const params = Object.create(null) as Record<string, string>;
    const duplicates: string[] = [];
    for (;;) {
      const name = token();
      if (name === '') fault('expected an auth-param name');
      skipOws();
      if (at() !== EQUALS) fault('expected "=" after the auth-param name');
      i++;
      skipOws();
      let value: string;
      if (at() === DQUOTE) value = quoted();
      else {
        value = token();
        if (value === '') fault('expected a token or quoted-string value');
      }
      const key = name.toLowerCase();
      if (Object.hasOwn(params, key)) {
        if (!duplicates.includes(key)) duplicates.push(key);
      } else params[key] = value;

      skipOws();
      if (i >= n) break;
      if (at() !== COMMA) fault('expected "," after an auth-param');
      const comma = i;
      skipSeparators();
      if (i < n && paramAhead(i)) continue;
      // Not a parameter: the next element (if any) is a new challenge.
      i = comma;
      break;
    }
    out.push({ scheme: scheme.toLowerCase(), token68: null, params, duplicateParams: duplicates });
  }
}

/** Parses every `WWW-Authenticate` field line. Never throws. */
export function parseWwwAuthenticate(values: readonly string[]): WwwAuthenticateResult {
  const challenges: AuthChallenge[] = [];
  for (let f = 0; f < values.length; f++) {
    const value = values[f];
    if (typeof value !== 'string') return { error: `field ${f + 1}: not a string` };
    try {
      parseField(value, challenges);
    } catch (err) {
      if (err instanceof SyntaxFault) {
        return { error: values.length > 1 ? `field ${f + 1}: ${err.message}` : err.message };
      }
      return { error: 'unparseable' };
    }
  }
  return { challenges };
}
