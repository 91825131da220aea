/**
 * Shared readers of the OAuth discovery evidence for the AUTHN, PRM, SCP, ACT04 and
 * TRN10/TRN15 checks: the found PRM variants, the challenges of ordinary unauthenticated
 * requests, and the fetched metadata documents. The authorization gate (docs/model/authorization.md#what-follows) is the
 * engine's: a check that requires `oauth` is not called without it.
 */
import type {
  AuthChallenge,
  AuthDiscovery,
  ChallengeObservation,
  DocumentFetch,
  PrmCandidate,
} from '../../evidence/auth-types.js';
import type { Evidence, ExchangeId } from '../../evidence/types.js';
import type { CheckContext, Verdict } from '../define-check.js';
import { isObject } from '../../evidence/parse/json-value.js';
import { probeExchanges } from '../shared/exchanges.js';
import { asLocation, prmLocation } from '../shared/locations.js';

export { isObject } from '../../evidence/parse/json-value.js';

/**
 * See docs/model/authorization.md#what-follows for the checks that presuppose authorization but read the OAuth chain as
 * optional (`oauth?`: they judge raw exchanges when it is missing, AUTHN02/09/10): not_applicable
 * (`no_auth`) without an authorization signal. Checks that require `oauth` get this from the engine.
 */
export function noAuth(ev: Pick<Evidence, 'auth'>, ctx: CheckContext): Verdict | null {
  if (ev.auth.inUse) return null;
  return ctx.notApplicable(
    'no_auth',
    'No authorization signal was observed (no 401, no challenge, no published PRM): the target does not use authorization.',
  );
}

/**
 * See docs/model/revisions.md#the-2024-11-05-revision: a check grounded in an RFC still runs when only 2024-11-05 is possible,
 * and says so.
 */
export function rfcNote(ev: Pick<Evidence, 'detection'>): string {
  const r = ev.detection.revision;
  const set = [...r.known, ...r.unconfirmed];
  return set.length > 0 && set.every((x) => x === '2024-11-05')
    ? ' (Evaluated against the RFC; 2024-11-05 defines no authorization.)'
    : '';
}

// ---------------------------------------------------------------------------
// Challenges
// ---------------------------------------------------------------------------

/** The first `Bearer` challenge of an observation, when the header parsed. */
export function bearerOf(c: ChallengeObservation): AuthChallenge | null {
  return c.challenges?.find((x) => x.scheme === 'bearer') ?? null;
}

// Probes that rewrite Host, Origin or forwarding headers can change what the server puts in its challenge.
const CRAFTED_HEADER_PROBE = /^s\.(xfh|origin|host|preflight)/;

/** Challenges to requests that carried no credentials and no crafted headers: what an ordinary client sees. */
export function ordinaryChallenges(oauth: AuthDiscovery): ChallengeObservation[] {
  return oauth.challenges.filter((c) => !c.credentialsSent && !CRAFTED_HEADER_PROBE.test(c.probe));
}

/** Distinct `resource_metadata` values of ordinary Bearer challenges, with the first exchange naming each. */
export function advertisedPrmUrls(oauth: AuthDiscovery): { url: string; exchange: ExchangeId }[] {
  const out: { url: string; exchange: ExchangeId }[] = [];
  for (const c of ordinaryChallenges(oauth)) {
    const url = bearerOf(c)?.params['resource_metadata'];
    if (url !== undefined && !out.some((o) => o.url === url)) out.push({ url, exchange: c.exchange });
  }
  return out;
}

/** Space-separated `scope` values of ordinary Bearer challenges, with the exchanges naming each. */
export function challengeScopes(oauth: AuthDiscovery): Map<string, ExchangeId[]> {
  const out = new Map<string, ExchangeId[]>();
  for (const c of ordinaryChallenges(oauth)) {
    const scope = bearerOf(c)?.params['scope'];
    if (scope === undefined) continue;
    for (const s of scope.split(/[ \t]+/).filter(Boolean)) out.set(s, [...(out.get(s) ?? []), c.exchange]);
  }
  return out;
}

