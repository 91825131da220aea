/**
 * Shared reading of the intrusive authorization requests (`i.authz(variant)`) for ACT07, ACT08
 * and ACT11: which authorization server was probed, the non-verdicts when nothing was sent, and
 * what each first answer was — an error redirect, an error page, a login or consent step, a code,
 * or something that shows neither. Redirects were never followed; only their `Location` is read.
 */
import type { AuthzAnswer, AuthzProbes, AuthzRedirect } from '../../evidence/auth-types.js';
import type { Evidence } from '../../evidence/types.js';
import type { AsEvidence } from '../asm/as-common.js';
import type { CheckContext, Verdict } from '../define-check.js';
import { withProbedServer } from './probed-server.js';
import type { AsScene, ProbedScene } from './probed-server.js';
import { exchangeOf } from '../shared/exchanges.js';

export interface AuthzScene extends Omit<ProbedScene<AuthzProbes>, 'value'> {
  readonly authz: AuthzProbes;
}

/**
 * Runs `judge` on the recorded authorization requests, or returns the right non-verdict (see
 * ./probed-server.ts); `precondition` is a check's own applicability, judged before the probe.
 */
export function withAuthz(
  ev: AsEvidence,
  ctx: CheckContext,
  judge: (scene: AuthzScene) => Verdict | readonly Verdict[],
  precondition?: (scene: AsScene) => Verdict | null,
): Verdict | readonly Verdict[] {
  return withProbedServer(
    ev,
    ctx,
    {
      probe: (d) => d.authz,
      endpoint: 'authorization_endpoint',
      noEndpoint: 'there is no authorization request to test',
      name: 'The authorization requests (i.authz)',
      notSent: 'No authorization request was sent',
    },
    ({ value, ...scene }) => judge({ ...scene, authz: value }),
    precondition,
  );
}

function parse(u: string | null): URL | null {
  if (u === null) return null;
  try {
    return new URL(u);
  } catch {
    return null;
  }
}

/** The redirect goes to `uri` (same scheme, host, port and path; the query may differ). */
export function toUri(r: AuthzRedirect, uri: string): boolean {
  const a = parse(r.url);
  const b = parse(uri);
  return (
    a !== null && b !== null && a.protocol === b.protocol && a.host === b.host && a.pathname === b.pathname
  );
}

/** The redirect goes to the host of `uri`, on any scheme or port. */
export function toHostOf(r: AuthzRedirect, uri: string): boolean {
  const a = parse(r.url);
  const b = parse(uri);
  return a !== null && b !== null && a.hostname !== '' && a.hostname === b.hostname;
}

/** The redirect stays on the authorization server (its endpoint's or its issuer's origin). */
export function onAs(r: AuthzRedirect, authz: AuthzProbes): boolean {
  const origins = [parse(authz.authorizationEndpoint)?.origin, parse(authz.issuer)?.origin];
  return r.origin !== null && origins.includes(r.origin);
}

export type AuthzReading =
  | { readonly kind: 'code'; readonly where: string }
  | { readonly kind: 'login'; readonly how: 'page' | 'redirect'; readonly where: string }
  | { readonly kind: 'error-redirect'; readonly error: string; readonly to: 'registered' | 'as' }
  | { readonly kind: 'error-page'; readonly status: number }
  | { readonly kind: 'rate-limited'; readonly status: number }
  | { readonly kind: 'server-error'; readonly status: number }
  | { readonly kind: 'other'; readonly what: string; readonly elsewhere: boolean };

function where(r: AuthzRedirect): string {
  return r.origin !== null && r.path !== null
    ? `${r.origin}${r.path}`
    : JSON.stringify(r.location.slice(0, 200));
}

/** What one first answer shows, in the order that decides: a code, an error redirect, a login step, an error page. */
export function readAnswer(a: AuthzAnswer, authz: AuthzProbes): AuthzReading {
  const r = a.redirect;
  if (r) {
    if (r.code) return { kind: 'code', where: where(r) };
    if (r.error !== null && toUri(r, authz.redirectUri))
      return { kind: 'error-redirect', error: r.error, to: 'registered' };
    if (r.error !== null && onAs(r, authz)) return { kind: 'error-redirect', error: r.error, to: 'as' };
    if (a.login === 'redirect') return { kind: 'login', how: 'redirect', where: where(r) };
    return {
      kind: 'other',
      what: `redirected (${a.status}) to ${where(r)}${r.error !== null ? ` with error=${r.error}` : ''}`,
      elsewhere: !onAs(r, authz) && !toUri(r, authz.redirectUri),
    };
  }
  if (a.login === 'page') return { kind: 'login', how: 'page', where: `a ${a.status} page` };
  if (a.status === 429) return { kind: 'rate-limited', status: a.status };
  if (a.status >= 500) return { kind: 'server-error', status: a.status };
  if (a.status >= 400) return { kind: 'error-page', status: a.status };
  return {
    kind: 'other',
    what: `answered ${a.status}${a.mediaType ? ` (${a.mediaType})` : ''} without a redirect or a login form`,
    elsewhere: false,
  };
}

/**
 * Another answer shows the AS accepted the designated client with its redirect URI: a redirect to
 * that URI (an error or a code), or a login step. Without it an error page may only mean that the
 * client_id or redirect URI given to the scanner is wrong.
 */
export function clientConfirmed(authz: AuthzProbes): boolean {
  return [authz.noPkce, authz.plain, authz.bogusResponseType].some(
    (p) =>
      p.kind === 'ok' &&
      (p.value.login !== null ||
        (p.value.redirect !== null &&
          (p.value.redirect.error !== null || p.value.redirect.code) &&
          toUri(p.value.redirect, authz.redirectUri))),
  );
}

/** The recorded body of the answer (an excerpt), for the reason an error page gives. */
export function answerBody(ev: Pick<Evidence, 'exchanges'>, a: AuthzAnswer): string {
  return exchangeOf(ev, a.exchange)?.response?.body ?? '';
}

/** The answer as a short phrase for messages. */
export function describeAnswer(a: AuthzAnswer): string {
  const r = a.redirect;
  if (r)
    return `${a.status} to ${where(r)}${r.error !== null ? ` (error=${r.error})` : ''}${r.code ? ' (with a code)' : ''}`;
  return `${a.status}${a.mediaType ? ` ${a.mediaType}` : ''}${a.login === 'page' ? ' login form' : ''}`;
}

/** The non-verdict for an answer that shows neither a refusal nor an acceptance. */
export function unclear(
  ctx: CheckContext,
  reading: Extract<AuthzReading, { kind: 'rate-limited' | 'server-error' | 'other' }>,
  what: string,
  evidence: AuthzAnswer,
  opts: { location: string; key?: string },
): Verdict {
  const ids = [evidence.exchange];
  if (reading.kind === 'rate-limited')
    return ctx.inconclusive(
      'rate_limited',
      `${what} was answered ${reading.status} (rate limited).`,
      ids,
      opts,
    );
  if (reading.kind === 'server-error')
    return ctx.inconclusive('fetch_failed', `${what} was answered ${reading.status}.`, ids, opts);
  return ctx.inconclusive('ambiguous', `${what} was ${reading.what}.`, ids, opts);
}
