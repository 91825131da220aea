import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { describe, errorMessage, resultOf, unusable } from './common.js';

/** Error wording that blames missing prior state. */
const STATE_WORDS: readonly [RegExp, string][] = [
  [/initiali[sz]/i, 'initialization'],
  [/discover/i, 'discovery'],
  [/session/i, 'session'],
];

export default defineCheck({
  meta: {
    id: 'MCPP-MOD20',
    title: 'Requests served without prior state',
    requirement:
      'Any modern request succeeds as the first request on a fresh connection, without a preceding `server/discover`.',
    keyword: 'MUST NOT',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['modern'],
    rating: { scope: 'protocol' },
    keys: {
      initialization: 'the list request on its own was refused for lack of initialization',
      discovery: 'it was refused for lack of a preceding server/discover',
      session: 'it was refused for lack of a session',
    },
    severity: 'medium',
    citations: [mcp('2026-07-28', 'basic/index', 'Statelessness')],
    rationale:
      '2026-07-28 is stateless: clients, load balancers and serverless hosts send any request to any instance. A server that needs an earlier request first fails whenever a request lands elsewhere.',
    remediation:
      'Serve every request from its own `_meta` and arguments; keep cross-request state only in explicit handles the client passes back, never in connection or discovery state.',
    evidence:
      '`p.list.fresh`: the first list method the DiscoverResult advertises, sent again as a request of its own.',
    traps:
      'Servers without a tools capability answer `-32601` to `tools/list` — the probe uses an advertised list method.',
    notes:
      'Weak: the scanner’s HTTP client pools connections and cannot force a new one, so the fresh request may reuse a connection that carried `p.discover`; what is tested is that the request needs no preceding call. Fails only when the error blames missing initialization, discovery or a session (key = that word); other errors are inconclusive.',
  },
  evaluate(ev, ctx) {
    const fresh = ev.modern.fresh;
    const p = fresh.probe;
    if (p.kind !== 'ok') return ctx.fromProbe(p, `The fresh ${fresh.method} (p.list.fresh)`);
    const reply = p.value.replies[0];
    if (!reply) return ctx.inconclusive('ambiguous', `The fresh ${fresh.method} returned no reply.`);
    const evidence = [reply.exchange];
    const bad = unusable(reply);
    if (bad) return ctx.inconclusive(bad.reason, `The fresh ${fresh.method} was ${bad.why}.`, evidence);
    if (resultOf(reply)) return ctx.pass(`${fresh.method} was served without a preceding request.`, evidence);
    const message = errorMessage(reply);
    const blamed = STATE_WORDS.find(([re]) => re.test(message));
    if (blamed)
      return ctx.fail(
        `${fresh.method} on its own was refused for lack of ${blamed[1]}: ${describe(reply)} "${message.slice(0, 120)}".`,
        evidence,
        {
          key: blamed[1],
        },
      );
    return ctx.inconclusive(
      'ambiguous',
      `${fresh.method} on its own was answered ${describe(reply)}.`,
      evidence,
    );
  },
});
