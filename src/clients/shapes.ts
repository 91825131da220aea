/**
 * What the intrusive registrations of each redirect URI shape showed (`i.shape(…)`,
 * docs/clients.md#registration-shapes-verified-live), as the matrix reads it: was a registration
 * with that shape accepted, and did the authorization endpoint accept the registered loopback URI
 * with another port (RFC 8252 §7.3)? A pure function of the evidence; an answer that decides
 * neither way leaves the shape out (its `redirect-accepted` rules stay `unknown`).
 */
import type { Evidence, ExchangeId, Probe } from '../evidence/types.js';
import type { ShapeAttempt, ShapeAuthorization } from '../evidence/shape-types.js';
import type { RedirectShapeObservation } from './types.js';

/** Refusals that say nothing about the redirect URI: protected, rate-limited, or broken. */
const UNDECIDED_STATUS = new Set([401, 403, 429]);

/** The registration's verdict on the shape: accepted, refused, or undecided (null). */
function registrationAccepted(a: ShapeAttempt): boolean | null {
  if (a.registration.kind !== 'ok') return null;
  const r = a.registration.value;
  if (r.created) return true;
  if (r.status >= 400 && r.status < 500 && !UNDECIDED_STATUS.has(r.status)) return false;
  return null;
}

function sameTarget(url: string | null, redirectUri: string): boolean {
  if (url === null || !URL.canParse(url)) return false;
  const a = new URL(url);
  const b = new URL(redirectUri);
  return a.origin === b.origin && a.pathname === b.pathname;
}

/**
 * The other-port request's verdict: accepted when the server redirected to that URI (an error
 * redirect included: RFC 6749 §4.1.2.1 forbids redirecting to an unchecked URI) or went on to a
 * login or consent step; refused when an error page or error redirect names the redirect URI.
 */
export function otherPortAccepted(auth: Probe<ShapeAuthorization>): boolean | null {
  if (auth.kind !== 'ok') return null;
  const { answer, redirectUri, namesRedirectUri } = auth.value;
  if (answer.redirect && sameTarget(answer.redirect.url, redirectUri)) return true;
  if (answer.login !== null) return true;
  const refused = answer.redirect
    ? answer.redirect.error !== null
    : answer.status >= 400 && answer.status < 500;
  return refused && namesRedirectUri ? false : null;
}

function exchangesOf(a: ShapeAttempt): ExchangeId[] {
  return [
    ...(a.registration.kind === 'skipped' ? [] : a.registration.exchanges),
    ...(a.authorization.kind === 'skipped' ? [] : a.authorization.exchanges),
    ...(a.deletion ? [a.deletion.exchange] : []),
  ];
}

/** One observation per shape the registrations decided, in the order they were tried. */
export function observedShapes(ev: Evidence): RedirectShapeObservation[] {
  const probe = ev.oauth?.shapes;
  if (probe?.kind !== 'ok') return [];
  return probe.value.attempts.flatMap((a) => {
    const accepted = registrationAccepted(a);
    if (accepted === null) return [];
    return [
      {
        shape: a.shape,
        accepted,
        anyLoopbackPort: accepted ? otherPortAccepted(a.authorization) : null,
        evidence: exchangesOf(a),
      },
    ];
  });
}

/** Why no observation decided the shape, for an `unknown` rule; null when the probe never ran. */
export function shapeGap(ev: Evidence, shape: string): string | null {
  const probe = ev.oauth?.shapes;
  if (!probe) return null;
  if (probe.kind === 'skipped')
    return `The registration of each redirect URI shape was not sent: ${probe.detail}.`;
  if (probe.kind === 'failed') return `The registrations failed: ${probe.error.message}.`;
  const a = probe.value.attempts.find((x) => x.shape === shape);
  if (!a) return null;
  if (a.registration.kind !== 'ok') return `The ${shape} registration got no answer.`;
  return `The ${shape} registration was answered ${a.registration.value.status}, which says nothing about the redirect URI.`;
}
