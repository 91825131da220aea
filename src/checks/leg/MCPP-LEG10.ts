import { defineCheck } from '../define-check.js';
import type { Verdict } from '../define-check.js';
import type { Evidence, ExchangeId, Probe, HttpReply } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { mainSessionProbes } from './replies.js';

function replies(probes: readonly Probe<HttpReply>[]): HttpReply[] {
  return probes.flatMap((p) => (p.kind === 'ok' ? [p.value] : []));
}

/** The `Mcp-Session-Id` the scanner sent with an exchange, as recorded. */
function sentSession(ev: Pick<Evidence, 'exchanges'>, exchange: ExchangeId): string | null {
  return ev.exchanges.find((x) => x.id === exchange)?.request.headers['mcp-session-id'] ?? null;
}

export default defineCheck({
  meta: {
    id: 'MCPP-LEG10',
    title: 'Session IDs assigned only at initialization',
    requirement:
      '`Mcp-Session-Id` appears on the response carrying the InitializeResult; later responses carry the same ID or none, and requests without a session never get a freshly minted one.',
    keyword: 'MAY',
    transportShape: true,
    revisions: revisionRange('2025-03-26', '2025-11-25'),
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['exchanges', 'sessions'],
    rating: { scope: 'protocol' },
    keys: {
      changed: 'the session ID changed mid-session (low); also the key of the matching pass',
      'mint-on-request':
        'a session ID was minted for a request sent without a valid session (medium); also the key of the matching pass and non-verdicts',
    },
    severity: 'low',
    severityRationale:
      'The MAY names the only point the transport provides for assigning a session ID; an ID that changes mid-session confuses clients, and one minted for any request turns the session into a credential handed to whoever asks (catalogue row: low, medium for mint-on-request).',
    citations: [mcp('2025-11-25', 'basic/transports', 'Session Management')],
    rationale:
      'The transport defines one point for assigning a session: the InitializeResult. An ID that changes mid-session confuses clients; an ID minted for any request that arrives without one turns the session into a bearer credential handed to anyone who asks, and skips the initialization phase.',
    remediation:
      'Issue `Mcp-Session-Id` only on the response to `initialize`; never rotate it on later responses and never mint one for a request that arrived without a session (answer those 400).',
    evidence:
      'The `Mcp-Session-Id` response header of every legacy request on the main session (`p.initialized`, `p.list.baseline`, `s.get`, `s.version.*`, `s.batch`, `p.delete`); safe: `s.session.none`, `s.session.unknown` (compared with the ID sent) and `s.session.reuse`.',
    traps: "Modern requests to dual-era servers are TRN09's concern.",
    notes:
      "Two results: key `changed` (passive evidence) and key `mint-on-request` (needs the safe probes when a session exists; inconclusive `mode_disabled` without them). When the InitializeResult carried no ID, any ID on a later response is `mint-on-request`; the check is N/A only when no session ID appears anywhere. An ID echoed on `s.session.unknown` equal to the one sent is LEG07's concern, not a mint.",
  },
  evaluate(ev, ctx) {
    const leg = ev.sessions;
    const main = leg.sessionId;
    const onSession = replies(mainSessionProbes(leg));

    if (main === null) {
      // No session at initialize: any ID that shows up later was minted for a session-less request.
      const minted = [...onSession, ...replies([leg.sessionNone])].filter((r) => r.sessionId !== null);
      if (minted.length > 0) {
        return ctx.fail(
          `The InitializeResult carried no session ID, but ${minted.length} later response(s) minted one.`,
          minted.map((r) => r.exchange),
          { key: 'mint-on-request', severity: 'medium' },
        );
      }
      if (leg.sessionSamples.length === 0)
        return ctx.notApplicable('feature_absent', 'The server issued no session ID.');
      return ctx.pass(
        'Session IDs appeared only on InitializeResult responses.',
        leg.sessionSamples.map((s) => s.exchange),
        { key: 'mint-on-request' },
      );
    }

    const verdicts: Verdict[] = [];
    const changed = onSession.filter((r) => r.sessionId !== null && r.sessionId !== main);
    verdicts.push(
      changed.length > 0
        ? ctx.fail(
            `The session ID changed mid-session on ${changed.length} response(s).`,
            [leg.init.exchange, ...changed.map((r) => r.exchange)],
            { key: 'changed', severity: 'low' },
          )
        : ctx.pass(
            'Responses on the session carried the ID issued at initialization or none.',
            [leg.init.exchange, ...onSession.map((r) => r.exchange)],
            { key: 'changed' },
          ),
    );

    const none = leg.sessionNone;
    if (none.kind === 'skipped' && none.reason === 'mode_disabled') {
      verdicts.push(
        ctx.inconclusive('mode_disabled', 'Minting for requests without a session needs --mode safe.', [], {
          key: 'mint-on-request',
        }),
      );
      return verdicts;
    }
    const minted: HttpReply[] = [];
    const probed: HttpReply[] = [];
    if (none.kind === 'ok') {
      probed.push(none.value);
      if (none.value.sessionId !== null) minted.push(none.value);
    }
    if (leg.sessionUnknown.kind === 'ok') {
      const r = leg.sessionUnknown.value;
      probed.push(r);
      const sent = sentSession(ev, r.exchange);
      if (r.sessionId !== null && sent !== null && r.sessionId !== sent) minted.push(r);
    }
    if (leg.sessionReuse.kind === 'ok') {
      const r = leg.sessionReuse.value;
      probed.push(r);
      if (r.sessionId !== null && r.sessionId !== main) minted.push(r);
    }
    if (minted.length > 0) {
      verdicts.push(
        ctx.fail(
          `A fresh session ID was minted for ${minted.length} request(s) sent without a valid session.`,
          minted.map((r) => r.exchange),
          { key: 'mint-on-request', severity: 'medium' },
        ),
      );
    } else if (probed.length === 0) {
      verdicts.push(
        none.kind === 'ok'
          ? ctx.inconclusive('probe_unavailable', 'No request without a valid session was answered.', [], {
              key: 'mint-on-request',
            })
          : ctx.fromProbe(none, 'The tools/list without Mcp-Session-Id (s.session.none)', {
              key: 'mint-on-request',
            }),
      );
    } else {
      verdicts.push(
        ctx.pass(
          'Requests without a valid session were not given a new session ID.',
          probed.map((r) => r.exchange),
          { key: 'mint-on-request' },
        ),
      );
    }
    return verdicts;
  },
});
