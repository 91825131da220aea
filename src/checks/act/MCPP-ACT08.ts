import type { AuthzAnswer, AuthzProbes } from '../../evidence/auth-types.js';
import type { Evidence, Probe } from '../../evidence/types.js';
import { mcp, oauth21, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { AS_SECTIONS, AS_TRANSPORT_NOTE, AS_TRANSPORTS } from '../asm/as-common.js';
import type { CheckContext, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { answerBody, clientConfirmed, readAnswer, unclear, withAuthz } from './authz.js';

/** An error page that names PKCE as its reason. */
const PKCE_REASON = /code[_ ]challenge|code[_ ]verifier|pkce/i;

interface Leg {
  readonly key: 'no-pkce' | 'plain';
  readonly what: string;
  readonly probe: Probe<AuthzAnswer>;
}

export default defineCheck({
  meta: {
    id: 'MCPP-ACT08',
    title: 'PKCE enforced',
    requirement:
      'The AS rejects authorization requests without `code_challenge`, and with `code_challenge_method=plain` when `plain` is not advertised.',
    keyword: 'MUST',
    revisions: revisionRange('2025-03-26'),
    transports: AS_TRANSPORTS,
    mode: 'intrusive',
    requires: [...AS_SECTIONS, 'exchanges'],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'authorization' },
    keys: {
      'no-pkce':
        "the authorization request without code_challenge reached login or consent (also that leg's pass and non-verdicts)",
      plain:
        "the authorization request with code_challenge_method=plain reached login or consent (also that leg's pass and non-verdicts)",
    },
    severity: 'high',
    citations: [
      oauth21('4.1.1'),
      rfc(9700, '2.1.1'),
      rfc(7636, '4.4.1'),
      mcp('2025-03-26', 'basic/authorization', 'Implementation Requirements'),
    ],
    rationale:
      'PKCE is what makes a stolen or injected authorization code useless: without a `code_verifier` only the client that started the flow holds, the code can be redeemed by whoever intercepts it (a malicious app on the same device, a leaked log, a referrer). An AS that advertises S256 but lets requests through without a challenge, or with the `plain` method it does not offer, leaves the downgrade open to any client or attacker that simply omits it.',
    remediation:
      'Require `code_challenge` with `code_challenge_method=S256` on every authorization request (at least from public clients) and reject a request without one, or with a method not listed in `code_challenge_methods_supported`, with `error=invalid_request` before any login or consent — as an error redirect to the registered redirect URI or an error page.',
    evidence:
      '`i.authz(no-pkce)`: a GET of the first authorization server’s `authorization_endpoint` with the designated client (`--oauth-client-id`, `--oauth-redirect-uri`), `response_type=code`, the PRM `scopes_supported` (or the challenge `scope`), the RFC 8707 `resource` (the PRM `resource`, as MCP clients send it), a fresh `state`, and no `code_challenge`; `i.authz(plain)`: the same with a 43-character `code_challenge` and `code_challenge_method=plain`, sent only when `plain` is not in `code_challenge_methods_supported`. The first answer of each only: status, `Location` (never followed; `error`, `iss`, `state`, presence of `code`), and whether it is a login or consent step.',
    traps: 'The probe uses a public-client identity; some ASes exempt confidential clients.',
    notes:
      'Needs `--mode intrusive` and a designated pre-registered client (`--oauth-client-id ID --oauth-redirect-uri URI`, or the `oauthClient` config key); without one, a native public client registered through open registration (`i.client`, deleted right after the requests); inconclusive (`needs_designation`) when neither is available. One result per variant, keyed `no-pkce` and `plain`. Pass: refused before login — an error redirect (to the registered redirect URI, or to an error page on the AS) with `error=invalid_request`, or a 4xx error page when another answer confirmed the designated client (an error redirect to its registered URI, or a login step) or the page names PKCE (`code_challenge`, `code_verifier`, `PKCE`); otherwise an error page may only mean a wrong client_id (`ambiguous`). Fail: a login or consent step (an HTML page with a password field or a form, or a redirect to a login, sign-in, consent or interaction path on the AS itself), or a `code` in the redirect, for the request without the expected PKCE. Inconclusive (`ambiguous`): an error redirect with another error code (`invalid_scope`, `unauthorized_client`…: refused for another reason), a redirect to another origin (an upstream identity provider: validation may be deferred until after login), a 2xx page without a form; 429 `rate_limited`; 5xx `fetch_failed`. When `plain` is advertised the plain variant is not sent (MCPP-ASM05 reports the advertisement). Only the first discovered authorization server is probed. ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return withAuthz(ev, ctx, ({ authz, location }) => {
      const legs: Leg[] = [
        { key: 'no-pkce', what: 'The authorization request without code_challenge', probe: authz.noPkce },
        {
          key: 'plain',
          what: 'The authorization request with code_challenge_method=plain (not advertised)',
          probe: authz.plain,
        },
      ];
      const verdicts = legs.flatMap((leg) => judgeLeg(ev, ctx, authz, leg, location));
      return verdicts.length > 0
        ? verdicts
        : ctx.inconclusive(
            'probe_unavailable',
            'No authorization request without the expected PKCE was sent.',
            [],
            {
              location,
            },
          );
    });
  },
});