// ---------------------------------------------------------------------------
// Protected Resource Metadata
// ---------------------------------------------------------------------------

export interface FoundPrm {
  readonly candidate: PrmCandidate;
  readonly fetch: DocumentFetch;
  readonly doc: Readonly<Record<string, unknown>>;
  readonly location: string;
  /** Redirect hops and the final answer. */
  readonly exchanges: readonly ExchangeId[];
}

/** A fetched document counts as found when a 2xx answer carried a JSON object (PRM02 judges the rest). */
export function isFoundDocument(fetch: DocumentFetch): boolean {
  return fetch.status >= 200 && fetch.status < 300 && isObject(fetch.json);
}

/** Every found PRM variant, in client order (challenge URL, path-inserted, root). */
export function foundPrms(oauth: AuthDiscovery): FoundPrm[] {
  const out: FoundPrm[] = [];
  for (const candidate of oauth.prm) {
    if (candidate.fetch.kind !== 'ok') continue;
    const fetch = candidate.fetch.value;
    if (!isFoundDocument(fetch) || !isObject(fetch.json)) continue;
    out.push({
      candidate,
      fetch,
      doc: fetch.json,
      location: prmLocation(candidate.url),
      exchanges: candidate.fetch.exchanges,
    });
  }
  return out;
}

/** "The PRM" of the catalogue: the first found variant in client order. */
export function firstPrm(oauth: AuthDiscovery): FoundPrm | null {
  return foundPrms(oauth)[0] ?? null;
}

/** The non-verdict when no PRM variant was found: fetch failures are inconclusive, absence is not_applicable. */
export function noPrm(oauth: AuthDiscovery, ctx: CheckContext): Verdict {
  const failed = oauth.prm.filter(
    (c) => c.fetch.kind === 'failed' || (c.fetch.kind === 'ok' && c.fetch.value.status >= 500),
  );
  if (oauth.prm.length > 0 && failed.length === oauth.prm.length) {
    return ctx.inconclusive(
      'fetch_failed',
      'No PRM candidate could be fetched (network errors or 5xx answers).',
      failed.flatMap((c) => probeExchanges(c.fetch)),
    );
  }
  return ctx.notApplicable('feature_absent', 'No Protected Resource Metadata document was found.');
}

/** The string entries of a JSON array member; null when the member is absent or not an array. */
export function stringArray(v: unknown): string[] | null {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : null;
}

// ---------------------------------------------------------------------------
// Metadata fetches (TRN10, TRN15)
// ---------------------------------------------------------------------------

export interface DiscoveryDocument {
  readonly kind: 'PRM' | 'AS metadata';
  readonly location: string;
  readonly fetch: DocumentFetch;
}

/** Every fetched PRM and AS metadata document (PRM candidates, AS attempts, the 2025-03-26 origin metadata). */
export function discoveryFetches(ev: Pick<Evidence, 'oauth' | 'target'>): DiscoveryDocument[] {
  const out: DiscoveryDocument[] = [];
  const oauth = ev.oauth;
  if (!oauth) return out;
  for (const c of oauth.prm) {
    if (c.fetch.kind === 'ok') out.push({ kind: 'PRM', location: prmLocation(c.url), fetch: c.fetch.value });
  }
  for (const as of oauth.authorizationServers) {
    for (const a of as.attempts) {
      if (a.fetch.kind === 'ok')
        out.push({ kind: 'AS metadata', location: asLocation(as.issuer), fetch: a.fetch.value });
    }
  }
  const legacy = oauth.legacyBase?.metadata;
  if (legacy?.kind === 'ok') {
    out.push({
      kind: 'AS metadata',
      location: asLocation(new URL(ev.target.url).origin),
      fetch: legacy.value,
    });
  }
  return out;
}
