import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { AS_SECTIONS, AS_TRANSPORT_NOTE, AS_TRANSPORTS } from '../asm/as-common.js';
import type { CheckContext, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { read, withCimd } from './as-requests.js';
import type { CimdScene } from './as-requests.js';

export default defineCheck({
  meta: {
    id: 'MCPP-CIMD17',
    title: 'Caching respects headers; errors not cached',
    requirement:
      'Client metadata document fetches respect HTTP cache headers, and an error or invalid document is fetched again once fixed rather than cached.',
    keyword: 'MUST NOT',
    revisions: revisionRange('2025-11-25'),
    transports: AS_TRANSPORTS,
    mode: 'intrusive',
    requires: [...AS_SECTIONS],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'registration' },
    keys: {
      'ignores-cache-headers': 'a document served with max-age=3600 was fetched again seconds later',
      'caches-errors': 'a document whose first fetch failed was not fetched again on the next request',
    },
    severity: 'low',
    citations: [mcp('2026-07-28', 'basic/authorization/client-registration', 'Implementation Requirements')],
    rationale:
      'Caching per the document’s headers keeps the AS from fetching on every request (and from being used to flood the client’s host); caching a failure locks a client out after a transient error until the cache expires.',
    remediation:
      'Cache fetched documents for the lifetime their HTTP cache headers give (within your own bounds), and never cache a failed fetch or an invalid document.',
    evidence:
      'The scanner’s loopback variants server’s request log, with `i.cimd(cache-1)`/`i.cimd(cache-2)` (the cache variant, served with `Cache-Control: max-age=3600`, requested twice) and `i.cimd(error-then-valid-1)`/`-2` (answered 404 on its first fetch and with the valid document after, requested twice). The fetches counted are those the server received while each request was answered.',
    notes:
      'Needs the scanner’s own loopback variants server (an authorization server on loopback): a user-hosted `--cimd-base` has no request log, so the check is `needs_callback_host` there. Two results. `ignores-cache-headers`: fail when cache-2 fetched the document again although cache-1 was accepted; pass when it did not; the SHOULD of the row. `caches-errors`: fail when the 404 was the only fetch of error-then-valid over both requests (the failure was cached; the MUST NOT); pass when it was fetched again (within the first request or on the second). `ambiguous` when the first request’s fetch did not happen (the AS never fetched the variant). CIMD-02 §5.2. ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return withCimd(ev, ctx, (scene) => {
      if (scene.cimd.log === null)
        return ctx.inconclusive(
          'needs_callback_host',
          'The variants were hosted at --cimd-base, which has no request log: cache behaviour is observable only with the scanner’s own loopback variants server (an authorization server on loopback).',
          [],
          { location: scene.location },
        );
      return [cacheHeaders(ctx, scene), cachedErrors(ctx, scene)];
    });
  },
});

function cacheHeaders(ctx: CheckContext, scene: CimdScene): Verdict {
  const key = 'ignores-cache-headers';
  const location = scene.location;
  const first = read(ctx, scene, 'cache-1', 'the first request for the cache variant', { key });
  const second = read(ctx, scene, 'cache-2', 'the second request for the cache variant', { key });
  if (first.kind === 'verdict') return first.verdict;
  if (second.kind === 'verdict') return second.verdict;
  const ids = [first.answer.exchange, second.answer.exchange];
  if (first.outcome.kind !== 'accepted' || (first.request.fetches ?? 0) === 0)
    return ctx.inconclusive(
      'ambiguous',
      `The cache variant was not fetched and accepted on the first request (${first.outcome.how}; ${first.request.fetches ?? 0} fetch(es)): nothing to cache.`,
      ids,
      { location, key },
    );
  if ((second.request.fetches ?? 0) > 0)
    return ctx.fail(
      `${scene.cimd.issuer} fetched the cache variant again on the second request (${second.request.fetches} fetch(es)) although it was served with Cache-Control: max-age=3600.`,
      ids,
      { location, key },
    );
  return ctx.pass('The cache variant (max-age=3600) was fetched once for two requests.', ids, {
    location,
    key,
  });
}

function cachedErrors(ctx: CheckContext, scene: CimdScene): Verdict {
  const key = 'caches-errors';
  const location = scene.location;
  const first = read(ctx, scene, 'error-then-valid-1', 'the first request for the error-then-valid variant', {
    key,
  });
  const second = read(
    ctx,
    scene,
    'error-then-valid-2',
    'the second request for the error-then-valid variant',
    { key },
  );
  if (first.kind === 'verdict') return first.verdict;
  if (second.kind === 'verdict') return second.verdict;
  const ids = [first.answer.exchange, second.answer.exchange];
  if ((first.request.fetches ?? 0) === 0)
    return ctx.inconclusive(
      'ambiguous',
      `The error-then-valid variant was not fetched on the first request (${first.outcome.how}): there was no error to cache.`,
      ids,
      { location, key },
    );
  const total = (first.request.fetches ?? 0) + (second.request.fetches ?? 0);
  if (total < 2)
    return ctx.fail(
      `${scene.cimd.issuer} did not fetch the error-then-valid variant again after its first fetch answered 404 (second request: ${second.outcome.how}): the failure was cached.`,
      ids,
      { location, key },
    );
  return ctx.pass(
    `After a 404, ${scene.cimd.issuer} fetched the document again (${total} fetches over two requests; second request: ${second.outcome.how}).`,
    ids,
    { location, key },
  );
}
