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

/** A position in one field line, with the lexical rules of RFC 9110 §11.6.1; faults throw SyntaxFault. */
class Scanner {
  i = 0;
  readonly n: number;
  constructor(readonly s: string) {
    this.n = s.length;
  }
  at(): number {
    return this.i < this.n ? this.s.charCodeAt(this.i) : -1;
  }
  fault(what: string): never {
    throw new SyntaxFault(`${what} at offset ${this.i}`);
  }
  skipOws(): void {
    while (this.i < this.n && isOws(this.s.charCodeAt(this.i))) this.i++;
  }
  token(): string {
    const start = this.i;
    while (this.i < this.n && isTchar(this.s.charCodeAt(this.i))) this.i++;
    return this.s.slice(start, this.i);
  }
  /** Skips OWS and empty list elements. */
  skipSeparators(): void {
    while (this.i < this.n && (isOws(this.s.charCodeAt(this.i)) || this.s.charCodeAt(this.i) === COMMA))
      this.i++;
  }
  quoted(): string {
    const { s, n } = this;
    this.i++; // opening DQUOTE
    const parts: string[] = [];
    let runStart = this.i;
    for (;;) {
      if (this.i >= n) this.fault('unterminated quoted-string');
      const c = s.charCodeAt(this.i);
      if (c === DQUOTE) {
        parts.push(s.slice(runStart, this.i));
        this.i++;
        return parts.join('');
      }
      if (c === BACKSLASH) {
        parts.push(s.slice(runStart, this.i));
        this.i++;
        if (this.i >= n || !isQuotedPairChar(s.charCodeAt(this.i))) this.fault('invalid quoted-pair');
        runStart = this.i; // the escaped character starts the next run
        this.i++;
        continue;
      }
      if (!isQdtext(c)) this.fault('invalid character in quoted-string');
      this.i++;
    }
  }
  /** After a complete challenge: OWS, then the end or a comma. */
  endOfElement(): void {
    this.skipOws();
    if (this.i < this.n && this.at() !== COMMA) this.fault('expected "," between challenges');
  }
  /** Is a `token BWS "="` (another auth-param) at `from`? Scans only what the caller rescans. */
  paramAhead(from: number): boolean {
    const { s, n } = this;
    let j = from;
    while (j < n && isTchar(s.charCodeAt(j))) j++;
    if (j === from) return false;
    while (j < n && isOws(s.charCodeAt(j))) j++;
    return j < n && s.charCodeAt(j) === EQUALS;
  }
}

const noParams = (): Record<string, string> => Object.create(null) as Record<string, string>;

/** token68: its characters, "=" padding, then OWS and the end of the element; null (nothing consumed) when not one. */
function token68(sc: Scanner): string | null {
  const { s, n } = sc;
  const contentStart = sc.i;
  let j = sc.i;
  while (j < n && isToken68Char(s.charCodeAt(j))) j++;
  if (j === sc.i) return null;
  while (j < n && s.charCodeAt(j) === EQUALS) j++;
  const t68End = j;
  while (j < n && isOws(s.charCodeAt(j))) j++;
  if (j < n && s.charCodeAt(j) !== COMMA) return null;
  sc.i = j;
  sc.endOfElement();
  return s.slice(contentStart, t68End);
}

/** #auth-param: up to the end of the line or the comma before the next challenge. */
function authParams(sc: Scanner): { params: Record<string, string>; duplicates: string[] } {
  const params = noParams();
  const duplicates: string[] = [];
  for (;;) {
    const name = sc.token();
    if (name === '') sc.fault('expected an auth-param name');
    sc.skipOws();
    if (sc.at() !== EQUALS) sc.fault('expected "=" after the auth-param name');
    sc.i++;
    sc.skipOws();
    let value: string;
    if (sc.at() === DQUOTE) value = sc.quoted();
    else {
      value = sc.token();
      if (value === '') sc.fault('expected a token or quoted-string value');
    }
    const key = name.toLowerCase();
    if (Object.hasOwn(params, key)) {
      if (!duplicates.includes(key)) duplicates.push(key);
    } else params[key] = value;

    sc.skipOws();
    if (sc.i >= sc.n) break;
    if (sc.at() !== COMMA) sc.fault('expected "," after an auth-param');
    const comma = sc.i;
    sc.skipSeparators();
    if (sc.i < sc.n && sc.paramAhead(sc.i)) continue;
    // Not a parameter: the next element (if any) is a new challenge.
    sc.i = comma;
    break;
  }
  return { params, duplicates };
}

/** Parses one field line; throws SyntaxFault with a position on the first error. */
function parseField(s: string, out: AuthChallenge[]): void {
  const sc = new Scanner(s);
  for (;;) {
    sc.skipSeparators();
    if (sc.i >= sc.n) return;
    const scheme = sc.token();
    if (scheme === '') sc.fault('expected an auth-scheme');
    const afterScheme = sc.i;
    sc.skipOws();
    if (sc.i >= sc.n || sc.at() === COMMA) {
      out.push({ scheme: scheme.toLowerCase(), token68: null, params: noParams(), duplicateParams: [] });
      continue;
    }
    if (s.charCodeAt(afterScheme) !== 0x20) {
      sc.i = afterScheme;
      sc.fault('expected SP after the auth-scheme');
    }
    const t68 = token68(sc);
    if (t68 !== null) {
      out.push({ scheme: scheme.toLowerCase(), token68: t68, params: noParams(), duplicateParams: [] });
      continue;
    }
    const { params, duplicates } = authParams(sc);
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
