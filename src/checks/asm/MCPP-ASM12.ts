import type { AuthorizationServerObservation } from '../../evidence/auth-types.js';
import { rfc } from '../../spec/citations.js';
import type { CheckContext, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { AS_SECTIONS, AS_TRANSPORTS, AS_TRANSPORT_NOTE, judgeFoundMetadata, quoteList } from './as-common.js';
import type { FoundMetadata } from './as-common.js';
import { asLocation } from '../shared/locations.js';

const MEMBERS = [
  'token_endpoint_auth_signing_alg_values_supported',
  'revocation_endpoint_auth_signing_alg_values_supported',
  'introspection_endpoint_auth_signing_alg_values_supported',
];

export default defineCheck({
  meta: {
    id: 'MCPP-ASM12',
    title: 'No `none` in endpoint authentication signing algorithms',
    requirement:
      '`token_endpoint_auth_signing_alg_values_supported`, `revocation_endpoint_auth_signing_alg_values_supported` and `introspection_endpoint_auth_signing_alg_values_supported` do not contain `none`.',
    keyword: 'MUST NOT',
    revisions: 'any',
    transports: AS_TRANSPORTS,
    mode: 'passive',
    requires: [...AS_SECTIONS],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'as-metadata', followsMember: 'location' },
    keys: {},
    severity: 'medium',
    citations: [rfc(8414, '2')],
    rationale:
      'These lists name the algorithms accepted for `private_key_jwt` / `client_secret_jwt` client assertions. Accepting `none` means an unsigned assertion authenticates the client, so anyone who knows a `client_id` can act as that confidential client.',
    remediation:
      'Remove `none` from the endpoint authentication signing algorithm lists and reject unsigned client assertions at the token, revocation and introspection endpoints.',
    evidence:
      'The found metadata document (`p.as(i)`, `p.as0326`): the three `*_endpoint_auth_signing_alg_values_supported` members.',
    traps:
      '`id_token_signing_alg_values_supported` containing `none` is allowed by OpenID Connect for the code flow — not judged.',
    notes:
      'One result per member present (location `as:<issuer>#<member>`); not_applicable (`feature_absent`) at `as:<issuer>` when none of the three is published. `none` is matched case-insensitively. ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return judgeFoundMetadata(ev, ctx, 'all', (s, found) => judge(s, found, ctx));
  },
});

function judge(obs: AuthorizationServerObservation, found: FoundMetadata, ctx: CheckContext): Verdict[] {
  const out: Verdict[] = [];
  for (const member of MEMBERS) {
    const value = found.metadata[member];
    if (value === undefined) continue;
    const location = asLocation(obs.issuer, member);
    const list = Array.isArray(value) ? value : [value];
    if (list.some((a) => typeof a === 'string' && a.toLowerCase() === 'none')) {
      out.push(
        ctx.fail(
          `\`${member}\` of ${obs.issuer} contains \`none\` ([${quoteList(list)}]).`,
          found.exchanges,
          {
            location,
          },
        ),
      );
    } else {
      out.push(
        ctx.pass(`\`${member}\` is [${quoteList(list)}], without \`none\`.`, found.exchanges, { location }),
      );
    }
  }
  if (out.length === 0) {
    out.push(
      ctx.notApplicable(
        'feature_absent',
        `${obs.issuer} publishes no endpoint authentication signing algorithms.`,
        {
          location: asLocation(obs.issuer),
        },
      ),
    );
  }
  return out;
}
