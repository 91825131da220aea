import { defineCheck } from '../define-check.js';
import { mcp, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { firstPrm, noPrm } from '../authn/discovery.js';

export default defineCheck({
  meta: {
    id: 'MCPP-PRM07',
    title: 'Scopes advertised',
    requirement: '`scopes_supported` is present and non-empty.',
    keyword: 'RECOMMENDED',
    revisions: revisionRange('2025-06-18'),
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['oauth'],
    rating: { scope: 'authorization' },
    chain: { hop: 'resource-metadata' },
    keys: {
      absent: 'the PRM does not advertise scopes_supported',
      empty: 'scopes_supported is empty or holds no usable scope',
    },
    severity: 'low',
    citations: [rfc(9728, '2'), mcp('2025-11-25', 'basic/authorization', 'Scope Selection Strategy')],
    rationale:
      'MCP clients choose the scopes to request from the challenge or, failing that, from the PRM `scopes_supported`. Without either, they request no scope or a guessed one, and users are asked for broader or wrong permissions.',
    remediation:
      'List the scopes the MCP server understands in `scopes_supported`, e.g. `["mcp:tools", "mcp:resources"]`.',
    evidence: '`scopes_supported` of the first found PRM variant.',
    traps: 'Scope-less resources are legitimate.',
    notes: 'Keys: `absent`, `empty` (an empty array, or a value that is not an array of strings).',
  },
  evaluate(ev, ctx) {
    const oauth = ev.oauth;
    const prm = firstPrm(oauth);
    if (!prm) return noPrm(oauth, ctx);
    const v = prm.doc['scopes_supported'];
    const opts = { location: prm.location };
    if (v === undefined) {
      return ctx.fail('The PRM does not advertise scopes_supported.', prm.exchanges, {
        ...opts,
        key: 'absent',
      });
    }
    const scopes = Array.isArray(v) ? v.filter((s) => typeof s === 'string' && s !== '') : [];
    if (scopes.length === 0) {
      return ctx.fail(
        `scopes_supported is ${JSON.stringify(v).slice(0, 80)}: no scope listed.`,
        prm.exchanges,
        {
          ...opts,
          key: 'empty',
        },
      );
    }
    return ctx.pass(`The PRM advertises ${scopes.length} scope(s).`, prm.exchanges, opts);
  },
});
