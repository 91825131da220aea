import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { mcp, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { foundPrms, noPrm } from '../authn/discovery.js';

const MEMBERS = ['authorization_servers', 'bearer_methods_supported'] as const;

/** Order-insensitive comparison value of a member; `undefined` when absent. */
function valueOf(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  if (Array.isArray(v)) return JSON.stringify((v as unknown[]).map((x) => JSON.stringify(x)).sort());
  return JSON.stringify(v);
}

export default defineCheck({
  meta: {
    id: 'MCPP-PRM11',
    title: 'PRM variants consistent',
    requirement:
      'All PRM documents found for the endpoint agree on `authorization_servers` and `bearer_methods_supported`.',
    keyword: 'policy',
    revisions: revisionRange('2025-06-18'),
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['oauth'],
    rating: { scope: 'authorization' },
    chain: { hop: 'resource-metadata' },
    keys: {
      authorization_servers: 'the PRM variants disagree on authorization_servers',
      bearer_methods_supported: 'the PRM variants disagree on bearer_methods_supported',
    },
    severity: 'medium',
    citations: [
      rfc(9728, '3.3'),
      mcp('2025-11-25', 'basic/authorization', 'Protected Resource Metadata Discovery Requirements'),
    ],
    rationale:
      'Clients reach different PRM documents depending on whether they follow the challenge or build a well-known URI. If the documents disagree, clients of the same server trust different authorization servers or send tokens differently.',
    remediation:
      'Serve one source of truth: make the challenge URL, the path-inserted and the root documents list the same authorization servers and bearer methods (or serve only one of them).',
    evidence: '`authorization_servers` and `bearer_methods_supported` of every found PRM variant.',
    traps:
      '`resource` may legitimately differ between the root and path documents (PRM03 rule) and is not compared here.',
    notes:
      'Arrays are compared as sets (order is not judged). `authorization_servers` present in one variant and absent in another differs; `bearer_methods_supported` absent in one variant is not compared (omitting it implies no particular method). One failing result per differing member (key = member).',
  },
  evaluate(ev, ctx) {
    const oauth = ev.oauth;
    const found = foundPrms(oauth);
    if (found.length === 0) return noPrm(oauth, ctx);
    const ids = found.flatMap((f) => f.exchanges);
    if (found.length === 1) {
      return ctx.pass(`A single PRM variant was found (${found[0]!.candidate.url}).`, ids);
    }
    const verdicts: Verdict[] = [];
    for (const m of MEMBERS) {
      const values = found.map((f) => ({ url: f.candidate.url, v: valueOf(f.doc[m]) }));
      const compared = m === 'bearer_methods_supported' ? values.filter((x) => x.v !== undefined) : values;
      if (new Set(compared.map((x) => x.v)).size > 1) {
        const detail = found
          .map((f) => `${f.candidate.url}: ${f.doc[m] === undefined ? 'absent' : JSON.stringify(f.doc[m])}`)
          .join('; ');
        verdicts.push(ctx.fail(`The PRM variants disagree on ${m}: ${detail}.`, ids, { key: m }));
      }
    }
    if (verdicts.length > 0) return verdicts;
    return ctx.pass(`The ${found.length} PRM variants agree on ${MEMBERS.join(' and ')}.`, ids);
  },
});
