import { defineCheck } from '../define-check.js';
import { isHttpReply } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { TOOL_TRANSPORTS } from './common.js';
import { codeText, toolProbeReply } from './probe-replies.js';

const WHAT = '`tools/list` with a cursor the server never issued (`s.cursor`)';

export default defineCheck({
  meta: {
    id: 'MCPP-TOOL19',
    title: 'Invalid cursors rejected',
    requirement: '`tools/list` with an invalid cursor yields `-32602`.',
    keyword: 'SHOULD',
    revisions: revisionRange(),
    transports: TOOL_TRANSPORTS,
    mode: 'safe',
    requires: ['detection', 'toolProbes'],
    rating: { scope: 'protocol' },
    keys: {
      ignored: 'the invalid cursor was ignored: `tools/list` returned a result',
      code: 'the invalid cursor was answered with another JSON-RPC error code than -32602, or a server error without one',
    },
    severity: 'info',
    citations: [
      mcp('2025-11-25', 'server/utilities/pagination', 'Error Handling'),
      mcp('2026-07-28', 'server/utilities/pagination', 'Error Handling'),
    ],
    rationale:
      'A client that holds a stale or corrupted cursor learns from `-32602` that it must start over; a server that ignores the cursor answers with some page, and the client silently misses or repeats items.',
    remediation:
      'Validate the cursor (sign or encode it so that a forged one is recognised) and answer one the server did not issue with JSON-RPC error -32602 (Invalid params).',
    evidence:
      '`s.cursor`: `tools/list` with a random cursor (`mcp-posture-cursor-…`), on the channel and with the credentials the listing used.',
    traps:
      'Servers without pagination often ignore cursors (`ignored`, info). A 401/403 is inconclusive (`auth_wall`).',
    notes:
      'Every revision’s pagination page says invalid cursors SHOULD result in -32602. Not applicable when the server declares no `tools` capability.',
  },
  evaluate(ev, ctx) {
    const got = toolProbeReply(ev.detection, ev.toolProbes.invalidCursor, WHAT, ctx);
    if ('verdict' in got) return got.verdict;
    const reply = got.reply;
    const evidence = [reply.exchange];
    const error = reply.response?.error;
    if (error !== undefined) {
      if (error.code === -32602) return ctx.pass(`${WHAT} was rejected with -32602.`, evidence);
      return ctx.fail(
        `${WHAT} was answered with JSON-RPC error ${codeText(error.code)}, not -32602.`,
        evidence,
        {
          key: 'code',
        },
      );
    }
    if (reply.response?.result !== undefined)
      return ctx.fail(`${WHAT} returned a result: the cursor was ignored.`, evidence, { key: 'ignored' });
    const status = isHttpReply(reply) ? reply.status : null;
    if (status !== null && status >= 500)
      return ctx.fail(`${WHAT} was answered with HTTP ${status} and no JSON-RPC error.`, evidence, {
        key: 'code',
      });
    return ctx.inconclusive(
      'ambiguous',
      `${WHAT} got no JSON-RPC response${status !== null ? ` (HTTP ${status})` : ''}.`,
      evidence,
    );
  },
});
