import type { CheckContext, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import type { HttpReply } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { errorCode, rejectionVerdict, resultOf, unusable } from './common.js';

/** The answer has the shape of what the header named, not of the body's `server/discover`. */
function headerRouted(reply: HttpReply, variant: 'mismatch' | 'case'): boolean {
  if (variant === 'mismatch') return Array.isArray(resultOf(reply)?.['tools']);
  // `Server/Discover` names no method: -32601 means the server looked the header up.
  return errorCode(reply) === -32601;
}

function judge(ctx: CheckContext, reply: HttpReply, variant: 'mismatch' | 'case'): Verdict {
  const what =
    variant === 'mismatch'
      ? 'A `server/discover` request with `Mcp-Method: tools/list`'
      : 'A `server/discover` request with `Mcp-Method: Server/Discover`';
  const prefix = variant === 'case' ? 'case' : undefined;
  if (!unusable(reply) && headerRouted(reply, variant)) {
    return ctx.fail(`${what} was dispatched by the header, not the body.`, [reply.exchange], {
      key: prefix ? 'case-header-routed' : 'header-routed',
      severity: 'high',
    });
  }
  return rejectionVerdict(ctx, reply, {
    what,
    codes: [-32020],
    codeSeverity: 'low',
    ...(prefix ? { prefix } : {}),
  });
}

export default defineCheck({
  meta: {
    id: 'MCPP-MOD11',
    title: '`Mcp-Method` must equal the body method',
    requirement:
      'A header value different from the body `method`, including a case difference, → 400 + `-32020`.',
    keyword: 'MUST',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'safe',
    requires: ['modern'],
    rating: { scope: 'protocol' },
    keys: {
      'header-routed': 'server/discover with Mcp-Method: tools/list was dispatched by the header (high)',
      served: 'the mismatching request was served per its body',
      code: 'the mismatching request was answered 400 with another code than -32020 (low)',
      status: 'the mismatching request was answered with a status other than 400',
      case: 'the Mcp-Method: Server/Discover variant could not be judged (probe missing)',
      'case-header-routed':
        "Mcp-Method: Server/Discover got -32601: the server looked the header's method up (high)",
      'case-served': 'the Server/Discover variant was served',
      'case-code': 'the Server/Discover variant was answered 400 with another code than -32020 (low)',
      'case-status': 'the Server/Discover variant was answered with a status other than 400',
    },
    severity: 'medium',
    citations: [
      mcp('2026-07-28', 'basic/transports/streamable-http', 'Standard Request Headers'),
      mcp('2026-07-28', 'basic/transports/streamable-http', 'Case Sensitivity'),
      mcp('2026-07-28', 'basic/transports/streamable-http', 'Server Validation'),
    ],
    rationale:
      'A gateway that allows `tools/list` but blocks `tools/call` judges the header; a server that executes the body anyway (or routes by the header) turns that policy into a bypass.',
    remediation:
      'Compare `Mcp-Method` with the body `method` exactly (values are case-sensitive) before dispatching, and answer any difference with HTTP 400 and JSON-RPC error -32020.',
    evidence:
      '`s.hdr.method-mismatch` (`Mcp-Method: tools/list` on a discover body) and `s.hdr.method-case` (`Mcp-Method: Server/Discover`).',
    traps: 'Frameworks that lowercase header values fail the case variant.',
    notes:
      'One result per variant. Keys for the mismatch variant: `served` (answered per body), `header-routed` (a `tools/list`-shaped answer, high), `code` (low), `status`; the case variant uses the same keys prefixed `case-` (`case-header-routed` = a -32601 for the header’s method name).',
  },
  evaluate(ev, ctx) {
    const h = ev.modern.headers;
    const out: Verdict[] = [];
    out.push(
      h.methodMismatch.kind === 'ok'
        ? judge(ctx, h.methodMismatch.value, 'mismatch')
        : ctx.fromProbe(h.methodMismatch, 's.hdr.method-mismatch'),
    );
    out.push(
      h.methodCase.kind === 'ok'
        ? judge(ctx, h.methodCase.value, 'case')
        : ctx.fromProbe(h.methodCase, 's.hdr.method-case', { key: 'case' }),
    );
    return out;
  },
});
