import { defineCheck } from '../define-check.js';
import type { AuthDiscovery } from '../../evidence/auth-types.js';
import { mcp, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { advertisedPrmUrls, bearerOf, foundPrms, ordinaryChallenges } from './discovery.js';
import { sameUrl } from '../../evidence/parse/url.js';
import { probeExchanges } from '../shared/exchanges.js';

/** Every candidate fetch failed or answered 5xx: absence is not proven. */
function allFailed(oauth: AuthDiscovery): boolean {
  return (
    oauth.prm.length > 0 &&
    oauth.prm.every(
      (c) => c.fetch.kind === 'failed' || (c.fetch.kind === 'ok' && c.fetch.value.status >= 500),
    )
  );
}

export default defineCheck({
  meta: {
    id: 'MCPP-AUTHN03',
    title: 'Protected Resource Metadata discoverable',
    requirement:
      'When authorization is required, the PRM location is given by `resource_metadata` in the 401 challenge (2025-06-18: required) or PRM is served at a well-known URI (≥2025-11-25: one of the two).',
    keyword: 'MUST',
    revisions: revisionRange('2025-06-18'),
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['oauth'],
    rating: { scope: 'authorization', discoveryChain: true },
    chain: { hop: 'challenge' },
    keys: {
      advertised: 'the PRM URL the challenge advertises yields no PRM (also its fetch_failed non-verdict)',
      'challenge-param':
        'the challenge has no resource_metadata and the PRM is only at a well-known URI: fails under 2025-06-18, passes from 2025-11-25',
      none: 'no PRM is discoverable at all (also its fetch_failed non-verdict)',
    },
    severity: 'high',
    citations: [
      mcp('2025-06-18', 'basic/authorization', 'Authorization Server Location'),
      mcp('2025-11-25', 'basic/authorization', 'Protected Resource Metadata Discovery Requirements'),
      mcp(
        '2026-07-28',
        'basic/authorization/authorization-server-discovery',
        'Protected Resource Metadata Discovery Requirements',
      ),
      rfc(9728, '5.1'),
    ],
    rationale:
      'A client that receives a 401 has to find the protected resource metadata to learn which authorization server to use. If neither the challenge nor a well-known URI leads to it, conforming clients cannot obtain a token at all.',
    remediation:
      'Add `resource_metadata="<PRM URL>"` to the `WWW-Authenticate: Bearer` challenge (required by 2025-06-18 clients) and serve the document at `/.well-known/oauth-protected-resource<endpoint path>`. Make sure an advertised URL actually serves the document.',
    evidence:
      'The `resource_metadata` parameter of the Bearer challenges to ordinary unauthenticated requests, and the `p.prm` fetches (challenge URL, path-inserted, root).',
    traps:
      'Behind a 401 with the revision unknown and only well-known PRM, the outcome is `inconclusive` (`revision_dependent`, `docs/model/revisions.md#revision_dependent`); an advertised URL that 404s fails here and PRM02.',
    notes:
      'Judged per revision: under 2025-06-18 the challenge parameter must be present and yield a PRM (key `challenge-param` when only a well-known PRM exists); from 2025-11-25 a well-known PRM suffices, and the result for that case carries the same key so the engine can merge the revisions into `revision_dependent`. An advertised URL that does not yield a PRM fails under every revision with key `advertised` (not in the catalogue row): from 2025-11-25 clients MUST use the challenge URL when present and fall back to well-known URIs only when it is absent, so a broken advertised URL breaks them even when a well-known PRM exists. Without any ordinary Bearer challenge (authorization signalled otherwise) a well-known PRM passes. Key `none`: nothing yields a PRM; all candidate fetches failing is inconclusive (`fetch_failed`).',
  },
  evaluate(ev, ctx) {
    const oauth = ev.oauth;
    const found = foundPrms(oauth);
    const advertised = advertisedPrmUrls(oauth);
    const challenged = ordinaryChallenges(oauth).filter((c) => bearerOf(c) !== null);
    const challengeIds = challenged.map((c) => c.exchange).slice(0, 3);

    if (advertised.length > 0) {
      const broken = advertised.filter((a) => !found.some((f) => sameUrl(f.candidate.url, a.url)));
      if (broken.length === 0) {
        const via = found.find((f) => sameUrl(f.candidate.url, advertised[0]!.url))!;
        return ctx.pass(`The challenge names ${advertised[0]!.url}, which serves the PRM.`, [
          advertised[0]!.exchange,
          ...via.exchanges,
        ]);
      }
      const b = broken[0]!;
      const candidate = oauth.prm.find((c) => sameUrl(c.url, b.url));
      const fetched = candidate?.fetch;
      if (!fetched || fetched.kind !== 'ok' || fetched.value.status >= 500) {
        const ids = fetched ? probeExchanges(fetched) : [];
        return ctx.inconclusive(
          'fetch_failed',
          `The PRM URL advertised by the challenge (${b.url}) could not be fetched${fetched?.kind === 'ok' ? ` (${fetched.value.status})` : ''}.`,
          [b.exchange, ...ids],
          { key: 'advertised' },
        );
      }
      return ctx.fail(
        `The challenge advertises ${b.url}, which answered ${fetched.value.status} without a JSON object: clients that follow the challenge find no PRM.`,
        [b.exchange, ...fetched.exchanges],
        { key: 'advertised' },
      );
    }

    const wellKnown = found[0];
    if (challenged.length === 0) {
      if (wellKnown) {
        return ctx.pass(
          `No Bearer challenge was observed; the PRM is served at ${wellKnown.candidate.url}.`,
          wellKnown.exchanges,
        );
      }
    } else if (wellKnown) {
      if (ctx.revision === '2025-06-18') {
        return ctx.fail(
          `The Bearer challenge has no resource_metadata parameter, which 2025-06-18 requires; the PRM is only found at the well-known URI ${wellKnown.candidate.url}.`,
          [...challengeIds, ...wellKnown.exchanges],
          { key: 'challenge-param' },
        );
      }
      return ctx.pass(
        `The challenge has no resource_metadata parameter, but the PRM is served at the well-known URI ${wellKnown.candidate.url}, which ${ctx.revision} accepts.`,
        [...challengeIds, ...wellKnown.exchanges],
        { key: 'challenge-param' },
      );
    }
    const tried = oauth.prm.flatMap((c) => probeExchanges(c.fetch));
    if (allFailed(oauth)) {
      return ctx.inconclusive(
        'fetch_failed',
        'The well-known PRM URLs could not be fetched (network errors or 5xx).',
        tried,
        { key: 'none' },
      );
    }
    const statuses = oauth.prm
      .map((c) => `${c.url}: ${c.fetch.kind === 'ok' ? c.fetch.value.status : c.fetch.kind}`)
      .join('; ');
    return ctx.fail(
      `No PRM is discoverable: the challenge names no resource_metadata and no well-known URI serves one (${statuses || 'no candidate fetched'}).`,
      [...challengeIds, ...tried],
      { key: 'none' },
    );
  },
});
