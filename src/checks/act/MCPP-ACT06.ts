import { mcp, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { AS_SECTIONS, AS_TRANSPORT_NOTE, AS_TRANSPORTS, prmResource } from '../asm/as-common.js';
import { audienceValues, normaliseResource } from '../asm/token.js';
import { defineCheck } from '../define-check.js';
import { answerBody, describeAnswer, readAnswer, unclear, withAuthz } from './authz.js';

const INVALID_TARGET = /\binvalid_target\b/;

export default defineCheck({
  meta: {
    id: 'MCPP-ACT06',
    title: 'AS honours `resource`',
    requirement:
      'An authorization request naming a foreign resource is rejected with `invalid_target`, or the issued tokens are audience-restricted (ASM08).',
    keyword: 'SHOULD',
    revisions: revisionRange('2025-06-18'),
    transports: AS_TRANSPORTS,
    mode: 'intrusive',
    requires: [...AS_SECTIONS, 'exchanges'],
    judges: 'authorization-server',
    rating: { scope: 'authorization' },
    chain: { hop: 'authorization' },
    keys: {
      unrestricted:
        'the foreign resource was accepted up front and the supplied token is not restricted to the MCP server (ASM08 evidence)',
    },
    severity: 'medium',
    citations: [
      rfc(8707, '2'),
      mcp(
        '2026-07-28',
        'basic/authorization/security-considerations',
        'Token Audience Binding and Validation',
      ),
    ],
    rationale:
      'RFC 8707 lets a client say which resource a token is for; an authorization server that neither refuses resources it does not serve nor restricts the token’s audience issues tokens that any other resource server accepting its issuer will take — the token a user granted to one MCP server then works at another.',
    remediation:
      'Keep a list of the resources the authorization server issues tokens for, answer an authorization request naming any other with `invalid_target` (RFC 8707 §2), and put the requested resource in the access token’s `aud` (RFC 9068 §3) so resource servers can refuse tokens meant for someone else.',
    evidence:
      '`i.authz(foreign-resource)`: a GET of the first authorization server’s `authorization_endpoint` with the designated client (`--oauth-client-id`), `response_type=code`, a correct S256 `code_challenge`, a fresh `state`, the registered redirect URI, and a `resource` on the reserved host `mcp-posture-foreign.invalid` (`/mcp` over https; the name never resolves). The first answer only, never followed: an error redirect’s `error`, or the error page’s text. With a token (`--token`), its decoded `aud` (`t.decode`, as ASM08 reads it).',
    traps: 'Many ASes silently ignore unknown `resource` values — accepting is not by itself a violation.',
    notes:
      'Pass: `invalid_target` in an error redirect (to the registered redirect URI or the AS itself) or on an error page. Fail `unrestricted` only when the request was accepted up front (a login or consent step, or a code) and the supplied token’s `aud` is absent or does not name the MCP server — the case the catalogue names (the token is then usable elsewhere). Accepted up front with a restricted or no token, refused with another error, or any other answer: `ambiguous`. Needs `--mode intrusive` and a client identity, like ACT07: a designated client, else one registered through open registration (`i.client`, deleted right after); `needs_designation` otherwise. ' +
      AS_TRANSPORT_NOTE,
  },
  evaluate(ev, ctx) {
    return withAuthz(ev, ctx, ({ authz, location }) => {
      const probe = authz.foreignResource;
      if (probe === undefined)
        return ctx.inconclusive(
          'probe_unavailable',
          'The evidence predates the foreign-resource authorization request (i.authz(foreign-resource)).',
          [],
          { location },
        );
      if (probe.kind !== 'ok')
        return ctx.fromProbe(probe, 'The authorization request naming a foreign resource', { location });
      const a = probe.value;
      const ids = [a.exchange];
      const foreign = a.params['resource'] ?? '';
      const what = `The authorization request naming the foreign resource ${foreign}`;
      const reading = readAnswer(a, authz);
      if (reading.kind === 'error-redirect' && reading.error === 'invalid_target')
        return ctx.pass(`${authz.issuer} refused the foreign resource ${foreign} with invalid_target.`, ids, {
          location,
        });
      if (reading.kind === 'error-page' && INVALID_TARGET.test(answerBody(ev, a)))
        return ctx.pass(
          `${authz.issuer} refused the foreign resource ${foreign} with a ${reading.status} invalid_target error page.`,
          ids,
          { location },
        );
      if (reading.kind === 'error-redirect' || reading.kind === 'error-page')
        return ctx.inconclusive(
          'ambiguous',
          `${what} was refused (${describeAnswer(a)}) but not with invalid_target: it may have been refused for another reason.`,
          ids,
          { location },
        );
      if (reading.kind === 'login' || reading.kind === 'code') {
        const claims = ev.oauth?.tokenKind === 'jwt' ? ev.oauth.tokenClaims : null;
        if (claims) {
          const wanted = new Set(
            [ev.target.url, prmResource(ev.oauth)?.resource]
              .filter((r): r is string => typeof r === 'string')
              .map((r) => normaliseResource(r)),
          );
          const aud = audienceValues(claims);
          if (!aud.some((x) => wanted.has(normaliseResource(x))))
            return ctx.fail(
              `${authz.issuer} accepted an authorization request for the foreign resource ${foreign} up front (${describeAnswer(a)}), and the supplied token’s audience ${aud.length === 0 ? 'is absent' : `[${aud.map((x) => JSON.stringify(x)).join(', ')}] does not name the MCP server`}: its tokens are not restricted to the resource they were asked for.`,
              ids,
              { location, key: 'unrestricted' },
            );
        }
        return ctx.inconclusive(
          'ambiguous',
          `${what} was accepted up front (${describeAnswer(a)}); ${claims ? 'the supplied token is audience-restricted, so the AS may bind the token to the requested resource later' : 'without a JWT access token (--token) the issued audience cannot be seen'}.`,
          ids,
          { location },
        );
      }
      return unclear(ctx, reading, what, a, { location });
    });
  },
});
