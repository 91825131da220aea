import { defineCheck } from '../define-check.js';
import type { Given } from '../define-check.js';
import type { Probe, HttpReply, RpcReply, SseEventRecord } from '../../evidence/types.js';
import { isHttpReply } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { noLegacy } from './preamble.js';
import { inventoryReplies } from './replies.js';

const PRIMING_REVISION = '2025-11-25';

function isPriming(e: SseEventRecord | undefined): boolean {
  return e !== undefined && e.id !== undefined && e.id !== '' && e.dataLength === 0;
}

/**
 * POST replies to well-formed requests on sessions negotiated at 2025-11-25. The
 * header-less, bad-header and batch variants are left out: the server may
 * legitimately treat them as another revision.
 */
function postReplies(ev: Given<readonly ['detection', 'sessions?', 'inventory?']>): HttpReply[] {
  const out = new Map<string, HttpReply>();
  // Only HTTP replies can carry an SSE stream.
  const add = (p: Probe<RpcReply> | undefined) => {
    if (p?.kind === 'ok' && isHttpReply(p.value)) out.set(p.value.exchange, p.value);
  };
  for (const a of ev.detection.inits) if (a.offered === PRIMING_REVISION) add(a.probe);
  const leg = ev.sessions;
  if (leg?.revision === PRIMING_REVISION) {
    out.set(leg.init.exchange, leg.init);
    add(leg.init2);
    add(leg.baseline);
    for (const r of inventoryReplies(ev)) out.set(r.exchange, r);
  }
  return [...out.values()];
}

export default defineCheck({
  meta: {
    id: 'MCPP-LEG13',
    title: 'SSE reply streams start with a priming event',
    requirement: 'When a POST is answered with SSE, the first event carries an event ID and empty `data`.',
    keyword: 'SHOULD',
    revisions: revisionRange('2025-11-25', '2025-11-25'),
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['detection', 'sessions?', 'inventory?'],
    rating: { scope: 'protocol' },
    keys: {},
    severity: 'info',
    citations: [mcp('2025-11-25', 'basic/transports', 'Sending Messages to the Server')],
    rationale:
      'The priming event gives the client an event ID to resume from (`Last-Event-ID`) if the connection drops before the response arrives, and lets the server close long-lived connections for polling.',
    remediation:
      'On 2025-11-25 sessions, start every SSE reply stream with an event that has an `id:` and an empty `data:` line.',
    // The fix in the framework’s own terms, by fingerprint id (docs/fingerprints.md#framework-specific-fixes).
    fixes: {
      'typescript-sdk-1': {
        fix: 'Give StreamableHTTPServerTransport an `eventStore`: with one, each SSE reply opens with a priming event (fastmcp, which sets one, passes).',
        source: '@modelcontextprotocol/sdk 1.32.2 server/streamableHttp.js',
      },
    },
    evidence:
      'First event of each SSE reply to a POST on sessions negotiated at 2025-11-25: the InitializeResults that negotiated 2025-11-25, `p.init2` and `p.list.baseline` on such a session, and the inventory listing.',
    traps: 'Servers without resumability may skip it on purpose; clients must tolerate both.',
    notes:
      "Judged by the version negotiated for each reply's session (`InitAttempt.offered`, `legacy.revision`), not by the revision under evaluation. Replies to the missing-header, bad-header and batch probes are excluded because the server may treat them as another revision. An SSE reply with no recorded event is not judged.",
  },
  evaluate(ev, ctx) {
    if (ev.detection.authWall) {
      return ctx.inconclusive(
        'auth_wall',
        'Every MCP request was answered 401/403; no SSE reply was observed.',
      );
    }
    if (!ev.sessions && !ev.detection.inits.some((a) => a.offered !== null)) return noLegacy(ev, ctx);
    const candidates = postReplies(ev);
    if (candidates.length === 0) {
      return ctx.notApplicable(
        'revision',
        `No session negotiated ${PRIMING_REVISION}; the priming event is defined only there.`,
      );
    }
    const sse = candidates.filter((r) => r.bodyKind === 'sse' || r.mediaType === 'text/event-stream');
    if (sse.length === 0) {
      return ctx.notApplicable('feature_absent', 'Every reply was plain JSON; no SSE reply stream to judge.');
    }
    const withEvents = sse.filter((r) => r.sseEvents.length > 0);
    if (withEvents.length === 0) {
      return ctx.inconclusive(
        'ambiguous',
        'The SSE replies carried no recorded event.',
        sse.map((r) => r.exchange),
      );
    }
    const missing = withEvents.filter((r) => !isPriming(r.sseEvents[0]));
    if (missing.length > 0) {
      return ctx.fail(
        `${missing.length} of ${withEvents.length} SSE reply stream(s) did not start with a priming event (an event ID and empty data).`,
        missing.map((r) => r.exchange),
      );
    }
    return ctx.pass(
      `All ${withEvents.length} SSE reply stream(s) started with a priming event.`,
      withEvents.map((r) => r.exchange),
    );
  },
});
