import { defineCheck } from '../define-check.js';
import { rfc } from '../../spec/citations.js';
import { firstPrm, noPrm, rfcNote } from '../authn/discovery.js';

export default defineCheck({
  meta: {
    id: 'MCPP-PRM12',
    title: 'No `none` among resource signing algorithms',
    requirement: '`resource_signing_alg_values_supported` does not contain `none`.',
    keyword: 'MUST NOT',
    revisions: 'any',
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['detection', 'oauth'],
    rating: { scope: 'authorization' },
    chain: { hop: 'resource-metadata' },
    keys: {},
    severity: 'medium',
    citations: [rfc(9728, '2')],
    rationale:
      'An algorithm list that includes `none` tells clients that unsigned responses from the resource are acceptable, which removes the protection signing was meant to give.',
    remediation:
      'Remove `none` from `resource_signing_alg_values_supported`; list only real JWS algorithms (e.g. `ES256`, `RS256`).',
    evidence: '`resource_signing_alg_values_supported` of the first found PRM variant.',
    notes: 'Compared case-insensitively. Not applicable when the member is absent.',
  },
  evaluate(ev, ctx) {
    const oauth = ev.oauth;
    const prm = firstPrm(oauth);
    if (!prm) return noPrm(oauth, ctx);
    const v = prm.doc['resource_signing_alg_values_supported'];
    const location = prm.location;
    if (v === undefined) {
      return ctx.notApplicable(
        'feature_absent',
        'The PRM does not list resource_signing_alg_values_supported.',
        {
          location,
        },
      );
    }
    const note = rfcNote(ev);
    const algs = Array.isArray(v) ? v : [v];
    if (algs.some((a) => typeof a === 'string' && a.toLowerCase() === 'none')) {
      return ctx.fail(
        `resource_signing_alg_values_supported includes none: ${JSON.stringify(v)}.${note}`,
        prm.exchanges,
        {
          location,
        },
      );
    }
    return ctx.pass(
      `resource_signing_alg_values_supported = ${JSON.stringify(v)} excludes none.${note}`,
      prm.exchanges,
      {
        location,
      },
    );
  },
});
