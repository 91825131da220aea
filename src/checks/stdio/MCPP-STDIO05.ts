import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { startedLaunches } from './lines.js';

export default defineCheck({
  meta: {
    id: 'MCPP-STDIO05',
    title: 'No server-initiated requests on stdout (modern)',
    requirement:
      'A modern stdio server never writes JSON-RPC requests to stdout (server-to-client interactions use InputRequiredResult).',
    keyword: 'MUST NOT',
    revisions: ['2026-07-28'],
    transports: ['stdio'],
    mode: 'passive',
    requires: ['stdio'],
    rating: { scope: 'protocol' },
    keys: {
      '<method>': 'the server wrote a request with this method during a modern exchange',
    },
    severity: 'medium',
    citations: [mcp('2026-07-28', 'basic/transports/stdio', 'Receiving Messages')],
    rationale:
      'On the 2026-07-28 wire a client never answers requests from the server: it expects InputRequiredResult for elicitation, sampling and roots. A server that sends requests waits for answers that never come, and the interaction it needed never happens.',
    remediation:
      'Return InputRequiredResult from the request that needs input instead of sending sampling, elicitation or roots requests on stdout.',
    evidence:
      'stdout messages with `method` and `id` written while the exchange was on the modern wire (before any fallback `initialize`). The scanner answers each with -32601, as a client without the feature would.',
    traps:
      'Requests in a legacy session (after `initialize`) are allowed there and not judged. Notifications (no `id`) are not requests.',
  },
  evaluate(ev, ctx) {
    const launches = startedLaunches(ev.stdio);
    if (launches.length === 0)
      return ctx.inconclusive('probe_unavailable', 'The command could not be started; nothing was read.');
    const methods = [...new Set(launches.flatMap((l) => l.serverRequests.modern))];
    if (methods.length > 0)
      return methods.map((m) =>
        ctx.fail(`The server wrote a ${JSON.stringify(m)} request to stdout on the modern wire.`, [], {
          key: m,
        }),
      );
    return ctx.pass('The server wrote no request to stdout on the modern wire.');
  },
});
