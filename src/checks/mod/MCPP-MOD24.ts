import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import type { ExchangeId } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { modernReplies } from './replies.js';

export default defineCheck({
  meta: {
    id: 'MCPP-MOD24',
    title: 'SSE replies carry only request-scoped traffic',
    requirement:
      'On a request’s SSE stream the server sends no JSON-RPC requests, only notifications related to that request, and ends the stream after the final response.',
    keyword: 'MUST NOT',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['detection', 'modern'],
    rating: { scope: 'protocol' },
    keys: {
      request: 'an SSE reply stream carried a server-to-client JSON-RPC request',
      unrelated: 'an SSE reply stream carried progress notifications for a request without a progressToken',
    },
    severity: 'medium',
    citations: [mcp('2026-07-28', 'basic/transports/streamable-http', 'Receiving Messages')],
    rationale:
      'Server-to-client requests were replaced by MRTR: a 2026-07-28 client has no way to answer a request on a reply stream, and unrelated notifications leak other work into a caller’s stream.',
    remediation:
      'Send only the response and notifications about that request on its SSE stream (progress only when the request carried a `progressToken`); ask the client for input with an `input_required` result instead of a request.',
    evidence:
      'Every SSE reply to a modern request (the `subscriptions/listen` stream excluded), as far as it was read.',
    traps:
      'The scanner sends no `progressToken`, so any progress notification is unrelated; keep-alive comments are fine.',
    notes:
      'Keys `request` and `unrelated` (progress notifications). The `open` key of the catalogue is not judged: the scanner stops reading at the response, so it cannot tell whether the stream would have ended. `notifications/message` is MOD26’s.',
  },
  evaluate(ev, ctx) {
    const sse = modernReplies(ev, ev.modern).filter(
      (r) => r.reply.bodyKind === 'sse' && r.label !== 's.listen',
    );
    if (sse.length === 0)
      return ctx.notApplicable('feature_absent', 'No modern request was answered with an SSE stream.');
    const requests: ExchangeId[] = [];
    const unrelated: ExchangeId[] = [];
    for (const r of sse) {
      if (r.reply.messages.some((m) => m.kind === 'request')) requests.push(r.reply.exchange);
      if (r.reply.messages.some((m) => m.kind === 'notification' && m.method === 'notifications/progress'))
        unrelated.push(r.reply.exchange);
    }
    const out: Verdict[] = [];
    if (requests.length)
      out.push(
        ctx.fail(
          `${requests.length} SSE reply stream(s) carried a server-to-client JSON-RPC request.`,
          requests,
          { key: 'request' },
        ),
      );
    if (unrelated.length)
      out.push(
        ctx.fail(
          `${unrelated.length} SSE reply stream(s) carried progress notifications for requests without a progressToken.`,
          unrelated,
          {
            key: 'unrelated',
          },
        ),
      );
    return out.length
      ? out
      : ctx.pass(
          `${sse.length} SSE reply stream(s) carried only request-scoped messages.`,
          sse.map((r) => r.reply.exchange),
        );
  },
});
