import type { Severity, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { isLoopbackHostname } from '../../evidence/parse/url.js';
import { rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { firstPrm, noPrm } from '../authn/discovery.js';

const MEMBERS: readonly { name: string; severity: Severity }[] = [
  { name: 'resource', severity: 'high' },
  { name: 'jwks_uri', severity: 'medium' },
  { name: 'resource_documentation', severity: 'low' },
  { name: 'resource_policy_uri', severity: 'low' },
  { name: 'resource_tos_uri', severity: 'low' },
];

export default defineCheck({
  meta: {
    id: 'MCPP-PRM13',
    title: 'PRM URL members use https',
    requirement:
      '`resource` uses https (loopback excepted); `jwks_uri` uses https; documentation and policy URLs use https.',
    keyword: 'MUST',
    revisions: revisionRange('2025-06-18'),
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['oauth'],
    rating: { scope: 'authorization' },
    chain: { hop: 'resource-metadata' },
    keys: {
      resource: 'resource is not https (high); also the key of its pass',
      jwks_uri: 'jwks_uri is not https (medium); also the key of its pass',
      resource_documentation: 'resource_documentation is not https (low); also the key of its pass',
      resource_policy_uri: 'resource_policy_uri is not https (low); also the key of its pass',
      resource_tos_uri: 'resource_tos_uri is not https (low); also the key of its pass',
    },
    severity: 'high',
    citations: [rfc(9728, '1.2'), rfc(9728, '2')],
    rationale:
      'An http resource identifier means tokens for it are sent in cleartext; an http `jwks_uri` lets anyone on the path substitute the keys that verify the resource’s signed statements; cleartext documentation links can be rewritten to phishing pages.',
    remediation:
      'Use https URLs for `resource`, `jwks_uri`, `resource_documentation`, `resource_policy_uri` and `resource_tos_uri`.',
    evidence: 'The URL members of the first found PRM variant.',
    traps: 'PRM03 compares `resource` with the endpoint; here only its scheme.',
    notes:
      'One result per member present (key = member): high for `resource`, medium for `jwks_uri`, low for the documentation and policy URLs. Loopback http is excepted for every member, not only `resource` (the row names the exception for `resource`): a loopback URL never crosses the network, so failing local development servers on it would only be noise. Members that are not http(s) URL strings are reported as failures of the same key.',
  },
  evaluate(ev, ctx) {
    const oauth = ev.oauth;
    const prm = firstPrm(oauth);
    if (!prm) return noPrm(oauth, ctx);
    const location = prm.location;
    const verdicts: Verdict[] = [];
    for (const m of MEMBERS) {
      const v = prm.doc[m.name];
      if (v === undefined) continue;
      let u: URL | null = null;
      try {
        u = typeof v === 'string' ? new URL(v) : null;
      } catch {
        u = null;
      }
      if (u?.protocol === 'https:') {
        verdicts.push(ctx.pass(`${m.name} uses https.`, prm.exchanges, { location, key: m.name }));
      } else if (u?.protocol === 'http:' && isLoopbackHostname(u.hostname)) {
        verdicts.push(
          ctx.pass(`${m.name} uses http on a loopback host.`, prm.exchanges, { location, key: m.name }),
        );
      } else {
        const what = u ? `uses ${u.protocol.slice(0, -1)}` : 'is not an absolute URL';
        verdicts.push(
          ctx.fail(`${m.name} ${what}: ${JSON.stringify(v).slice(0, 120)}.`, prm.exchanges, {
            location,
            key: m.name,
            severity: m.severity,
          }),
        );
      }
    }
    if (verdicts.length === 0) {
      return ctx.notApplicable('feature_absent', 'The PRM carries none of the URL members.', { location });
    }
    return verdicts;
  },
});
