/** The `t.decode` preconditions shared by the token-mode ASM checks (ASM08, ASM18). */
import type { AuthDiscovery } from '../../evidence/auth-types.js';
import type { CheckContext, Verdict } from '../define-check.js';

export type Claims = Readonly<Record<string, unknown>>;

/** The decoded claims, or the inconclusive verdict when there are none to judge. */
export function tokenClaims(
  d: AuthDiscovery,
  ctx: CheckContext,
): { readonly claims: Claims } | { readonly verdict: Verdict } {
  if (d.tokenKind === 'none') {
    return {
      verdict: ctx.inconclusive('needs_token', 'No access token was decoded (supply one with --token).'),
    };
  }
  if (d.tokenKind === 'opaque') {
    return {
      verdict: ctx.inconclusive(
        'opaque_token',
        'The supplied access token is opaque (not a JWT); its claims cannot be read locally.',
      ),
    };
  }
  if (!d.tokenClaims) {
    return {
      verdict: ctx.inconclusive(
        'ambiguous',
        'The access token looked like a JWT but its claims did not decode.',
      ),
    };
  }
  return { claims: d.tokenClaims };
}

/** `as:<iss>` when the token names its issuer, else the endpoint. */
export function tokenLocation(claims: Claims): string {
  const iss = claims['iss'];
  return typeof iss === 'string' && iss !== '' ? `as:${iss}` : 'endpoint';
}

/** The discovery and the decoded claims to judge, or the verdict that stands in for them. */
export function decodedToken(
  ev: { readonly oauth: AuthDiscovery },
  ctx: CheckContext,
):
  | { readonly d: AuthDiscovery; readonly claims: Claims; readonly location: string }
  | { readonly verdict: Verdict } {
  const d = ev.oauth;
  const token = tokenClaims(d, ctx);
  if ('verdict' in token) return token;
  return { d, claims: token.claims, location: tokenLocation(token.claims) };
}

/** The string values of the `aud` claim (a string or an array), empty ones dropped. */
export function audienceValues(claims: Claims): string[] {
  const raw = claims['aud'];
  return (Array.isArray(raw) ? (raw as unknown[]) : [raw]).filter(
    (a): a is string => typeof a === 'string' && a !== '',
  );
}

/** Canonical spelling for comparison: URL-normalised, without one trailing slash. */
export function normaliseResource(value: string): string {
  let s = value;
  try {
    s = new URL(value).href;
  } catch {
    // Not a URL: compare as given.
  }
  return s.endsWith('/') ? s.slice(0, -1) : s;
}
