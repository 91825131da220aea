import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import type { ChallengeObservation } from '../../evidence/auth-types.js';
import { mcp, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { bearerOf, withOAuth } from '../authn/discovery.js';

/** A refusal of a request that carried the user's token (not a crafted `s.token.*` one) because of scope. */
function scopeDenial(c: ChallengeObservation): boolean {
  if (!c.credentialsSent || c.probe.startsWith('s.')) return false;
  return c.status === 403 || bearerOf(c)?.params['error'] === 'insufficient_scope';
}

export default defineCheck({
  meta: {
    id: 'MCPP-SCP03',
    title: 'Insufficient scope answered with a step-up challenge',
    requirement:
      'A valid token lacking a required scope gets 403 with `WWW-Authenticate: Bearer error="insufficient_scope"`, `scope` (all scopes needed for the operation) and `resource_metadata`.',
    keyword: 'SHOULD',
    revisions: revisionRange('2025-11-25'),
    transports: ['streamable-http'],
    mode: 'token',
    severity: 'medium',
    citations: [
      mcp('2025-11-25', 'basic/authorization', 'Runtime Insufficient Scope Errors'),
      mcp('2026-07-28', 'basic/authorization', 'Runtime Insufficient Scope Errors'),
      rfc(6750, '3.1'),
    ],
    rationale:
      'A step-up challenge tells a client exactly which scopes to request so it can re-authorize and continue. Without it the client either fails or asks the user for everything, defeating scope minimisation.',
    remediation:
      'When a valid token lacks a scope the operation needs, answer 403 with `WWW-Authenticate: Bearer error="insufficient_scope", scope="<all scopes the operation needs>", resource_metadata="<PRM URL>"`.',
    evidence:
      'Challenges to requests that carried the user’s token (`t.rerun`, `t.narrow`; never the crafted `s.token.*` ones) and were refused for scope: a 403, or any answer with `error="insufficient_scope"`.',
    traps:
      'Real tools are never called, so only scope checks on list, read and dispatch paths are observable.',
    notes:
      'The dedicated narrow-token probe (`t.narrow`) is not collected yet; the check judges every scope refusal observed with the user’s token. Keys: `401` (an `insufficient_scope` challenge sent with 401 instead of 403), `no-error`, `no-scope`, `no-resource-metadata`. Without any such refusal the result is inconclusive (`needs_narrow_token`).',
  },
  evaluate(ev, ctx) {
    return withOAuth(ev, ctx, (oauth) => {
      const denials = oauth.challenges.filter(scopeDenial);
      if (denials.length === 0) {
        return ctx.inconclusive(
          'needs_narrow_token',
          'No scope-denied response was observed; a token lacking a required scope (narrow token) is needed.',
        );
      }
      const verdicts: Verdict[] = [];
      const flag = (key: string, message: string, ids: string[]) => {
        const list = denials.filter((d) => ids.includes(d.exchange)).map((d) => d.exchange);
        verdicts.push(ctx.fail(message, list.slice(0, 5), { key }));
      };
      const as401 = denials.filter((d) => d.status === 401);
      if (as401.length > 0)
        flag(
          '401',
          'A token lacking a scope was refused with 401 insufficient_scope instead of 403.',
          as401.map((d) => d.exchange),
        );
      const noError = denials.filter((d) => bearerOf(d)?.params['error'] !== 'insufficient_scope');
      if (noError.length > 0)
        flag(
          'no-error',
          'A scope refusal (403) carries no Bearer error="insufficient_scope".',
          noError.map((d) => d.exchange),
        );
      const noScope = denials.filter((d) => bearerOf(d)?.params['scope'] === undefined);
      if (noScope.length > 0)
        flag(
          'no-scope',
          'A scope refusal does not name the scopes the operation needs.',
          noScope.map((d) => d.exchange),
        );
      const noPrm = denials.filter((d) => bearerOf(d)?.params['resource_metadata'] === undefined);
      if (noPrm.length > 0)
        flag(
          'no-resource-metadata',
          'A scope refusal carries no resource_metadata.',
          noPrm.map((d) => d.exchange),
        );
      if (verdicts.length > 0) return verdicts;
      const scope = bearerOf(denials[0]!)!.params['scope'];
      return ctx.pass(
        `Scope refusals are 403 step-up challenges with error="insufficient_scope", scope="${scope}" and resource_metadata.`,
        denials.map((d) => d.exchange).slice(0, 5),
      );
    });
  },
});
