import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import type { ExchangeId } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { describe, is2xx, isDiscoverResult, unusable } from '../mod/common.js';
import { modernReplies } from '../mod/replies.js';
import { httpReplyOf } from '../shared/replies.js';

export default defineCheck({
  meta: {
    id: 'MCPP-TRN09',
    title: 'No protocol sessions on modern requests',
    requirement:
      'A server answering 2026-07-28 requests does not mint or echo `Mcp-Session-Id` and ignores one sent by a client.',
    keyword: 'SHOULD',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['detection', 'modern'],
    rating: { scope: 'protocol' },
    keys: {
      mint: 'a reply to a modern request carried an Mcp-Session-Id',
      echo: 'the random Mcp-Session-Id the scanner sent was echoed back',
      rejected: 'a random Mcp-Session-Id made server/discover fail (400/404) while it is otherwise served',
      ignored:
        'whether a client-sent Mcp-Session-Id is ignored could not be judged (probe missing or unusable answer)',
    },
    severity: 'low',
    citations: [mcp('2026-07-28', 'basic/transports/streamable-http', 'Earlier Streamable HTTP Revisions')],
    rationale:
      '2026-07-28 has no protocol sessions. A server that mints IDs on modern traffic invites clients and proxies to treat them as state or credentials, and one that rejects an unknown ID breaks clients upgraded from session-era code.',
    remediation:
      'Send no `Mcp-Session-Id` on replies to requests carrying modern `_meta`, and ignore one sent by the client (no echo, no 400/404).',
    evidence:
      'Response headers of every reply to a modern request (`p.discover`, modern `p.list` and the other modern probes); safe: `s.session.modern`, `p.discover` repeated with a random `Mcp-Session-Id`.',
    traps:
      'Dual-era servers legitimately mint on legacy `initialize` — only replies to requests of the modern era count. A request sent without `MCP-Protocol-Version` to a server that supports 2025-03-26 and not answered as a modern request was handled as a 2025-03-26 request (the era decided once per exchange, as MOD09 reads it): a session ID on it is legacy behaviour.',
    notes:
      'Keys `mint`, `echo`, `rejected` (the request with the random ID got 400/404 while `p.discover` was served). In passive mode only minting is judged; the rest is inconclusive (`mode_disabled`).',
  },
  evaluate(ev, ctx) {
    const m = ev.modern;
    const bogus = m.bogusSession;
    // Only requests of the modern era: one a server handled as 2025-03-26 (sent without
    // MCP-Protocol-Version) may carry a session ID (../../evidence/derive/exchange-era.ts).
    const replies = modernReplies(ev, m);
    const minted: ExchangeId[] = replies
      .filter(
        (r) =>
          r.post &&
          r.reply.sessionId !== null &&
          !(bogus.kind === 'ok' && r.reply.exchange === bogus.value.exchange),
      )
      .map((r) => r.reply.exchange);
    const out: Verdict[] = [];
    if (minted.length)
      out.push(
        ctx.fail(`${minted.length} repl(ies) to modern requests carried an Mcp-Session-Id.`, minted, {
          key: 'mint',
        }),
      );
    if (bogus.kind !== 'ok') {
      out.push(
        ctx.fromProbe(bogus, 'discover with a random Mcp-Session-Id (s.session.modern)', { key: 'ignored' }),
      );
      return out;
    }
    const reply = bogus.value;
    const evidence = [reply.exchange];
    const discover = httpReplyOf(ev.detection.discover);
    const bad = unusable(reply);
    if (reply.sessionId === m.bogusSessionId)
      out.push(
        ctx.fail('The random Mcp-Session-Id the scanner sent was echoed back.', evidence, { key: 'echo' }),
      );
    else if (reply.sessionId !== null)
      out.push(
        ctx.fail('The request with a random Mcp-Session-Id was answered with a new session ID.', evidence, {
          key: 'mint',
        }),
      );
    if (bad)
      out.push(
        ctx.inconclusive(bad.reason, `The request with a random Mcp-Session-Id was ${bad.why}.`, evidence, {
          key: 'ignored',
        }),
      );
    else if (
      !isDiscoverResult(reply) &&
      (reply.status === 400 || reply.status === 404) &&
      discover &&
      is2xx(discover.status)
    )
      out.push(
        ctx.fail(
          `A random Mcp-Session-Id made \`server/discover\` fail (${describe(reply)}).`,
          [reply.exchange, discover.exchange],
          {
            key: 'rejected',
          },
        ),
      );
    if (out.length) return out;
    return ctx.pass(
      `No Mcp-Session-Id on ${replies.length} modern repl(ies); a random one sent by the client was ignored.`,
      replies.map((r) => r.reply.exchange),
    );
  },
});
