import type { AuthorizationServerObservation } from '../../evidence/auth-types.js';
import { OIDC_DISCOVERY, rfc } from '../../spec/citations.js';
import type { CheckContext, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import {
  AS_SECTIONS,
  AS_TRANSPORTS,
  AS_TRANSPORT_NOTE,
  judgeFoundMetadata,
  stringList,
} from './as-common.js';
import type { FoundMetadata } from './as-common.js';
import { asLocation } from '../shared/locations.js';

type Kind = 'url' | 'list';

/** Members OpenID Connect Discovery §3 requires beyond RFC 8414's. */
const OIDC_MEMBERS: readonly [string, Kind][] = [
  ['jwks_uri', 'url'],
  ['subject_types_supported', 'list'],
  ['id_token_signing_alg_values_supported', 'list'],
];

export default defineCheck({
  meta: {
    id: 'MCPP-ASM15',
    title: 'Required metadata members present',
    requirement:
      '`authorization_endpoint` and `token_endpoint` are present (RFC 8414: required unless no supported grant uses them); OpenID Connect Discovery documents also carry `jwks_uri`, `subject_types_supported` and `id_token_signing_alg_values_supported`.',
    keyword: 'REQUIRED',
    revisions: 'any',
    transports: AS_TRANSPORTS,
    mode: 'passive',
    requires: [...AS_SECTIONS],
    judges: 'authorization-server',
    rating: { scope: 'authorization', discoveryChain: true },
    chain: { hop: 'as-metadata', followsMember: 'location' },
    keys: {
      missing: 'a required metadata member is absent',
      type: 'a required member is not a non-empty string, or not a non-empty list',
    },
    severity: 'medium',
    citations: [rfc(8414, '2'), OIDC_DISCOVERY('3')],
    rationale:
      'Without the authorization and token endpoints a client cannot run the authorization code flow; clients that validate OpenID provider metadata reject documents lacking the members OpenID Connect requires.',
    remediation:
      'Publish `authorization_endpoint` and `token_endpoint` as absolute https URLs; an OpenID provider also publishes `jwks_uri`, `subject_types_supported` and `id_token_signing_alg_values_supported`.',
    evidence:
      'The found metadata document (`p.as(i)`, `p.as0326`) and whether it came from an OpenID Connect URL.',
    traps: '`response_types_supported` is MCPP-ASM07’s; `issuer` is MCPP-ASM02’s.',
    notes:
      'One result per member (location `as:<issuer>#<member>`). Keys: `missing` (absent), `type` (not a non-empty string, or not a non-empty list). `authorization_endpoint` is not required when `grant_types_supported` lists neither `authorization_code` nor `implicit`, `token_endpoint` when it lists only `implicit` (RFC 8414 §2). The OpenID members are required when the document was found at an `openid-configuration` URL. ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return judgeFoundMetadata(ev, ctx, 'all', (s, found) => judge(s, found, ctx));
  },
});

function judge(obs: AuthorizationServerObservation, found: FoundMetadata, ctx: CheckContext): Verdict[] {
  const m = found.metadata;
  const grants = stringList(m, 'grant_types_supported');
  const required: [string, Kind][] = [];
  // RFC 8414 §2: only a grant that uses the endpoint makes it required.
  if (!grants || grants.includes('authorization_code') || grants.includes('implicit')) {
    required.push(['authorization_endpoint', 'url']);
  }
  if (!grants || grants.some((g) => g !== 'implicit')) required.push(['token_endpoint', 'url']);
  if (found.attempt.kind === 'openid') required.push(...OIDC_MEMBERS);
  const out: Verdict[] = [];
  for (const [member, kind] of required) {
    const location = asLocation(obs.issuer, member);
    const value = m[member];
    if (value === undefined) {
      out.push(
        ctx.fail(`${obs.issuer} omits the REQUIRED \`${member}\`.`, found.exchanges, {
          location,
          key: 'missing',
        }),
      );
      continue;
    }
    const ok =
      kind === 'url' ? typeof value === 'string' && value !== '' : Array.isArray(value) && value.length > 0;
    out.push(
      ok
        ? ctx.pass(`\`${member}\` is present.`, found.exchanges, { location })
        : ctx.fail(
            `\`${member}\` of ${obs.issuer} is ${JSON.stringify(value)}, not ${kind === 'url' ? 'a URL string' : 'a non-empty list'}.`,
            found.exchanges,
            { location, key: 'type' },
          ),
    );
  }
  if (out.length === 0) {
    out.push(
      ctx.pass(
        `${obs.issuer} supports no grant that needs the authorization or token endpoint.`,
        found.exchanges,
        {
          location: asLocation(obs.issuer),
        },
      ),
    );
  }
  return out;
}
