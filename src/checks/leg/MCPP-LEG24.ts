import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';

export default defineCheck({
  meta: {
    id: 'MCPP-LEG24',
    title: 'HTTP+SSE rejects unknown sessions promptly',
    requirement: 'A POST to the message endpoint with an unknown session identifier gets a 4xx within 5 s.',
    keyword: 'policy',
    revisions: 'any',
    transports: ['http+sse'],
    mode: 'safe',
    requires: ['sse'],
    rating: { scope: 'protocol' },
    keys: {
      accepted: 'a message for a session the server never issued was accepted (2xx)',
      '5xx': 'the POST with an unknown session was answered with a server error (low)',
      timeout: 'the POST with an unknown session got no answer within 5 s (low)',
    },
    severity: 'medium',
    citations: [mcp('2024-11-05', 'basic/transports', 'HTTP with SSE')],
    rationale:
      'A server that accepts messages for sessions it never issued lets anyone inject messages into whatever session an identifier happens to name; one that hangs or errors on them ties up connections and hides the client’s mistake.',
    remediation:
      'Look the session identifier up before accepting a message and answer 404 (or 400) at once when it is unknown or closed.',
    evidence:
      '`s.sse.badsession`: a JSON-RPC `ping` POSTed to the message endpoint with the session parameter replaced by a random value (5 s timeout).',
    traps: 'Reference servers hang without answering or return 503 here.',
    notes:
      'Runs whenever HTTP+SSE is observed (`revisions: any`). Any 4xx passes (the row’s requirement); 400 and 404 are the usual answers. Keys: `accepted` (2xx, medium), `timeout` (no answer within 5 s, low), `5xx` (low). 429 is `rate_limited`, a redirect `ambiguous`, other network failures `fetch_failed`. N/A (`feature_absent`) when the endpoint URI carries no session parameter, so the probe had nothing to replace.',
  },
  evaluate(ev, ctx) {
    const sse = ev.sse;
    const probe = sse.badSession;
    if (probe.kind === 'skipped' && (probe.reason === 'not_needed' || probe.reason === 'no_session')) {
      return ctx.notApplicable('feature_absent', 'The endpoint URI carries no session parameter to replace.');
    }
    if (probe.kind === 'failed' && probe.error.code === 'timeout') {
      return ctx.fail('The POST with an unknown session got no answer within 5 s.', probe.exchanges, {
        key: 'timeout',
        severity: 'low',
      });
    }
    if (probe.kind !== 'ok') return ctx.fromProbe(probe, 'The POST with an unknown session');
    const reply = probe.value;
    const s = reply.status;
    const evidence = [reply.exchange];
    if (s >= 200 && s < 300) {
      return ctx.fail(`A message for a session the server never issued was accepted (${s}).`, evidence, {
        key: 'accepted',
      });
    }
    if (s >= 500) {
      return ctx.fail(`The POST with an unknown session was answered ${s} instead of a 4xx.`, evidence, {
        key: '5xx',
        severity: 'low',
      });
    }
    if (s === 429)
      return ctx.inconclusive('rate_limited', 'The POST with an unknown session was answered 429.', evidence);
    if (s >= 400) return ctx.pass(`The POST with an unknown session was rejected (${s}).`, evidence);
    return ctx.inconclusive('ambiguous', `The POST with an unknown session was answered ${s}.`, evidence);
  },
});
