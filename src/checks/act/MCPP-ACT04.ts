import { defineCheck } from '../define-check.js';
import type { Evidence } from '../../evidence/types.js';
import { mcp, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { bearerOf, responseHeader, withOAuth } from '../authn/discovery.js';

const is2xx = (s: number) => s >= 200 && s < 300;
const TOKEN_ERROR =
  /token|unauthori[sz]ed|unauthenticated|credential|authenticat|authoriz|forbidden|expired/i;

/** The target serves anonymous MCP requests (optional authorization, or none). */
function anonymousServed(ev: Evidence): boolean {
  if (ev.detection.authWall) return false;
  const probes = [ev.detection.discover, ...ev.detection.inits.map((i) => i.probe)];
  return probes.some(
    (p) => p.kind === 'ok' && is2xx(p.value.status) && p.value.response?.result !== undefined,
  );
}

export default defineCheck({
  meta: {
    id: 'MCPP-ACT04',
    title: 'Invalid, expired and forged tokens get 401',
    requirement:
      'Garbage, expired and unsigned (`alg: none`) bearer tokens are rejected with 401 (`error="invalid_token"` SHOULD), also on requests carrying a valid session.',
    keyword: 'MUST',
    revisions: revisionRange('2025-03-26'),
    transports: ['streamable-http', 'http+sse'],
    mode: 'safe',
    severity: 'critical',
    citations: [
      mcp('2025-03-26', 'basic/authorization', 'Token Handling'),
      mcp('2026-07-28', 'basic/authorization', 'Token Handling'),
      rfc(6750, '3.1'),
    ],
    rationale:
      'A resource server that serves a request carrying a token it cannot validate has no authorization at all: anyone can send a random string. The 401 with `invalid_token` also tells legitimate clients to refresh or re-authorize.',
    remediation:
      'Validate every bearer token (signature or introspection, expiry, issuer, audience) before serving the request, and answer a token that fails with 401 and `WWW-Authenticate: Bearer error="invalid_token"`.',
    evidence:
      '`s.token.garbage`: the first MCP request (`p.discover` or `p.init`) repeated with `Authorization: Bearer` and 43 random base64url characters; its status and `WWW-Authenticate`.',
    traps:
      'Optional-auth servers that serve anonymous requests but reject bad tokens pass; a server that ignores the header entirely is AUTHN01’s case (N/A here).',
    notes:
      'Only the garbage-token variant is judged. The expired and unsigned (`alg: none`) variants are intrusive (catalogue decision 13.1 #5 moves `s.token.forged` to the intrusive tier) and are not collected yet; the session-garbage leg of `t.session-replay` needs token mode and is not collected either. Keys: `garbage` (served, critical — also a JSON-RPC answer other than 401/403, e.g. a `-32601` or session error, which shows the request got past the token check — unless the answer carries a challenge or its message is about the token), `status` (refused with another status and no JSON-RPC answer, e.g. 403 or a bare 400, medium), `error-code` (401 without `error="invalid_token"`, low). 5xx, 429 and redirects are inconclusive. A garbage token served by a server that also serves anonymous requests is not_applicable (`no_auth`): the header is ignored, which AUTHN01 judges.',
  },
  evaluate(ev, ctx) {
    return withOAuth(ev, ctx, (oauth) => {
      const probe = oauth.garbageToken;
      if (probe.kind !== 'ok')
        return ctx.fromProbe(probe, 'The request with a garbage bearer token', { key: 'garbage' });
      const reply = probe.value;
      const s = reply.status;
      const ids = [reply.exchange];
      if (s >= 500)
        return ctx.inconclusive('fetch_failed', `The garbage-token request was answered ${s}.`, ids);
      if (s === 429)
        return ctx.inconclusive('rate_limited', 'The garbage-token request was answered 429.', ids);
      if (s >= 300 && s < 400)
        return ctx.inconclusive('ambiguous', `The garbage-token request was redirected (${s}).`, ids);
      // A JSON-RPC answer (result or protocol error) means the request got past the token check,
      // unless the answer itself is about the token (a refusal with the wrong status).
      const message = reply.response?.error?.message;
      const aboutToken =
        responseHeader(ev, reply.exchange, 'www-authenticate').length > 0 ||
        (typeof message === 'string' && TOKEN_ERROR.test(message));
      const reachedMcp =
        s !== 401 && s !== 403 && !aboutToken && reply.messages.some((m) => m.kind === 'response');
      if ((is2xx(s) && reply.response?.error === undefined) || reachedMcp) {
        if (anonymousServed(ev)) {
          return ctx.notApplicable(
            'no_auth',
            `The garbage token was served (${s}), as are anonymous requests: the server ignores the Authorization header (AUTHN01).`,
          );
        }
        const how =
          reply.response?.error === undefined ? '' : ' (a JSON-RPC error from past the token check)';
        return ctx.fail(`A request with a garbage bearer token was served: ${s}${how}.`, ids, {
          key: 'garbage',
        });
      }
      if (s === 401) {
        const parsed = oauth.challenges.find((c) => c.exchange === reply.exchange);
        const error = parsed
          ? bearerOf(parsed)?.params['error']
          : /\berror\s*=\s*"?invalid_token"?/i.test(
                responseHeader(ev, reply.exchange, 'www-authenticate').join(', '),
              )
            ? 'invalid_token'
            : undefined;
        if (error === 'invalid_token') {
          return ctx.pass('A garbage bearer token got 401 with error="invalid_token".', ids);
        }
        return ctx.fail(
          `A garbage bearer token got 401${error ? ` with error="${error}"` : ''} but not error="invalid_token".`,
          ids,
          { key: 'error-code', severity: 'low' },
        );
      }
      return ctx.fail(`A garbage bearer token was answered ${s}; an invalid token MUST get 401.`, ids, {
        key: 'status',
        severity: 'medium',
      });
    });
  },
});