function judgeLeg(
  ev: Pick<Evidence, 'exchanges'>,
  ctx: CheckContext,
  authz: AuthzProbes,
  leg: Leg,
  location: string,
): Verdict[] {
  const opts = { location, key: leg.key };
  const p = leg.probe;
  // The plain variant is not sent when plain is advertised: ASM05's case, nothing to judge here.
  if (p.kind === 'skipped' && p.reason === 'not_needed') return [];
  if (p.kind !== 'ok') return [ctx.fromProbe(p, leg.what, opts)];
  const a = p.value;
  const ids = [a.exchange];
  const reading = readAnswer(a, authz);
  switch (reading.kind) {
    case 'code':
      return [
        ctx.fail(
          `${leg.what} was answered with a code, redirected to ${reading.where}: PKCE is not enforced.`,
          ids,
          opts,
        ),
      ];
    case 'login':
      return [
        ctx.fail(
          `${leg.what} was taken to a login or consent step (${reading.how === 'page' ? reading.where : `redirect to ${reading.where}`}) instead of being refused with invalid_request: PKCE is not enforced before login.`,
          ids,
          opts,
        ),
      ];
    case 'error-redirect':
      if (reading.error === 'invalid_request')
        return [
          ctx.pass(
            `${leg.what} was refused before login: error redirect to ${reading.to === 'registered' ? 'the registered redirect URI' : 'the AS'} with error=invalid_request.`,
            ids,
            opts,
          ),
        ];
      return [
        ctx.inconclusive(
          'ambiguous',
          `${leg.what} was refused with error=${reading.error}, not invalid_request: it was refused for another reason, so PKCE enforcement is not shown.`,
          ids,
          opts,
        ),
      ];
    case 'error-page':
      if (clientConfirmed(authz) || PKCE_REASON.test(answerBody(ev, a)))
        return [
          ctx.pass(`${leg.what} was refused before login with a ${reading.status} error page.`, ids, opts),
        ];
      return [
        ctx.inconclusive(
          'ambiguous',
          `${leg.what} got a ${reading.status} error page that does not name PKCE, and no other answer confirmed the designated client ${JSON.stringify(authz.clientId)} with its redirect URI: a wrong client_id gets the same page.`,
          ids,
          opts,
        ),
      ];
    case 'rate-limited':
    case 'server-error':
    case 'other':
      if (reading.kind === 'other' && reading.elsewhere)
        return [
          ctx.inconclusive(
            'ambiguous',
            `${leg.what} was ${reading.what}: another server's login, after which PKCE may still be checked (validation deferred until after login).`,
            ids,
            opts,
          ),
        ];
      return [unclear(ctx, reading, leg.what, a, opts)];
  }
}
