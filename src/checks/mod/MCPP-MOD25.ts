import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { modernReplies } from './replies.js';

export default defineCheck({
  meta: {
    id: 'MCPP-MOD25',
    title: 'SSE replies disable proxy buffering',
    requirement: 'SSE responses carry `X-Accel-Buffering: no`.',
    keyword: 'SHOULD',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['detection', 'exchanges', 'modern'],
    rating: { scope: 'protocol' },
    keys: {},
    severity: 'info',
    citations: [mcp('2026-07-28', 'basic/transports/streamable-http', 'Receiving Messages')],
    rationale:
      'Reverse proxies buffer responses by default; a buffered SSE stream delivers progress and listen notifications late or all at once.',
    remediation: 'Send `X-Accel-Buffering: no` on every `text/event-stream` response.',
    evidence: 'Response headers of every SSE reply to a modern request, the listen stream included.',
    traps: 'CDNs may strip the header.',
    notes: 'Not applicable when every modern reply was JSON.',
  },
  evaluate(ev, ctx) {
    const index = new Map(ev.exchanges.map((x) => [x.id, x]));
    // Replies to modern POSTs only: a GET stream is not a reply to a modern request.
    const sse = modernReplies(ev, ev.modern).filter(
      (r) => r.method !== null && r.reply.mediaType === 'text/event-stream',
    );
    if (sse.length === 0)
      return ctx.notApplicable('feature_absent', 'No modern request was answered with an SSE stream.');
    const lacking = sse.filter(
      (r) =>
        !(index.get(r.reply.exchange)?.response?.headers['x-accel-buffering'] ?? []).some(
          (v) => v.trim().toLowerCase() === 'no',
        ),
    );
    if (lacking.length === 0)
      return ctx.pass(
        `${sse.length} SSE reply stream(s) carry X-Accel-Buffering: no.`,
        sse.map((r) => r.reply.exchange),
      );
    return ctx.fail(
      `${lacking.length} of ${sse.length} SSE reply stream(s) lack X-Accel-Buffering: no (${[...new Set(lacking.map((r) => r.method ?? r.label))].join(', ')}).`,
      lacking.map((r) => r.reply.exchange),
    );
  },
});
