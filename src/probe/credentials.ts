/**
 * The credentials of one scan, as one object: what the user supplied (a bearer token, typed
 * `--header` values, the second, narrow-scope and expired tokens), the origin they are bound to,
 * and the user token's decoded claims and key id (decoded once, here). The raw strings never leave
 * it except in a header for its own origin, in the one query-string form the intrusive `t.query`
 * probe sends, or with its signature stripped or altered for the JWT battery's two signature
 * cases; printed or serialised, it shows only what is present. Stages receive this object, never
 * a token.
 */
import { inspect } from 'node:util';

import type { TokenShape } from '../evidence/auth-types.js';
import { decodeProtectedHeader } from 'jose';

import { stripSignature, tamperSignature } from './auth/jwt-forge.js';
import { decodeUserToken } from './auth/token.js';
import type { Credentials } from './http/types.js';

/** Names of the alternate credential sets on the HTTP client (see `Credentials.alternates`). */
export const SECOND_TOKEN_SET = 'second';
export const NARROW_TOKEN_SET = 'narrow';
export const EXPIRED_TOKEN_SET = 'expired';

/** The alternate sets, in the order the client is given them. */
const ALTERNATE_SETS = [SECOND_TOKEN_SET, NARROW_TOKEN_SET, EXPIRED_TOKEN_SET] as const;
type AlternateSet = (typeof ALTERNATE_SETS)[number];

/** Which supplied token: the user's, the second (another resource), the narrow-scope or the expired one. */
export type TokenName = 'user' | AlternateSet;

/** What the user can supply (the library's `scan()` options and the CLI's token sources). */
export interface SuppliedCredentials {
  /** The user's bearer token. */
  readonly token?: string | undefined;
  /** A second token, issued by the same AS for another resource (t.foreign, ACT03). */
  readonly secondToken?: string | undefined;
  /** A valid token lacking a scope the endpoint needs (t.narrow, SCP03). */
  readonly narrowToken?: string | undefined;
  /** An expired token from the same AS (i.jwt(expired), ACT04; intrusive only). */
  readonly expiredToken?: string | undefined;
  /** Typed headers (`--header`). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/** The query parameter RFC 6750 §2.3 names, the form `t.query` checks is refused. */
const QUERY_PARAMETER = 'access_token';

export class ScanCredentials {
  /** The origin the credentials are bound to: nothing is attached anywhere else. */
  readonly origin: string;
  /** Anything was supplied (a token or a header). */
  readonly present: boolean;
  /** The user supplied a bearer token (the scan's credential context is `token`). */
  readonly bearer: boolean;
  /** The user token's claims, decoded once (never verified); `kind` says JWT, opaque or none. */
  readonly claims: Readonly<Record<string, unknown>> | null;
  readonly kind: 'none' | 'jwt' | 'opaque';
  /** The `kid` of the user token's protected header (a JWS), or null. */
  readonly kid: string | null;
  readonly #tokens: Readonly<Record<TokenName, string | null>>;
  readonly #headers: Readonly<Record<string, string>>;
  readonly #shapes = new Map<TokenName, TokenShape>();

