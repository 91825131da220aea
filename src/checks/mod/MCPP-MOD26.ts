import { defineCheck } from '../define-check.js';
import type { ExchangeId } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { modernReplies } from './replies.js';

export default defineCheck({
  meta: {
    id: 'MCPP-MOD26',
    title: 'No unsolicited log notifications',
    requirement: 'The server emits no `notifications/message` for requests without `_meta` `logLevel`.',
    keyword: 'MUST NOT',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['detection', 'modern'],
    rating: { scope: 'protocol' },
    keys: {
      '<method>':
        'the request method whose replies carried notifications/message although no logLevel was requested',
    },
    severity: 'low',
    citations: [
      mcp('2026-07-28', 'server/utilities/logging', 'Per-request log level'),
      mcp('2026-07-28', 'basic/index', '_meta'),
    ],
    rationale:
      'Logging is opt-in per request in 2026-07-28; unsolicited log messages cost bandwidth and can leak server internals to callers that never asked for them.',
    remediation:
      'Emit `notifications/message` only on requests whose `_meta` carries `io.modelcontextprotocol/logLevel`, at or above that level.',
    evidence:
      'Every reply to a modern request (the scanner never sets `logLevel`), the listen stream included.',
    notes:
      'One fail per request method that got log notifications (key = method). JSON replies cannot carry them, so a server that only answers JSON passes.',
  },
  evaluate(ev, ctx) {
    const replies = modernReplies(ev, ev.modern).filter((r) => r.post);
    const byMethod = new Map<string, ExchangeId[]>();
    for (const r of replies) {
      if (!r.reply.messages.some((m) => m.kind === 'notification' && m.method === 'notifications/message'))
        continue;
      const k = r.method ?? r.label;
      byMethod.set(k, [...(byMethod.get(k) ?? []), r.reply.exchange]);
    }
    if (byMethod.size === 0)
      return ctx.pass(
        `No log notification in ${replies.length} modern replies.`,
        replies.map((r) => r.reply.exchange),
      );
    return [...byMethod].map(([method, ids]) =>
      ctx.fail(
        `Replies to ${method} carried notifications/message although no logLevel was requested.`,
        ids,
        {
          key: method,
        },
      ),
    );
  },
});
