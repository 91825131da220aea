/**
 * ACT04's reading of the JWT forgery battery (`i.jwt(case)`, docs/jwt-battery.md):
 * one crafted-token variant per case, judged like the unsigned JWT, and for `jku`/`x5u` the
 * scanner's key server log: a fetch of the URL a token header named is a failure on its own.
 */
import type { AuthDiscovery, JwtCase, JwtCaseName } from '../../evidence/auth-types.js';
import type { HttpReply, Probe } from '../../evidence/types.js';
import type { CheckContext, Severity, Verdict } from '../define-check.js';

/** The result key of each case (the case's own name) and what its failure means. */
export const JWT_CASE_KEYS: Readonly<Record<JwtCaseName, string>> = {
  'kid-confusion':
    "a JWT signed by a scanner key under the kid of a key in the AS's JWKS was served or accepted: the signature is not checked against the key the kid names (critical)",
  'hs256-public-key':
    "an HS256 JWT keyed with the AS's public key (SPKI PEM) was served or accepted: algorithm confusion, the token chooses the algorithm (critical)",
  'embedded-jwk':
    'a JWT signed by the key its own header embeds (jwk) was served or accepted: the token supplies its own key (critical)',
  jku: "the server fetched the JWKS a token header's jku named (a fetch alone: it trusts the token for where its key is), or served the token (critical)",
  x5u: "the server fetched the certificate a token header's x5u named (a fetch alone), or served the token (critical)",
  'stripped-signature':
    "the user's token with its signature removed was served or accepted: the signature is not checked (critical)",
  'tampered-signature':
    "the user's token with one byte of its signature changed was served or accepted: the signature is not checked (critical)",
  expired: 'the expired token from the same AS was served or accepted: expiry is not checked (high)',
};

const WHAT: Readonly<Record<JwtCaseName, string>> = {
  'kid-confusion': "a JWT signed by a scanner key under the AS's kid",
  'hs256-public-key': "an HS256 JWT keyed with the AS's public key",
  'embedded-jwk': 'a JWT signed by the jwk its header embeds',
  jku: "a JWT whose jku names the scanner's key server",
  x5u: "a JWT whose x5u names the scanner's certificate",
  'stripped-signature': "the user's token without its signature",
  'tampered-signature': "the user's token with a changed signature byte",
  expired: 'the expired token',
};

/** A crafted-token variant as ACT04 judges it: key, description, the answer, severity if accepted. */
export type TokenVariant = readonly [
  key: string,
  what: string,
  probe: Probe<HttpReply> | null,
  severity: Severity,
];

function casesOf(oauth: AuthDiscovery): readonly JwtCase[] {
  const b = oauth.tokenProbes.jwtBattery;
  return b?.kind === 'ok' ? b.value.cases : [];
}

/** The battery's cases that were sent, as variants (fetching cases are judged by `keyFetches` instead). */
export function batteryVariants(oauth: AuthDiscovery): TokenVariant[] {
  return casesOf(oauth)
    .filter((c) => c.probe.kind !== 'skipped' && (c.fetches ?? []).length === 0)
    .map((c) => [c.name, WHAT[c.name], c.probe, c.name === 'expired' ? 'high' : 'critical'] as const);
}

/** `jku`/`x5u`: the target fetched the key URL its token header named. */
export function keyFetches(oauth: AuthDiscovery, ctx: CheckContext): Verdict[] {
  return casesOf(oauth).flatMap((c) => {
    const fetches = c.fetches ?? [];
    if (fetches.length === 0 || c.probe.kind === 'skipped') return [];
    const answer = c.probe.kind === 'ok' ? `, then answered ${c.probe.value.status}` : '';
    const ids = c.probe.exchanges;
    return [
      ctx.fail(
        `The server fetched the ${c.name} URL named in the header of ${WHAT[c.name]} (${fetches.length} request${fetches.length > 1 ? 's' : ''} to the scanner's key server${answer}): it lets the token say where its key is.`,
        ids,
        { key: c.name, severity: 'critical' },
      ),
    ];
  });
}

/** What a passing message adds: the cases not sent, and a key server out of the target's reach. */
export function batteryNotes(oauth: AuthDiscovery): string {
  const b = oauth.tokenProbes.jwtBattery;
  if (b?.kind !== 'ok') return '';
  const skipped = b.value.cases.flatMap((c) =>
    c.probe.kind === 'skipped' ? [`${c.name} (${c.probe.detail ?? c.probe.reason})`] : [],
  );
  const unreachable =
    b.value.keyServer !== null && !b.value.keyServer.reachable
      ? " The jku/x5u key server listened on the scanner's 127.0.0.1, out of a non-loopback target's reach: no fetch could be seen."
      : '';
  return `${skipped.length > 0 ? ` Not sent: ${skipped.join('; ')}.` : ''}${unreachable}`;
}
