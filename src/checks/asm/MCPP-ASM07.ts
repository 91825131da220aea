import type { AuthorizationServerObservation } from '../../evidence/auth-types.js';
import { oauth21, rfc } from '../../spec/citations.js';
import type { CheckContext, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { AS_SECTIONS, AS_TRANSPORTS, AS_TRANSPORT_NOTE, judgeFoundMetadata, quoteList } from './as-common.js';
import type { FoundMetadata } from './as-common.js';
import { asLocation } from '../shared/locations.js';

const MEMBER = 'response_types_supported';

/** The space-separated elements of a response type (order does not matter, RFC 6749 §3.1.1). */
function elements(type: string): string[] {
  return type.split(' ').filter((e) => e !== '');
}

export default defineCheck({
  meta: {
    id: 'MCPP-ASM07',
    title: 'Response types limited to `code`',
    requirement:
      '`response_types_supported` is present, contains `code`, and contains no response type with a `token` element.',
    keyword: 'REQUIRED',
    revisions: 'any',
    transports: AS_TRANSPORTS,
    mode: 'passive',
    requires: [...AS_SECTIONS],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'as-metadata', followsMember: 'location' },
    keys: {
      missing: 'response_types_supported is absent or not a list',
      code: 'no response type is exactly code',
      token: 'response types with a token element are listed',
    },
    severity: 'medium',
    citations: [rfc(8414, '2'), rfc(9700, '2.1.2'), oauth21('10.1')],
    rationale:
      'Response types with a `token` element return access tokens in the redirect URI fragment (implicit flow), where they leak through browser history, referrers and injected scripts and cannot be sender-constrained. `code` is what MCP clients use; without it they cannot proceed.',
    remediation:
      'Publish `"response_types_supported": ["code"]` (OpenID providers may add `id_token`-only hybrids, never types containing `token`) and disable the implicit and hybrid token responses.',
    evidence: 'The found metadata document (`p.as(i)`, `p.as0326`): `response_types_supported`.',
    traps:
      '`id_token` alone is not a token-bearing type; only space-separated `token` elements (`token`, `code token`, `id_token token`) are flagged.',
    notes:
      'Keys: `missing` (member absent or not a list: REQUIRED by RFC 8414 §2), `code` (no response type that is exactly `code`), `token` (one result listing every type with a `token` element). The token part is policy (RFC 9700 §2.1.2, OAuth 2.1); the keyword names the REQUIRED presence. ' +
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
  if (!Array.isArray(value)) {
    return [
      ctx.fail(
        value === undefined
          ? `${obs.issuer} omits the REQUIRED \`${MEMBER}\`.`
          : `\`${MEMBER}\` of ${obs.issuer} is not a list (${JSON.stringify(value)}).`,
        ev,
        { location, key: 'missing' },
      ),
    ];
  }
  const types = value.filter((t): t is string => typeof t === 'string');
  const out: Verdict[] = [];
  if (!types.some((t) => elements(t).join(' ') === 'code')) {
    out.push(
      ctx.fail(`\`${MEMBER}\` of ${obs.issuer} ([${quoteList(value)}]) does not contain \`code\`.`, ev, {
        location,
        key: 'code',
      }),
    );
  }
  const tokenTypes = types.filter((t) => elements(t).includes('token'));
  if (tokenTypes.length > 0) {
    out.push(
      ctx.fail(
        `${obs.issuer} offers response types that return tokens from the authorization endpoint: ${quoteList(tokenTypes)}.`,
        ev,
        { location, key: 'token' },
      ),
    );
  }
  if (out.length === 0) {
    out.push(
      ctx.pass(
        `${obs.issuer} offers \`code\` and no token-bearing response type ([${quoteList(value)}]).`,
        ev,
        {
          location,
        },
      ),
    );
  }
  return out;
}
