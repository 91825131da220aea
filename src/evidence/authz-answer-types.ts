/**
 * The first answer to a crafted authorization request (`i.authz`, `i.proxy`, `i.cimd`), as the
 * probes record it: never followed, its `Location` parsed, its page classified.
 */
import type { ExchangeId } from './primitives.js';

/** What a redirect of an authorization request points at (the `Location`, never fetched). */
export interface AuthzRedirect {
  /** The `Location` value as received. */
  readonly location: string;
  /** Resolved against the request URL; null when it does not parse. */
  readonly url: string | null;
  /** Origin and path of `url` (null when it does not parse or has an opaque origin). */
  readonly origin: string | null;
  readonly path: string | null;
  /**
   * Authorization-response parameters, from the query, or from the fragment when the query has
   * none of them (`response_mode=fragment`). Values are URL-decoded.
   */
  readonly error: string | null;
  readonly errorDescription: string | null;
  readonly iss: string | null;
  readonly state: string | null;
  /** An authorization `code` was present (its value is not kept here). */
  readonly code: boolean;
}

/** One `i.authz(variant)` request and its first answer. */
/** A cookie an answer set, by its attributes only (the value is never kept). */
export interface CookieShape {
  readonly name: string;
  readonly secure: boolean;
  readonly httpOnly: boolean;
  /** `SameSite` as sent, lower-case, or null when absent. */
  readonly sameSite: string | null;
  /** The `Path` attribute, or null. */
  readonly path: string | null;
  readonly domain: boolean;
}

/** The protections of an HTML page an authorization request answered with (ACT13). */
export interface PageProtections {
  /** `frame-ancestors` sources of the `Content-Security-Policy`, or null when it has none. */
  readonly frameAncestors: readonly string[] | null;
  /** `X-Frame-Options`, upper-case, or null. */
  readonly xFrameOptions: string | null;
  readonly cookies: readonly CookieShape[];
  /** Names of the hidden form fields whose value is at least 16 characters (a CSRF token candidate). */
  readonly tokenFields: readonly string[];
  /** The page has a password field (a login page, not a consent page). */
  readonly password: boolean;
  /** The page has a form. */
  readonly form: boolean;
}

export interface AuthzAnswer {
  /** The query parameters sent (`state` and `code_challenge` are fresh random values). */
  readonly params: Readonly<Record<string, string>>;
  readonly status: number;
  /** Media type essence of the answer, lower-case, or null. */
  readonly mediaType: string | null;
  /** The `Location` of a 3xx answer; null otherwise. */
  readonly redirect: AuthzRedirect | null;
  /**
   * The answer looks like a login or consent step: `page` (an HTML page with a password field or a
   * form), `redirect` (a redirect to a login, sign-in, consent or interaction path on the AS itself).
   */
  readonly login: 'page' | 'redirect' | null;
  /** For an HTML answer without a redirect: its framing, cookie and form protections (absent in older bundles). */
  readonly page?: PageProtections | null;
  readonly exchange: ExchangeId;
}
