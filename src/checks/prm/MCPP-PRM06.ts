import { defineCheck } from '../define-check.js';
import { mcp, oauth21, rfc } from '../../spec/citations.js';
import { firstPrm, noPrm, rfcNote } from '../authn/discovery.js';

export default defineCheck({
  meta: {
    id: 'MCPP-PRM06',
    title: 'No query-string bearer method',
    requirement: '`bearer_methods_supported` does not contain `query`.',
    keyword: 'policy',
    revisions: 'any',
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['detection', 'oauth'],
    rating: { scope: 'authorization' },
    chain: { hop: 'resource-metadata' },
    keys: {},
    severity: 'high',
    citations: [
      rfc(6750, '2.3'),
      oauth21('5.1'),
      mcp('2025-06-18', 'basic/authorization', 'Token Requirements'),
      rfc(9728, '2'),
    ],
    rationale:
      'Tokens in URLs end up in server, proxy and browser logs and in `Referer` headers. OAuth 2.1 drops the query method and MCP forbids clients from using it; a resource that advertises it invites the leak.',
    remediation:
      'Remove `query` from `bearer_methods_supported` (advertise `["header"]`) and stop accepting `access_token` in the query string.',
    evidence: '`bearer_methods_supported` of the first found PRM variant.',
    traps: '`body` is unusual for MCP but not flagged; ACT02 tests actual acceptance.',
    notes:
      'A string value `"query"` (instead of an array) counts as advertising the method. The server-side basis is OAuth 2.1 dropping the query method (policy); the MCP text binds clients.',
  },
  evaluate(ev, ctx) {
    const oauth = ev.oauth;
    const prm = firstPrm(oauth);
    if (!prm) return noPrm(oauth, ctx);
    const v = prm.doc['bearer_methods_supported'];
    const methods = Array.isArray(v) ? v : [v];
    const note = rfcNote(ev);
    if (methods.some((m) => typeof m === 'string' && m.toLowerCase() === 'query')) {
      return ctx.fail(
        `The PRM advertises the query-string bearer method: bearer_methods_supported = ${JSON.stringify(v)}.${note}`,
        prm.exchanges,
        { location: prm.location },
      );
    }
    return ctx.pass(
      v === undefined
        ? `The PRM does not list bearer_methods_supported (no query method advertised).${note}`
        : `bearer_methods_supported = ${JSON.stringify(v)} does not include query.${note}`,
      prm.exchanges,
      { location: prm.location },
    );
  },
});
