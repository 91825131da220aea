import { defineCheck } from '../define-check.js';
import { mcp, oauth21, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { judgeTokenAnswer, servedText } from '../shared/token-answer.js';

export default defineCheck({
  meta: {
    id: 'MCPP-ACT02',
    title: 'Query-string tokens refused',
    requirement: 'A valid token presented only as `?access_token=` is not accepted.',
    keyword: 'MUST NOT',
    revisions: revisionRange('2025-03-26'),
    transports: ['streamable-http'],
    // Token tier (the engine gates on the token and on authorization being in use); the probe
    // itself is intrusive, so a safe-mode scan says mode_disabled.
    mode: 'token',
    requires: ['exchanges', 'oauth'],
    rating: { scope: 'authorization' },
    chain: { hop: 'endpoint' },
    keys: {
      served: 'the request with the token only in the query string was served',
    },
    severity: 'high',
    citations: [
      mcp('2025-03-26', 'basic/authorization', 'Token Requirements'),
      mcp('2026-07-28', 'basic/authorization', 'Token Requirements'),
      rfc(6750, '2.3'),
      oauth21('5.1'),
    ],
    rationale:
      'Tokens in URLs end up in access logs, proxy logs, browser history and Referer headers. A server that accepts them invites clients to send them that way, and anyone who reads those logs can replay them.',
    remediation:
      'Read access tokens only from the `Authorization: Bearer` header; ignore (or reject) `access_token` in the query string and in form bodies.',
    evidence:
      '`t.query` (token + intrusive): the opening request (initialize or server/discover) with the user token only as `?access_token=` and no `Authorization` header.',
    traps:
      'Use a short-lived disposable token: it lands in the target’s URL logs. PRM06 is the passive signal.',
    notes:
      'Token tier and intrusive: needs a token (`--token`, else `needs_token`) and `--mode intrusive` (else `mode_disabled`: the token would land in the target’s URL logs). Not applicable without authorization. Pass: refused with 401 (any refusal without serving the request passes; the status is the challenge checks’ concern). Fail: served (key `served`). Inconclusive: no token (`needs_token`), 5xx, 429, redirects.',
  },
  evaluate(ev, ctx) {
    const oauth = ev.oauth;
    const probe = oauth.tokenProbes.query;
    if (probe.kind === 'skipped' && probe.reason === 'no_token')
      return ctx.inconclusive(
        'needs_token',
        'Needs an access token (--token) to present in the query string.',
      );
    if (probe.kind !== 'ok') return ctx.fromProbe(probe, 'The request with the token in the query string');
    const ids = [probe.value.exchange];
    const answer = judgeTokenAnswer(ev, probe.value);
    if (answer.kind === 'served')
      return ctx.fail(
        `The request with the token only as ?access_token= was served: ${servedText(answer)}.`,
        ids,
        { key: 'served' },
      );
    if (answer.kind === 'unclear')
      return ctx.inconclusive(
        answer.reason,
        `The request with a query-string token was answered ${answer.status}.`,
        ids,
      );
    return ctx.pass(`The token in the query string was not accepted (${answer.status}).`, ids);
  },
});
