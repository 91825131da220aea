import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { challengeScopes, firstPrm, ordinaryChallenges, stringArray } from '../authn/discovery.js';

const OFFLINE = 'offline_access';

export default defineCheck({
  meta: {
    id: 'MCPP-PRM10',
    title: '`offline_access` not advertised by the resource',
    requirement: 'Neither PRM `scopes_supported` nor the challenge `scope` contains `offline_access`.',
    keyword: 'SHOULD NOT',
    revisions: ['2026-07-28'],
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['oauth'],
    rating: { scope: 'authorization' },
    chain: { hop: 'resource-metadata' },
    keys: {
      prm: 'the PRM scopes_supported lists offline_access',
      challenge: 'a challenge scope includes offline_access',
    },
    severity: 'low',
    citations: [mcp('2026-07-28', 'basic/authorization', 'Refresh Tokens')],
    rationale:
      'Whether a client gets refresh tokens is between the client and the authorization server. A resource that advertises `offline_access` makes every client request long-lived refresh tokens, whether it needs them or not.',
    remediation:
      'Remove `offline_access` from the PRM `scopes_supported` and from the challenge `scope`; leave it in the authorization server’s metadata, where clients that want refresh tokens look for it.',
    evidence:
      '`scopes_supported` of the first found PRM variant; `scope` of the Bearer challenges to ordinary unauthenticated requests.',
    traps: 'AS metadata listing `offline_access` is correct and not judged.',
    notes:
      'Keys: `prm` (at `prm:<url>`) and `challenge` (at `endpoint`). Behind a 401 with the revision unknown, a fail is conditional on 2026-07-28 (`docs/model/revisions.md#conditional-fails`).',
  },
  evaluate(ev, ctx) {
    const oauth = ev.oauth;
    const prm = firstPrm(oauth);
    const scopes = challengeScopes(oauth);
    const challenged = ordinaryChallenges(oauth).length > 0;
    if (!prm && !challenged) {
      return ctx.notApplicable('feature_absent', 'No PRM and no challenge were observed.');
    }
    const verdicts: Verdict[] = [];
    if (prm && (stringArray(prm.doc['scopes_supported']) ?? []).includes(OFFLINE)) {
      verdicts.push(
        ctx.fail('The PRM scopes_supported lists offline_access.', prm.exchanges, {
          location: prm.location,
          key: 'prm',
        }),
      );
    }
    const inChallenge = scopes.get(OFFLINE);
    if (inChallenge) {
      verdicts.push(
        ctx.fail('The challenge scope includes offline_access.', inChallenge.slice(0, 5), {
          key: 'challenge',
        }),
      );
    }
    if (verdicts.length > 0) return verdicts;
    return ctx.pass('Neither the PRM nor the challenge advertises offline_access.', [
      ...(prm?.exchanges ?? []),
      ...ordinaryChallenges(oauth)
        .map((c) => c.exchange)
        .slice(0, 2),
    ]);
  },
});
