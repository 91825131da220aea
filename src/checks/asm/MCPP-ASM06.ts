import type { AuthorizationServerObservation } from '../../evidence/auth-types.js';
import { oauth21, rfc } from '../../spec/citations.js';
import type { CheckContext, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { AS_SECTIONS, AS_TRANSPORTS, AS_TRANSPORT_NOTE, judgeFoundMetadata, quoteList } from './as-common.js';
import type { FoundMetadata } from './as-common.js';
import { asLocation } from '../shared/locations.js';

const MEMBER = 'grant_types_supported';

export default defineCheck({
  meta: {
    id: 'MCPP-ASM06',
    title: 'No implicit or password grants',
    requirement:
      '`grant_types_supported` does not include `implicit` or `password`; an omitted member is flagged because the RFC 8414 default is `["authorization_code", "implicit"]`.',
    keyword: 'policy',
    revisions: 'any',
    transports: AS_TRANSPORTS,
    mode: 'passive',
    requires: [...AS_SECTIONS],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'as-metadata', followsMember: 'location' },
    keys: {
      password: 'grant_types_supported lists the password grant (high)',
      implicit: 'grant_types_supported lists the implicit grant (medium)',
      default: 'grant_types_supported is omitted, so the defaults include implicit (low, confidence medium)',
    },
    severity: 'high',
    citations: [rfc(9700, '2.1.2'), rfc(9700, '2.4'), rfc(8414, '2'), oauth21('10')],
    rationale:
      'The resource owner password grant hands the user’s password to the client (RFC 9700 §2.4: MUST NOT be used); the implicit grant returns tokens in the URL where they leak through history, referrers and logs (RFC 9700 §2.1.2: SHOULD NOT). OAuth 2.1, which MCP builds on, removes both.',
    remediation:
      'Disable the password and implicit grants and publish the grants actually supported, e.g. `"grant_types_supported": ["authorization_code", "refresh_token"]`.',
    evidence: 'The found metadata document (`p.as(i)`, `p.as0326`): `grant_types_supported`.',
    traps:
      'OpenID providers often omit the member (their default also includes implicit) — reported at low severity with medium confidence only.',
    notes:
      'Keys: `password` (high), `implicit` (medium), `default` (low, confidence medium: member omitted). A member that is present but not a list is inconclusive (`ambiguous`). Citation per the catalogue correction: RFC 9700 §2.4 covers only the password grant; implicit is §2.1.2 and its removal in OAuth 2.1. ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return judgeFoundMetadata(ev, ctx, 'all', (s, found) => judge(s, found, ctx));
  },
});

function judge(obs: AuthorizationServerObservation, found: FoundMetadata, ctx: CheckContext): Verdict[] {
  const location = asLocation(obs.issuer);
  const ev = found.exchanges;
  const value = found.metadata[MEMBER];
  if (value === undefined) {
    return [
      ctx.fail(`${obs.issuer} omits \`${MEMBER}\`; the RFC 8414 default includes \`implicit\`.`, ev, {
        location,
        key: 'default',
        severity: 'low',
        confidence: 'medium',
      }),
    ];
  }
  if (!Array.isArray(value)) {
    return [
      ctx.inconclusive(
        'ambiguous',
        `\`${MEMBER}\` of ${obs.issuer} is not a list (${JSON.stringify(value)}).`,
        ev,
        {
          location,
        },
      ),
    ];
  }
  const out: Verdict[] = [];
  if (value.includes('password')) {
    out.push(
      ctx.fail(`${obs.issuer} offers the resource owner password grant ([${quoteList(value)}]).`, ev, {
        location,
        key: 'password',
        severity: 'high',
      }),
    );
  }
  if (value.includes('implicit')) {
    out.push(
      ctx.fail(`${obs.issuer} offers the implicit grant ([${quoteList(value)}]).`, ev, {
        location,
        key: 'implicit',
        severity: 'medium',
      }),
    );
  }
  if (out.length === 0) {
    out.push(
      ctx.pass(`${obs.issuer} lists [${quoteList(value)}], without implicit or password.`, ev, { location }),
    );
  }
  return out;
}
