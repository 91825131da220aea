import { defineCheck } from '../define-check.js';
import { mcp, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { bearerOf, ordinaryChallenges } from '../authn/discovery.js';

export default defineCheck({
  meta: {
    id: 'MCPP-SCP02',
    title: 'Challenge names the required scopes',
    requirement: 'The 401 Bearer challenge includes `scope`.',
    keyword: 'SHOULD',
    revisions: revisionRange('2025-11-25'),
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['oauth'],
    rating: { scope: 'authorization' },
    chain: { hop: 'challenge' },
    keys: {},
    severity: 'low',
    citations: [
      mcp('2025-11-25', 'basic/authorization', 'Protected Resource Metadata Discovery Requirements'),
      mcp('2026-07-28', 'basic/authorization', 'Scope Selection Strategy'),
      rfc(6750, '3'),
    ],
    rationale:
      'The challenge `scope` is the first thing an MCP client uses to decide which scopes to request. Without it, clients fall back to every scope in `scopes_supported` — or none — and users grant more (or less) than the operation needs.',
    remediation:
      'Add `scope="<scopes needed for this request>"` to the 401 `WWW-Authenticate: Bearer` challenge.',
    evidence: 'The Bearer challenges of 401 answers to ordinary unauthenticated requests.',
    traps: 'Clients fall back to `scopes_supported`; scope-less resources.',
    notes:
      'Passes when at least one 401 Bearer challenge to an unauthenticated request carries `scope` (the message names any that do not: the scopes an operation needs may legitimately differ per method). Not applicable without a 401 Bearer challenge.',
  },
  evaluate(ev, ctx) {
    const oauth = ev.oauth;
    const challenged = ordinaryChallenges(oauth).filter((c) => c.status === 401 && bearerOf(c) !== null);
    if (challenged.length === 0) {
      return ctx.notApplicable(
        'feature_absent',
        'No 401 Bearer challenge to an unauthenticated request was observed.',
      );
    }
    const withScope = challenged.filter((c) => bearerOf(c)!.params['scope'] !== undefined);
    if (withScope.length === 0) {
      return ctx.fail(
        `None of the ${challenged.length} 401 Bearer challenge(s) names the required scopes (no scope parameter).`,
        challenged.map((c) => c.exchange).slice(0, 5),
      );
    }
    const missing = challenged.length - withScope.length;
    return ctx.pass(
      `The Bearer challenge names scope="${bearerOf(withScope[0]!)!.params['scope']}"${missing > 0 ? ` (${missing} other challenge(s) carry none)` : ''}.`,
      withScope.map((c) => c.exchange).slice(0, 5),
    );
  },
});
