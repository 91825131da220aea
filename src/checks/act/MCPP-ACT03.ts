import { defineCheck } from '../define-check.js';
import { mcp, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { prmResource } from '../asm/as-common.js';
import { audienceValues, normaliseResource } from '../asm/token.js';
import { judgeTokenAnswer, servedText } from '../shared/token-answer.js';
import { probeExchanges } from '../shared/exchanges.js';

export default defineCheck({
  meta: {
    id: 'MCPP-ACT03',
    title: 'Tokens for other audiences refused',
    requirement: 'A token issued by the same AS for a different resource is rejected with 401.',
    keyword: 'MUST',
    revisions: revisionRange('2025-06-18'),
    transports: ['streamable-http'],
    mode: 'token',
    requires: ['target', 'exchanges', 'oauth'],
    rating: { scope: 'authorization' },
    chain: { hop: 'endpoint' },
    keys: {
      served: 'a request with a token issued for another resource was served: the audience is not validated',
    },
    severity: 'critical',
    citations: [
      mcp('2025-06-18', 'basic/authorization', 'Token Handling'),
      mcp('2026-07-28', 'basic/authorization', 'Token Handling'),
      mcp('2026-07-28', 'basic/authorization/security-considerations', 'Access Token Privilege Restriction'),
      rfc(8707, '2'),
      rfc(9700, '2.3'),
    ],
    rationale:
      'A resource server that accepts any token its AS signed, whatever the audience, lets a token minted for another service (or stolen from one) act here. Audience validation is what confines a token to the resource it was issued for.',
    remediation:
      'Validate the `aud` claim (or the introspection `aud`) of every access token against this server’s canonical URI — the PRM `resource` — and answer a mismatch with 401 `error="invalid_token"`.',
    evidence:
      '`t.foreign`: the opening request (initialize or server/discover), then `tools/list`, with the second token (`--second-token-env`), issued by the same AS for another resource. Its `aud`, decoded locally, must not name this resource.',
    traps:
      'Token passthrough to upstream APIs is not observable (`docs/model/README.md#what-a-scan-cannot-observe`).',
    notes:
      'Needs `--token` (token mode) and `--second-token-env`. A second token without any `aud` counts as not issued for this resource: MCP servers MUST accept only tokens issued specifically for them. Fail: any request with the second token served (key `served`). Pass: the opening request refused with 401. Inconclusive: no second token (`needs_second_token`); an opaque second token, or one whose `aud` names this resource, so it cannot be shown to be foreign (`opaque_token`, `ambiguous`); a refusal with another status (403, 400: `ambiguous` — the token was refused, but not with the 401 the requirement names, key `status` is not used because the audience was enforced); 5xx, 429 and redirects.',
  },
  evaluate(ev, ctx) {
    const oauth = ev.oauth;
    const probe = oauth.tokenProbes.foreign;
    if (probe.kind === 'skipped' && probe.reason === 'no_token')
      return ctx.inconclusive(
        'needs_second_token',
        'Needs a second token, issued by the same authorization server for another resource (--second-token-env).',
      );
    if (probe.kind !== 'ok') return ctx.fromProbe(probe, 'The requests with the second token');
    const { token, replies } = probe.value;
    const ids = probeExchanges(probe);
    if (token.kind === 'opaque' || token.claims === null)
      return ctx.inconclusive(
        'opaque_token',
        'The second token is opaque: its audience cannot be read, so it cannot be shown to be issued for another resource.',
        ids,
      );
    const resource = prmResource(oauth)?.resource ?? ev.target.url;
    const aud = audienceValues(token.claims);
    if (aud.some((a) => normaliseResource(a) === normaliseResource(resource)))
      return ctx.inconclusive(
        'ambiguous',
        `The second token’s audience names this resource (${resource}); it is not a token for another resource.`,
        ids,
      );
    for (const { method, probe: p } of replies) {
      if (p.kind !== 'ok') continue;
      const answer = judgeTokenAnswer(ev, p.value);
      if (answer.kind === 'served')
        return ctx.fail(
          `${method} with a token issued for ${aud.length ? aud.map((a) => JSON.stringify(a)).join(', ') : 'another resource'} was served: ${servedText(answer)}. The audience is not validated.`,
          [p.value.exchange],
          { key: 'served' },
        );
    }
    const first = replies[0]?.probe;
    if (first === undefined)
      return ctx.inconclusive('probe_unavailable', 'No request was sent with the second token.', ids);
    if (first.kind !== 'ok') return ctx.fromProbe(first, 'The opening request with the second token');
    const answer = judgeTokenAnswer(ev, first.value);
    if (answer.kind === 'unclear')
      return ctx.inconclusive(
        answer.reason,
        `The request with the second token was answered ${answer.status}.`,
        ids,
      );
    if (answer.status === 401)
      return ctx.pass(
        `A token issued for ${aud.map((a) => JSON.stringify(a)).join(', ') || 'another resource'} was refused with 401.`,
        ids,
      );
    return ctx.inconclusive(
      'ambiguous',
      `A token issued for another resource was refused with ${answer.status}, not 401.`,
      ids,
    );
  },
});
