import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import type {
  AuthChallenge,
  AuthDiscovery,
  ChallengeObservation,
  OtherTokenProbe,
} from '../../evidence/auth-types.js';
import type { Evidence, ExchangeId } from '../../evidence/types.js';
import { mcp, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { bearerOf } from '../authn/discovery.js';
import { probeExchanges } from '../shared/exchanges.js';

/** Probe ID of `t.narrow` (src/probe/auth/plan.ts). */
const NARROW_PROBE = 't.narrow';

/** A refusal judged here: its status and its Bearer challenge (null when it carried none). */
interface Denial {
  readonly exchange: ExchangeId;
  readonly status: number;
  readonly bearer: AuthChallenge | null;
}

/** A refusal of a request that carried the user's token (not a crafted `s.token.*` one) because of scope. */
function userTokenDenial(c: ChallengeObservation): boolean {
  if (!c.credentialsSent || c.probe.startsWith('s.') || c.probe === NARROW_PROBE) return false;
  return c.status === 403 || bearerOf(c)?.params['error'] === 'insufficient_scope';
}

/** The narrow token's `exp` lies before the scan: its 401s say nothing about scope. */
function expiredAtScan(narrow: OtherTokenProbe, startedAt: string): boolean {
  const exp = narrow.token.claims?.['exp'];
  return typeof exp === 'number' && exp * 1000 < Date.parse(startedAt);
}

/**
 * Every scope refusal: the user token's challenges that name the scope, and every 401 or 403 to the
 * valid narrow token (with or without a challenge; a 401 to a valid token is the wrong status).
 */
function denialsOf(ev: Pick<Evidence, 'startedAt'>, oauth: AuthDiscovery): Denial[] {
  const byExchange = new Map(oauth.challenges.map((c) => [c.exchange, c]));
  const out: Denial[] = oauth.challenges
    .filter(userTokenDenial)
    .map((c) => ({ exchange: c.exchange, status: c.status, bearer: bearerOf(c) }));
  const narrow = oauth.tokenProbes.narrow;
  if (narrow.kind !== 'ok') return out;
  const expired = expiredAtScan(narrow.value, ev.startedAt);
  for (const { probe } of narrow.value.replies) {
    if (probe.kind !== 'ok') continue;
    const { status, exchange } = probe.value;
    if (status !== 403 && (status !== 401 || expired)) continue;
    const c = byExchange.get(exchange);
    out.push({ exchange, status, bearer: c ? bearerOf(c) : null });
  }
  return out;
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
    requires: ['startedAt', 'oauth'],
    rating: { scope: 'authorization' },
    chain: { hop: 'challenge' },
    keys: {
      '401': 'a valid token lacking a scope was refused with 401 instead of 403',
      'no-error': 'a scope refusal carries no Bearer error="insufficient_scope"',
      'no-scope': 'a scope refusal does not name the scopes the operation needs',
      'no-resource-metadata': 'a scope refusal carries no resource_metadata',
    },
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
      'Challenges to requests that carried a valid token (`t.rerun` with the user token, `t.narrow` with the narrow-scope token; never the crafted `s.token.*` ones) and were refused for scope: a 403, any answer with `error="insufficient_scope"`, or any 401 to the narrow token.',
    traps:
      'Real tools are never called, so only scope checks on list, read and dispatch paths are observable.',
    notes:
      'The narrow-token probe (`t.narrow`, with `--narrow-token-env`; token mode) sends the opening request, then tools/list, resources/list, prompts/list and a tools/call of a nonexistent tool with a valid token that lacks a scope the endpoint needs. Every scope refusal observed with a valid token is judged — the narrow token’s, and the user token’s own. Keys: `401` (a valid token refused with 401 — with or without `insufficient_scope` — instead of 403; a narrow token whose `exp` lies before the scan is not counted), `no-error`, `no-scope`, `no-resource-metadata`. Inconclusive: no refusal and no narrow token (`needs_narrow_token`); the narrow token served on every probed method (`ambiguous`: it may hold every scope these methods need).',
  },
  evaluate(ev, ctx) {
    const oauth = ev.oauth;
    const denials = denialsOf(ev, oauth);
    const narrow = oauth.tokenProbes.narrow;
    if (denials.length === 0 && narrow.kind === 'ok') {
      const statuses = narrow.value.replies
        .map((r) => `${r.method} ${r.probe.kind === 'ok' ? r.probe.value.status : r.probe.kind}`)
        .join(', ');
      const expired = expiredAtScan(narrow.value, ev.startedAt)
        ? ' The narrow token had expired before the scan, so its 401s are not counted.'
        : '';
      return ctx.inconclusive(
        'ambiguous',
        `The narrow-scope token was not refused with 401 or 403 on any probed method (${statuses}); either it holds every scope these methods need, or the server does not check scopes there.${expired}`,
        probeExchanges(narrow),
      );
    }
    if (denials.length === 0) {
      return ctx.inconclusive(
        'needs_narrow_token',
        'No scope-denied response was observed; a token lacking a required scope (narrow token) is needed.',
      );
    }
    const verdicts: Verdict[] = [];
    const flag = (key: string, message: string, list: readonly Denial[]) => {
      if (list.length > 0)
        verdicts.push(
          ctx.fail(
            message,
            list.slice(0, 5).map((d) => d.exchange),
            { key },
          ),
        );
    };
    flag(
      '401',
      'A valid token lacking a scope was refused with 401 instead of 403 (401 tells the client its token is invalid, not that it needs more scope).',
      denials.filter((d) => d.status === 401),
    );
    flag(
      'no-error',
      'A scope refusal carries no Bearer error="insufficient_scope".',
      denials.filter((d) => d.bearer?.params['error'] !== 'insufficient_scope'),
    );
    flag(
      'no-scope',
      'A scope refusal does not name the scopes the operation needs.',
      denials.filter((d) => d.bearer?.params['scope'] === undefined),
    );
    flag(
      'no-resource-metadata',
      'A scope refusal carries no resource_metadata.',
      denials.filter((d) => d.bearer?.params['resource_metadata'] === undefined),
    );
    if (verdicts.length > 0) return verdicts;
    const scope = denials[0]!.bearer!.params['scope'];
    return ctx.pass(
      `Scope refusals are 403 step-up challenges with error="insufficient_scope", scope="${scope}" and resource_metadata.`,
      denials.map((d) => d.exchange).slice(0, 5),
    );
  },
});
