import type { AuthorizationServerObservation } from '../../evidence/auth-types.js';
import { mcp, rfc } from '../../spec/citations.js';
import { atLeast, REVISIONS } from '../../spec/revisions.js';
import type { CheckContext, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { AS_SECTIONS, AS_TRANSPORTS, AS_TRANSPORT_NOTE, judgeFoundMetadata, quoteList } from './as-common.js';
import type { FoundMetadata } from './as-common.js';
import { asLocation } from '../shared/locations.js';

const MEMBER = 'code_challenge_methods_supported';

export default defineCheck({
  meta: {
    id: 'MCPP-ASM04',
    title: 'PKCE S256 advertised',
    requirement: '`code_challenge_methods_supported` is present in the AS metadata and contains `S256`.',
    keyword: 'effective MUST',
    revisions: [...REVISIONS],
    transports: AS_TRANSPORTS,
    mode: 'passive',
    requires: [...AS_SECTIONS],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'as-metadata', followsMember: 'location' },
    keys: {
      absent: 'code_challenge_methods_supported is absent',
      'no-s256': 'code_challenge_methods_supported does not list S256, or is not a list',
    },
    severity: 'high',
    citations: [
      mcp('2025-11-25', 'basic/authorization', 'Authorization Code Protection'),
      mcp('2026-07-28', 'basic/authorization/security-considerations', 'Authorization Code Protection'),
      rfc(8414, '2'),
      rfc(7636, '4.2'),
      rfc(9700, '2.1.1'),
    ],
    rationale:
      'From 2025-11-25 MCP clients MUST verify PKCE support from the metadata and MUST refuse to proceed when `code_challenge_methods_supported` is absent (RFC 8414: absence means no PKCE). Without S256 a capable client cannot use the method it is required to use, and codes intercepted in transit can be redeemed.',
    remediation:
      'Enforce PKCE with S256 and advertise it: `"code_challenge_methods_supported": ["S256"]`. OpenID providers must include the member too — OpenID Connect Discovery does not define it, but MCP requires it.',
    evidence: 'The found metadata document (`p.as(i)`, `p.as0326`): `code_challenge_methods_supported`.',
    traps:
      'Many IdPs enforce PKCE without advertising it — MCPP-ACT08 verifies enforcement; absence still makes conforming clients refuse.',
    notes:
      'Catalogue revisions “any (severity by revision)”: evaluated per revision over every revision so the severity can follow it — high for 2025-11-25 and later (the AS-side MUST for OpenID providers and the client refusal), medium for earlier revisions (RFC 9700 §2.1.1 RECOMMENDED); the merged severity is the highest among the failing revisions. The 2025-03-26 origin AS is judged at medium under every revision, since later clients never fetch it. Keys: `absent`, `no-s256` (present without `S256`, or not a list). ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return judgeFoundMetadata(ev, ctx, 'all', (s, found) => judge(s, found, ctx));
  },
});

function judge(obs: AuthorizationServerObservation, found: FoundMetadata, ctx: CheckContext): Verdict {
  const location = asLocation(obs.issuer);
  const strict = obs.via === 'prm' && ctx.revision !== null && atLeast(ctx.revision, '2025-11-25');
  const severity = strict ? 'high' : 'medium';
  const value = found.metadata[MEMBER];
  if (value === undefined) {
    return ctx.fail(
      `${obs.issuer} does not advertise \`${MEMBER}\`; ${strict ? 'MCP clients MUST refuse to proceed (no PKCE support per RFC 8414)' : 'RFC 8414 reads the absence as no PKCE support'}.`,
      found.exchanges,
      { location, key: 'absent', severity },
    );
  }
  if (!Array.isArray(value)) {
    return ctx.fail(
      `\`${MEMBER}\` of ${obs.issuer} is not a list (${JSON.stringify(value)}).`,
      found.exchanges,
      {
        location,
        key: 'no-s256',
        severity,
      },
    );
  }
  if (!value.includes('S256')) {
    return ctx.fail(
      `\`${MEMBER}\` of ${obs.issuer} is [${quoteList(value)}] without \`S256\`, the method capable clients MUST use.`,
      found.exchanges,
      { location, key: 'no-s256', severity },
    );
  }
  return ctx.pass(`${obs.issuer} advertises \`${MEMBER}\` [${quoteList(value)}].`, found.exchanges, {
    location,
  });
}
