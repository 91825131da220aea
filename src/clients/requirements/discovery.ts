/** Discovery requirements: PRM, the authorization server's metadata, and how strictly they must agree. */
import type { Requirement } from '../types.js';
import type { ClientView } from '../evidence-view.js';
import { exchangesOf } from '../evidence-view.js';
import type { Outcome } from '../types.js';
import type { Predicate } from './common.js';
import { oauthPrecondition, out, resourceKey, sameUrl } from './common.js';

export const prmPublished: Predicate<'prm-published'> = (_req, { view }) => {
  const pre = oauthPrecondition(view.ev);
  if (pre) return pre;
  if (view.prm) return out('met', `PRM found at ${view.prm.url}.`, view.prm.exchanges);
  if (view.prmFetchFailed)
    return out('unknown', 'Every PRM location failed (network error or 5xx).', view.prmTried);
  return out(
    'unmet',
    'No protected-resource metadata at the challenge URL or the well-known URIs.',
    view.prmTried,
  );
};

function originFallback(
  req: Extract<Requirement, { kind: 'as-metadata' }>,
  view: ClientView,
  why: string,
): Outcome {
  if (req.fallback === 'none')
    return out('unmet', `${why}; the client has no fallback.`, [...view.prmTried, ...view.asTried]);
  if (view.originAs) {
    return out(
      'met',
      `${why}; the client falls back to the metadata at the MCP origin (${view.originAs.url}).`,
      view.originAs.exchanges,
    );
  }
  if (view.originTried.length === 0) {
    return out(
      'unknown',
      `${why}; the origin's own metadata was not fetched, so the client's fallback cannot be judged.`,
    );
  }
  if (
    req.fallback === 'origin-defaults' &&
    ['/authorize', '/token'].every((p) => view.originDefaults.some((d) => d.path === p))
  ) {
    const ex = view.originDefaults.flatMap((d) => d.exchanges);
    return out(
      'met',
      `${why}; the client falls back to the default /authorize and /token at the MCP origin, which exist.`,
      ex,
    );
  }
  return out('unmet', `${why}, and the client's fallback at the MCP origin finds nothing.`, view.originTried);
}

export const asMetadata: Predicate<'as-metadata'> = (req, { view }) => {
  const pre = oauthPrecondition(view.ev);
  if (pre) return pre;
  if (view.as) return out('met', `Authorization-server metadata found at ${view.as.url}.`, view.as.exchanges);
  if (view.prm) return originFallback(req, view, "The PRM's authorization server publishes no metadata");
  if (view.prmFetchFailed)
    return out('unknown', 'Every PRM location failed (network error or 5xx).', view.prmTried);
  return originFallback(req, view, 'No PRM names an authorization server');
};

export const prmResourceMatches: Predicate<'prm-resource-matches'> = (_req, { view }) => {
  const pre = oauthPrecondition(view.ev);
  if (pre) return pre;
  if (!view.prm) return out('not_applicable', 'No PRM was found (the discovery rules judge that).');
  const resource = view.prm.doc['resource'];
  if (typeof resource !== 'string')
    return out('unmet', 'The PRM has no string `resource`.', view.prm.exchanges);
  const want = resourceKey(view.ev.target.url);
  return resourceKey(resource) === want
    ? out('met', `The PRM resource matches the server URL.`, view.prm.exchanges)
    : out(
        'unmet',
        `The PRM resource "${resource}" differs from the server URL ${want ?? view.ev.target.url}.`,
        view.prm.exchanges,
      );
};

export const issuerMatches: Predicate<'issuer-matches'> = (_req, { view }) => {
  const pre = oauthPrecondition(view.ev);
  if (pre) return pre;
  if (!view.as) return out('not_applicable', 'No PRM-named authorization server metadata was found.');
  const issuer = view.as.doc['issuer'];
  if (typeof issuer !== 'string')
    return out('met', 'The metadata omits `issuer`; the client uses the PRM entry.', view.as.exchanges);
  return sameUrl(issuer, view.as.issuer)
    ? out('met', 'The metadata `issuer` equals the PRM entry.', view.as.exchanges)
    : out(
        'unmet',
        `The metadata issuer "${issuer}" differs from the PRM entry "${view.as.issuer}".`,
        view.as.exchanges,
      );
};

function originOf(u: string): string | null {
  try {
    return new URL(u).origin;
  } catch {
    return null;
  }
}

export const sameOriginResourceMetadata: Predicate<'same-origin-resource-metadata'> = (_req, { view }) => {
  const pre = oauthPrecondition(view.ev);
  if (pre) return pre;
  const fromChallenge = view.oauth?.prm.find((c) => c.source === 'challenge');
  if (!fromChallenge || originOf(fromChallenge.url) === originOf(view.ev.target.url)) {
    return out('not_applicable', 'The challenge names no cross-origin resource_metadata.');
  }
  const wellKnown = view.prm && view.prm.source !== 'challenge';
  return wellKnown
    ? out(
        'met',
        `The cross-origin resource_metadata is ignored, but PRM is also at ${view.prm?.url}.`,
        view.prm?.exchanges ?? [],
      )
    : out(
        'unmet',
        `The challenge's resource_metadata ${fromChallenge.url} is on another origin, and no PRM is at the well-known URIs.`,
        exchangesOf(fromChallenge.fetch),
      );
};
