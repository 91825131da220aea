import { defineCheck } from '../define-check.js';
import type { CheckContext, Verdict } from '../define-check.js';
import type { AuthDiscovery } from '../../evidence/auth-types.js';
import type { Evidence } from '../../evidence/types.js';
import { isHttpReply } from '../../evidence/types.js';
import { mcp, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { bearerOf } from '../authn/discovery.js';
import { judgeSessionAnswer, judgeTokenAnswer, servedText } from '../shared/token-answer.js';
import { sentCredentials } from '../shared/exchanges.js';
import { batteryNotes, batteryVariants, JWT_CASE_KEYS, keyFetches } from './jwt-battery.js';
import type { TokenVariant } from './jwt-battery.js';

const is2xx = (s: number) => s >= 200 && s < 300;

/**
 * The target serves anonymous MCP requests (optional authorization, or none): a request sent
 * without credentials got a result. In a token scan the ladder carried the token, so only its
 * credential-less requests (and `s.methods.noauth`) count.
 */
function anonymousServed(ev: Pick<Evidence, 'detection' | 'exchanges' | 'oauth'>): boolean {
  if (ev.detection.authWall) return false;
  const probes = [
    ev.detection.discover,
    ...ev.detection.inits.map((i) => i.probe),
    ...(ev.oauth?.methodsNoAuth.map((m) => m.probe) ?? []),
  ];
  // Only an HTTP reply has the 2xx status that says the request was served.
  return probes.some(
    (p) =>
      p.kind === 'ok' &&
      isHttpReply(p.value) &&
      is2xx(p.value.status) &&
      p.value.response?.result !== undefined &&
      !sentCredentials(ev, p.value.exchange),
  );
}

export default defineCheck({
  meta: {
    id: 'MCPP-ACT04',
    title: 'Invalid, expired and forged tokens get 401',
    requirement:
      'Garbage, expired, unsigned (`alg: none`) and forged bearer tokens are rejected with 401 (`error="invalid_token"` SHOULD), also on requests carrying a valid session.',
    keyword: 'MUST',
    revisions: revisionRange('2025-03-26'),
    transports: ['streamable-http', 'http+sse'],
    mode: 'safe',
    requires: ['detection', 'exchanges', 'oauth'],
    rating: { scope: 'authorization' },
    chain: { hop: 'challenge' },
    keys: {
      garbage: "a request with a random bearer token was served (critical); also that variant's non-verdicts",
      'session-garbage': 'a random token on a session opened with the user token was served (critical)',
      forged: 'an unsigned (alg none) JWT naming the issuer and resource was served or accepted (critical)',
      status: 'an invalid token was answered with a status other than 401 (medium)',
      'error-code': 'a garbage token got 401 without error="invalid_token" (low)',
      ...JWT_CASE_KEYS,
    },
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
      "`s.token.garbage`: the first MCP request (`p.discover` or `p.init`) repeated with `Authorization: Bearer` and 43 random base64url characters; its status and `WWW-Authenticate`. With a token, the garbage-token leg of `t.session-replay` (tools/list on a session opened with the user token). In intrusive mode, `s.token.forged`: the opening request with an unsigned (`alg: none`) JWT whose `iss`, `aud`, `exp` and `scope` look right; then the JWT forgery battery `i.jwt(case)` ([docs/jwt-battery.md](../jwt-battery.md)): the opening request with each forgery, and the log of the scanner's loopback key server for `jku` and `x5u`.",
    traps:
      'Optional-auth servers that serve anonymous requests but reject bad tokens pass; a server that ignores the header entirely is AUTHN01’s case (N/A here).',
    notes:
      'Variants and keys: `garbage` (a random token served, critical — also a JSON-RPC answer other than 401/403, e.g. a `-32601` or session error, which shows the request got past the token check — unless the answer carries a challenge or its message is about the token); `session-garbage` (token mode: a random token on a session opened with the user token served, critical — the session, not the token, was trusted); `forged` (intrusive: the unsigned JWT served, critical; the project moved `s.token.forged` to the intrusive tier, `docs/model/modes.md#intrusive`). The session leg is judged only when the control request with the user token was served on that session, and a 4xx other than 401/403 there (e.g. 404 "Session not found") is the session refusing, not a token answer. When anonymous requests are served (the header is ignored), only the garbage variant is reported (not_applicable, AUTHN01). A forged or session-garbage token refused only with `error="insufficient_scope"` fails under its key too: the token itself was accepted. The forged JWT claims the scopes the PRM (or a challenge) advertises, so a server that checks scopes still reaches its token check; `status` (a variant refused with another status and no JSON-RPC answer, e.g. 403 or a bare 400, medium); `error-code` (the garbage token got 401 without `error="invalid_token"`, low). Each failing variant is its own result. 5xx, 429 and redirects of the garbage request are inconclusive. A garbage token served by a server that also serves anonymous requests is not_applicable (`no_auth`): the header is ignored, which AUTHN01 judges. The JWT battery (intrusive) adds one key per case, each judged like `forged`: `kid-confusion`, `hs256-public-key`, `embedded-jwk`, `jku`, `x5u` (critical when served, accepted, or — `jku`/`x5u` — when the server fetched the URL the header named, whatever it answered), `stripped-signature` and `tampered-signature` (with `--token`, when it is a JWT; critical), `expired` (with `--expired-token-env`: only the authorization server can sign an expired token that is otherwise valid; high, since the token was once genuine). A 401 without `invalid_token` is accepted for every crafted token. Cases that could not be sent (no `jwks_uri`, no token) are named in the passing message with the reason; so is a key server the target could not reach (a non-loopback target cannot fetch the scanner\'s 127.0.0.1, so no fetch is seen).',
  },
  evaluate(ev, ctx) {
    const oauth = ev.oauth;
    const garbage = garbageVerdict(ev, ctx, oauth);
    // The crafted tokens of the other tiers: each failure is its own result.
    const extra: Verdict[] = [];
    const checked: string[] = [];
    // A server that ignores the header entirely is AUTHN01's case, for every crafted token.
    if (anonymousServed(ev)) return garbage;
    const replay = oauth.tokenProbes.sessionReplay;
    // The session leg only says something when the same session served the user token.
    const sessionLive =
      replay.kind === 'ok' &&
      replay.value.control.kind === 'ok' &&
      judgeSessionAnswer(replay.value.control.value) === 'served';
    const variants: TokenVariant[] = [
      [
        'forged',
        'an unsigned (alg: none) JWT naming the issuer and resource',
        oauth.tokenProbes.forged,
        'critical',
      ],
      [
        'session-garbage',
        'a random bearer token on a session opened with the user token',
        sessionLive && replay.kind === 'ok' ? replay.value.garbageToken : null,
        'critical',
      ],
      ...batteryVariants(oauth),
    ];
    extra.push(...keyFetches(oauth, ctx));
    for (const [key, what, probe, severity] of variants) {
      if (probe?.kind !== 'ok') continue;
      // On a session, a 4xx "Session not found" is the session refusing before any token check.
      if (
        key === 'session-garbage' &&
        judgeSessionAnswer(probe.value) === 'refused' &&
        probe.value.status !== 401 &&
        probe.value.status !== 403
      )
        continue;
      const answer = judgeTokenAnswer(ev, probe.value);
      if (answer.kind === 'served') {
        extra.push(
          ctx.fail(`A request with ${what} was served: ${servedText(answer)}.`, [probe.value.exchange], {
            key,
            severity,
          }),
        );
      } else if (answer.kind === 'refused' && answer.error === 'insufficient_scope') {
        // Refused for scope means the token itself was accepted as valid.
        extra.push(
          ctx.fail(
            `A request with ${what} was accepted as a valid token and refused only for scope (${answer.status} insufficient_scope).`,
            [probe.value.exchange],
            { key, severity },
          ),
        );
      } else if (answer.kind === 'refused' && answer.status === 401) checked.push(what);
      else if (answer.kind === 'refused')
        extra.push(
          ctx.fail(
            `A request with ${what} was answered ${answer.status}; an invalid token MUST get 401.`,
            [probe.value.exchange],
            {
              key: 'status',
              severity: 'medium',
            },
          ),
        );
    }
    if (extra.length > 0) {
      const garbageFailed = [garbage].flat().some((v) => v.status === 'fail');
      return garbageFailed ? [...[garbage].flat(), ...extra] : extra;
    }
    const notes = batteryNotes(oauth);
    if (checked.length === 0 && notes === '') return garbage;
    const also = checked.length > 0 ? ` Also refused with 401: ${checked.join('; ')}.` : '';
    return [garbage]
      .flat()
      .map((v) => (v.status === 'pass' ? { ...v, message: `${v.message}${also}${notes}` } : v));
  },
});

function garbageVerdict(
  ev: Pick<Evidence, 'detection' | 'exchanges' | 'oauth'>,
  ctx: CheckContext,
  oauth: AuthDiscovery,
): Verdict {
  const probe = oauth.garbageToken;
  if (probe.kind !== 'ok')
    return ctx.fromProbe(probe, 'The request with a garbage bearer token', { key: 'garbage' });
  const reply = probe.value;
  const ids = [reply.exchange];
  const answer = judgeTokenAnswer(ev, reply);
  if (answer.kind === 'unclear') {
    const how = answer.reason === 'ambiguous' ? `redirected (${answer.status})` : `answered ${answer.status}`;
    return ctx.inconclusive(answer.reason, `The garbage-token request was ${how}.`, ids);
  }
  if (answer.kind === 'served') {
    if (anonymousServed(ev)) {
      return ctx.notApplicable(
        'no_auth',
        `The garbage token was served (${answer.status}), as are anonymous requests: the server ignores the Authorization header (AUTHN01).`,
      );
    }
    return ctx.fail(`A request with a garbage bearer token was served: ${servedText(answer)}.`, ids, {
      key: 'garbage',
    });
  }
  if (answer.status === 401) {
    const parsed = oauth.challenges.find((c) => c.exchange === reply.exchange);
    const error = parsed ? bearerOf(parsed)?.params['error'] : (answer.error ?? undefined);
    if (error === 'invalid_token')
      return ctx.pass('A garbage bearer token got 401 with error="invalid_token".', ids);
    return ctx.fail(
      `A garbage bearer token got 401${error ? ` with error="${error}"` : ''} but not error="invalid_token".`,
      ids,
      { key: 'error-code', severity: 'low' },
    );
  }
  return ctx.fail(
    `A garbage bearer token was answered ${answer.status}; an invalid token MUST get 401.`,
    ids,
    {
      key: 'status',
      severity: 'medium',
    },
  );
}
