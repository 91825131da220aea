import type { AuthorizationServerObservation } from '../../evidence/auth-types.js';
import { oauth21, rfc } from '../../spec/citations.js';
import type { CheckContext, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { AS_SECTIONS, AS_TRANSPORTS, AS_TRANSPORT_NOTE, judgeFoundMetadata, quoteList } from './as-common.js';
import type { FoundMetadata } from './as-common.js';
import { asLocation } from '../shared/locations.js';

const MEMBER = 'code_challenge_methods_supported';

export default defineCheck({
  meta: {
    id: 'MCPP-ASM05',
    title: 'PKCE `plain` not offered',
    requirement: '`code_challenge_methods_supported` does not list `plain`.',
    keyword: 'policy',
    revisions: 'any',
    transports: AS_TRANSPORTS,
    mode: 'passive',
    requires: [...AS_SECTIONS],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'as-metadata', followsMember: 'location' },
    keys: {},
    severity: 'low',
    citations: [rfc(7636, '4.2'), rfc(7636, '7.2'), oauth21('4.1.1'), rfc(9700, '2.1.1')],
    rationale:
      '`plain` sends the verifier itself as the challenge, so anyone who sees the authorization request can redeem the code. Capable clients MUST use S256, but offering `plain` widens the surface for clients that fall back to it or can be pushed to it.',
    remediation:
      'Offer only S256: `"code_challenge_methods_supported": ["S256"]`, and reject `code_challenge_method=plain` at the authorization endpoint.',
    evidence: 'The found metadata document (`p.as(i)`, `p.as0326`): `code_challenge_methods_supported`.',
    traps:
      'Listing `plain` next to `S256` is not by itself a downgrade; MCPP-ACT08 tests whether `plain` is accepted.',
    notes:
      'Nothing in RFC 7636 or OAuth 2.1 prohibits an AS from supporting `plain` (the MUSTs bind clients), so this is a low-severity policy finding, not a violation. not_applicable (`feature_absent`) when the member is absent or not a list (MCPP-ASM04 fails then). ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return judgeFoundMetadata(ev, ctx, 'all', (s, found) => judge(s, found, ctx));
  },
});

function judge(obs: AuthorizationServerObservation, found: FoundMetadata, ctx: CheckContext): Verdict {
  const location = asLocation(obs.issuer);
  const value = found.metadata[MEMBER];
  if (!Array.isArray(value)) {
    return ctx.notApplicable(
      'feature_absent',
      `${obs.issuer} does not advertise a \`${MEMBER}\` list (MCPP-ASM04 judges that).`,
      { location },
    );
  }
  if (value.some((m) => typeof m === 'string' && m.toLowerCase() === 'plain')) {
    return ctx.fail(
      `${obs.issuer} offers the \`plain\` PKCE method ([${quoteList(value)}]).`,
      found.exchanges,
      { location },
    );
  }
  return ctx.pass(`${obs.issuer} does not offer \`plain\` ([${quoteList(value)}]).`, found.exchanges, {
    location,
  });
}
