import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { mcp, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { firstPrm, noPrm } from '../authn/discovery.js';

export default defineCheck({
  meta: {
    id: 'MCPP-PRM08',
    title: '`resource` has no fragment or query',
    requirement: '`resource` has no fragment and no query.',
    keyword: 'MUST NOT',
    revisions: revisionRange('2025-06-18'),
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['oauth'],
    rating: { scope: 'authorization' },
    chain: { hop: 'resource-metadata' },
    keys: {
      fragment: 'resource has a fragment (high, MUST NOT)',
      query: 'resource has a query (low, SHOULD NOT)',
    },
    severity: 'high',
    citations: [
      rfc(8707, '2'),
      rfc(9728, '1.2'),
      mcp('2026-07-28', 'basic/authorization', 'Canonical Server URI'),
    ],
    rationale:
      'The resource identifier becomes the audience of the tokens clients obtain. A fragment makes it an invalid RFC 8707 resource indicator that authorization servers reject; a query makes the identifier unstable and is discouraged.',
    remediation: 'Use the endpoint URL without `#fragment` and, preferably, without `?query` as `resource`.',
    evidence: '`resource` of the first found PRM variant (raw text).',
    traps: 'Tenant-in-query designs (`?tenant=`) are low.',
    notes:
      'Keys: `fragment` (high, MUST NOT) and `query` (low, SHOULD NOT), judged on the raw string so an empty `?` or `#` counts. A missing or non-string `resource` is PRM03’s and not_applicable here.',
  },
  evaluate(ev, ctx) {
    const oauth = ev.oauth;
    const prm = firstPrm(oauth);
    if (!prm) return noPrm(oauth, ctx);
    const resource = prm.doc['resource'];
    const location = prm.location;
    if (typeof resource !== 'string' || resource === '') {
      return ctx.notApplicable('feature_absent', 'The PRM has no resource string (PRM03).', { location });
    }
    const verdicts: Verdict[] = [];
    const hash = resource.indexOf('#');
    const query = resource.indexOf('?');
    if (hash >= 0) {
      verdicts.push(
        ctx.fail(`resource ${resource} has a fragment.`, prm.exchanges, { location, key: 'fragment' }),
      );
    }
    if (query >= 0 && (hash < 0 || query < hash)) {
      verdicts.push(
        ctx.fail(`resource ${resource} has a query.`, prm.exchanges, {
          location,
          key: 'query',
          severity: 'low',
        }),
      );
    }
    if (verdicts.length === 0) {
      verdicts.push(
        ctx.pass(`resource ${resource} has no query and no fragment.`, prm.exchanges, { location }),
      );
    }
    return verdicts;
  },
});