  constructor(supplied: SuppliedCredentials, origin: string) {
    this.origin = origin;
    const token = (t: string | undefined) => (t === undefined || t === '' ? null : t);
    this.#tokens = Object.freeze({
      user: token(supplied.token),
      [SECOND_TOKEN_SET]: token(supplied.secondToken),
      [NARROW_TOKEN_SET]: token(supplied.narrowToken),
      [EXPIRED_TOKEN_SET]: token(supplied.expiredToken),
    });
    this.#headers = Object.freeze({ ...(supplied.headers ?? {}) });
    this.bearer = supplied.token !== undefined && supplied.token !== '';
    const decoded = decodeUserToken(this.#tokens.user);
    this.claims = decoded.tokenClaims;
    this.kind = decoded.tokenKind;
    this.kid = keyId(this.#tokens.user);
    this.present =
      Object.keys(this.#headers).length > 0 || Object.values(this.#tokens).some((t) => t !== null);
    Object.freeze(this);
  }

  /** No credentials, bound to `origin` (a scan without a token or headers). */
  static none(origin: string): ScanCredentials {
    return new ScanCredentials({}, origin);
  }

  /** This token was supplied. */
  has(name: TokenName): boolean {
    return this.#tokens[name] !== null;
  }

  /** What a supplied token says about itself (decoded once per token); null when not supplied. */
  shape(name: TokenName): TokenShape | null {
    if (!this.has(name)) return null;
    let s = this.#shapes.get(name);
    if (!s) {
      const d =
        name === 'user'
          ? { tokenKind: this.kind, tokenClaims: this.claims }
          : decodeUserToken(this.#tokens[name]);
      s = { kind: d.tokenKind === 'jwt' ? 'jwt' : 'opaque', claims: d.tokenClaims };
      this.#shapes.set(name, s);
    }
    return s;
  }

  /**
   * The headers of one set for a request to `origin`: `main` is the user token as
   * `Authorization: Bearer` with the typed headers, the others one alternate token. Throws for
   * any other origin: credentials are bound to their own.
   */
  headersFor(origin: string, set: 'main' | AlternateSet = 'main'): Record<string, string> {
    this.#own(origin);
    if (set !== 'main') {
      const t = this.#tokens[set];
      return t === null ? {} : { authorization: `Bearer ${t}` };
    }
    const headers: Record<string, string> = { ...this.#headers };
    if (this.#tokens.user !== null) headers['authorization'] = `Bearer ${this.#tokens.user}`;
    return headers;
  }

  /** The HTTP client's form: every set, bound to this origin (the client attaches them there only). */
  forClient(): Credentials {
    const alternates: Record<string, Record<string, string>> = {};
    for (const set of ALTERNATE_SETS) if (this.has(set)) alternates[set] = this.headersFor(this.origin, set);
    return { origin: this.origin, headers: this.headersFor(this.origin), alternates };
  }

  /**
   * `url` with the user token as `?access_token=` (the intrusive `t.query` probe: RFC 6750 §2.3
   * form a resource server should refuse). Null without a token; throws for a foreign origin.
   */
  inQuery(url: Readonly<URL>): string | null {
    this.#own(url.origin);
    const t = this.#tokens.user;
    if (t === null) return null;
    const u = new URL(url.href);
    u.searchParams.set(QUERY_PARAMETER, t);
    return u.href;
  }

  /**
   * The user token with its signature stripped (`header.payload.`) or with one byte of it
   * changed, for the JWT battery's `stripped-signature` and `tampered-signature` cases (sent to
   * this origin only, by the token tier). Null without a token or when it is not a signed JWT.
   */
  withBrokenSignature(how: 'stripped' | 'tampered'): string | null {
    const t = this.#tokens.user;
    if (t === null) return null;
    return how === 'stripped' ? stripSignature(t) : tamperSignature(t);
  }

  #own(origin: string): void {
    if (origin !== this.origin)
      throw new RangeError(`credentials bound to ${this.origin} refused for ${origin}`);
  }

  /** What is present, never a value. */
  toString(): string {
    const what = [
      ...(this.bearer ? ['bearer token'] : []),
      ...(this.has(SECOND_TOKEN_SET) ? ['second token'] : []),
      ...(this.has(NARROW_TOKEN_SET) ? ['narrow token'] : []),
      ...(this.has(EXPIRED_TOKEN_SET) ? ['expired token'] : []),
      ...Object.keys(this.#headers).map((h) => `header ${h}`),
    ];
    return `credentials for ${this.origin}: ${what.length ? what.join(', ') : 'none'} [REDACTED]`;
  }

  toJSON(): Record<string, unknown> {
    return {
      origin: this.origin,
      present: this.present,
      bearer: this.bearer,
      second: this.has(SECOND_TOKEN_SET),
      narrow: this.has(NARROW_TOKEN_SET),
      expired: this.has(EXPIRED_TOKEN_SET),
      headers: Object.keys(this.#headers),
      redacted: true,
    };
  }

  [inspect.custom](): string {
    return this.toString();
  }
}

/** The `kid` of a JWS's protected header (decoded, never verified). */
function keyId(token: string | null): string | null {
  if (token === null) return null;
  try {
    const kid = decodeProtectedHeader(token).kid;
    return typeof kid === 'string' ? kid : null;
  } catch {
    return null;
  }
}
