import type { AuthzAnswer } from '../../evidence/auth-types.js';
import type { Probe } from '../../evidence/types.js';
import { mcp, rfc } from '../../spec/citations.js';
import { AS_SECTIONS, AS_TRANSPORT_NOTE, AS_TRANSPORTS } from '../asm/as-common.js';
import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { describeAnswer, toUri, withAuthz } from './authz.js';

const FLAG = 'authorization_response_iss_parameter_supported';

export default defineCheck({
  meta: {
    id: 'MCPP-ACT11',
    title: '`iss` emitted when advertised',
    requirement:
      'An AS advertising `authorization_response_iss_parameter_supported: true` includes `iss`, equal to its issuer, in authorization responses including errors.',
    keyword: 'MUST',
    revisions: 'any',
    transports: AS_TRANSPORTS,
    mode: 'intrusive',
    requires: [...AS_SECTIONS],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'authorization' },
    keys: {
      missing: 'a redirect to the registered redirect URI carries no iss although the server advertises it',
      mismatch: "a redirect carries an iss that is not the authorization server's issuer",
    },
    severity: 'medium',
    citations: [
      rfc(9207, '2'),
      rfc(9207, '2.3'),
      mcp('2026-07-28', 'basic/authorization', 'Authorization Response Validation'),
    ],
    rationale:
      'Clients that see `authorization_response_iss_parameter_supported: true` reject any authorization response without a matching `iss` — that is the mix-up defence of RFC 9207. An AS that advertises the flag but omits `iss`, or sends a different identifier, breaks every such client’s flow, errors included, and leaves clients that tolerate it without the protection the flag promises.',
    remediation:
      'Add `iss`, exactly the `issuer` of the metadata document, to every authorization response — success and error redirects alike (RFC 9207 §2) — or stop advertising `authorization_response_iss_parameter_supported`.',
    evidence:
      '`i.authz(bogus-response-type)`: a GET of the first authorization server’s `authorization_endpoint` with the designated client, its registered redirect URI, a correct S256 `code_challenge`, the RFC 8707 `resource` (the PRM `resource`, as MCP clients send it), a fresh `state` and `response_type=mcp_posture_bogus`; the `iss` of the error redirect’s `Location` (not followed), compared with the metadata `issuer`. The error redirects of `i.authz(no-pkce)` and `i.authz(plain)` to the registered redirect URI are read the same way.',
    traps: 'ASes that show an error page instead of redirecting give no evidence.',
    notes:
      'Catalogue revisions “2026-07-28 (RFC 9207 any)”: the MUST is RFC 9207’s and binds an AS that advertises the flag whatever MCP revision the server speaks, so the check runs for any revision (MCP 2026-07-28 adds the SHOULD to emit it). Not applicable when the flag is not `true` (MCPP-ASM11 reports it). Needs `--mode intrusive` and a designated pre-registered client (`--oauth-client-id`, `--oauth-redirect-uri`, or the `oauthClient` config key), else a client registered through open registration (`i.client`, deleted right after); otherwise inconclusive (`needs_designation`). Every redirect to the registered redirect URI among the answers is judged: fail `missing` (no `iss` in the query, or in the fragment for fragment responses), fail `mismatch` (an `iss` that is not, by simple string comparison, the metadata `issuer`). Inconclusive (`ambiguous`) when no answer was redirected to the registered redirect URI (error pages). Only the first discovered authorization server is probed. ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return withAuthz(
      ev,
      ctx,
      ({ authz, found, server, location }) => {
        const metadataIssuer = found.metadata['issuer'];
        const issuer = typeof metadataIssuer === 'string' ? metadataIssuer : server.issuer;
        const variants: [string, Probe<AuthzAnswer>][] = [
          ['bogus-response-type', authz.bogusResponseType],
          ['no-pkce', authz.noPkce],
          ['plain', authz.plain],
        ];
        const responses = variants.flatMap(([name, p]) =>
          p.kind === 'ok' &&
          p.value.redirect !== null &&
          (p.value.redirect.error !== null || p.value.redirect.code) &&
          toUri(p.value.redirect, authz.redirectUri)
            ? [{ name, answer: p.value, iss: p.value.redirect.iss }]
            : [],
        );
        if (responses.length === 0) {
          const bogus = authz.bogusResponseType;
          if (bogus.kind !== 'ok')
            return ctx.fromProbe(bogus, 'The authorization request with an unknown response_type', {
              location,
            });
          return ctx.inconclusive(
            'ambiguous',
            `No authorization response was redirected to the registered redirect URI (the request with an unknown response_type got ${describeAnswer(bogus.value)}): there is no iss to read.`,
            [bogus.value.exchange],
            { location },
          );
        }
        const missing = responses.filter((r) => r.iss === null);
        const mismatched = responses.filter((r) => r.iss !== null && r.iss !== issuer);
        const verdicts: Verdict[] = [];
        if (missing.length > 0)
          verdicts.push(
            ctx.fail(
              `${issuer} advertises ${FLAG} but its authorization response${missing.length > 1 ? 's' : ''} to ${missing.map((r) => `i.authz(${r.name})`).join(', ')} carried no iss (${missing.map((r) => describeAnswer(r.answer)).join('; ')}).`,
              missing.map((r) => r.answer.exchange),
              { location, key: 'missing' },
            ),
          );
        if (mismatched.length > 0)
          verdicts.push(
            ctx.fail(
              `${issuer} advertises ${FLAG} but its authorization response${mismatched.length > 1 ? 's' : ''} carried iss=${mismatched.map((r) => `${JSON.stringify(r.iss)} (i.authz(${r.name}))`).join(', ')}, not its issuer ${JSON.stringify(issuer)}.`,
              mismatched.map((r) => r.answer.exchange),
              { location, key: 'mismatch' },
            ),
          );
        if (verdicts.length > 0) return verdicts;
        return ctx.pass(
          `Every authorization response redirected to the registered redirect URI (${responses.map((r) => `i.authz(${r.name})`).join(', ')}) carried iss equal to the issuer ${JSON.stringify(issuer)}.`,
          responses.map((r) => r.answer.exchange),
          { location },
        );
      },
      ({ found, server, location }) =>
        found.metadata[FLAG] === true
          ? null
          : ctx.notApplicable(
              'feature_absent',
              `${server.issuer} does not advertise ${FLAG}: true, so iss is not promised (MCPP-ASM11 reports the flag).`,
              { location },
            ),
    );
  },
});
