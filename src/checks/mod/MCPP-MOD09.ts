import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { isModernResult } from '../../evidence/derive/exchange-era.js';
import { describe, rejectionVerdict, unusable } from './common.js';
import { eraOfReply } from './replies.js';

export default defineCheck({
  meta: {
    id: 'MCPP-MOD09',
    title: 'Missing version header handled',
    requirement:
      'A modern request without `MCP-Protocol-Version` is rejected with 400 (`-32020`), unless the server supports pre-2025-06-18 clients and treats it as 2025-03-26.',
    keyword: 'MUST',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'safe',
    requires: ['detection', 'modern'],
    rating: { scope: 'protocol' },
    keys: {
      served: 'a modern request without MCP-Protocol-Version was served as a modern request',
      code: 'it was answered 400 with another JSON-RPC code than -32020',
      status: 'it was answered with a status other than 400 (and 2025-03-26 is not supported)',
    },
    severity: 'low',
    citations: [
      mcp('2026-07-28', 'basic/transports/streamable-http', 'Protocol Version Header'),
      mcp('2026-07-28', 'basic/transports/streamable-http', 'Server Validation'),
    ],
    rationale:
      'The header is what intermediaries see of the version; a modern request served without it escapes every rule keyed on the header.',
    remediation:
      'Require `MCP-Protocol-Version` on every modern request (400 with -32020 when absent); a server that supports pre-2025-06-18 clients may instead treat the request as 2025-03-26 (legacy rules), but must not serve it as a modern request.',
    evidence:
      '`s.version.none.modern`: `server/discover` with `_meta` but without the MCP-Protocol-Version header.',
    traps: 'A dual-era server treating the request as 2025-03-26 passes.',
    notes:
      'When 2025-03-26 is a supported version, any answer that is not a modern result passes (legacy handling). Keys `served` (a DiscoverResult or other modern result), `code`, `status`.',
  },
  evaluate(ev, ctx) {
    const p = ev.modern.versionNone;
    if (p.kind !== 'ok')
      return ctx.fromProbe(p, 'The request without MCP-Protocol-Version (s.version.none.modern)');
    const reply = p.value;
    const what = 'A modern request without MCP-Protocol-Version';
    const bad = unusable(reply);
    if (bad) return ctx.inconclusive(bad.reason, `${what} was ${bad.why}.`, [reply.exchange]);
    if (isModernResult(reply))
      return ctx.fail(`${what} was served as a modern request (${reply.status}).`, [reply.exchange], {
        key: 'served',
      });
    // The era of this exchange, decided once (../../evidence/derive/exchange-era.ts), as TRN09 reads it.
    const era = eraOfReply(ev, ev.modern, reply.exchange);
    if (era?.era === 'legacy' && !(reply.status === 400 && reply.response?.error?.code === -32020))
      return ctx.pass(`${what} was handled as a legacy request (${describe(reply)}): ${era.why}.`, [
        reply.exchange,
      ]);
    return rejectionVerdict(ctx, reply, { what, codes: [-32020] });
  },
});
