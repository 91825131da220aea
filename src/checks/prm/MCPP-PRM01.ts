import { defineCheck } from '../define-check.js';
import { mcp, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { foundPrms } from '../authn/discovery.js';
import { probeExchanges } from '../shared/exchanges.js';

export default defineCheck({
  meta: {
    id: 'MCPP-PRM01',
    title: 'PRM published',
    requirement:
      'A resource requiring authorization publishes RFC 9728 metadata at a location MCP clients try.',
    keyword: 'MUST',
    revisions: revisionRange('2025-06-18'),
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['oauth'],
    rating: { scope: 'authorization', discoveryChain: true },
    chain: { hop: 'resource-metadata' },
    keys: {},
    severity: 'high',
    citations: [
      mcp('2025-06-18', 'basic/authorization', 'Authorization Server Location'),
      mcp(
        '2026-07-28',
        'basic/authorization/authorization-server-discovery',
        'Authorization Server Location',
      ),
      rfc(9728, '3'),
    ],
    rationale:
      'From 2025-06-18 the protected resource metadata is how an MCP client learns which authorization server issues tokens for the server. Without it, conforming clients cannot start the authorization flow.',
    remediation:
      'Serve an RFC 9728 document (`resource`, `authorization_servers`, `scopes_supported`) at `/.well-known/oauth-protected-resource<endpoint path>` (or the root well-known URI) and advertise it in the 401 challenge with `resource_metadata`.',
    evidence:
      '`p.prm`: the challenge’s `resource_metadata` URL, the path-inserted and the root well-known URIs, in client order.',
    traps:
      'Either the path-inserted or the root location suffices; an appended `/mcp/.well-known/oauth-protected-resource` is only found when the challenge advertises it.',
    notes:
      'Found means a 2xx answer whose body is a JSON object; PRM02 judges status, media type and members. All candidates failing with network errors or 5xx is inconclusive (`fetch_failed`).',
  },
  evaluate(ev, ctx) {
    const oauth = ev.oauth;
    const found = foundPrms(oauth)[0];
    if (found) return ctx.pass(`The PRM is served at ${found.candidate.url}.`, found.exchanges);
    const tried = oauth.prm.flatMap((c) => probeExchanges(c.fetch));
    const failed = oauth.prm.filter(
      (c) => c.fetch.kind === 'failed' || (c.fetch.kind === 'ok' && c.fetch.value.status >= 500),
    );
    if (oauth.prm.length > 0 && failed.length === oauth.prm.length) {
      return ctx.inconclusive('fetch_failed', 'Every PRM candidate failed (network error or 5xx).', tried);
    }
    const statuses = oauth.prm
      .map((c) => `${c.url} → ${c.fetch.kind === 'ok' ? c.fetch.value.status : c.fetch.kind}`)
      .join('; ');
    return ctx.fail(
      `No PRM document was found at any location MCP clients try${statuses ? ` (${statuses})` : ''}.`,
      tried,
    );
  },
});
