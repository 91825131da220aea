import type { CheckContext, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import type { HttpReply } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { describe, errorCode, errorMessage, reachedDispatch, rejectionVerdict, unusable } from './common.js';

function mentions(reply: HttpReply, name: string): boolean {
  const data = reply.response?.error?.data;
  return `${errorMessage(reply)} ${data === undefined ? '' : JSON.stringify(data)}`.includes(name);
}

function judge(
  ctx: CheckContext,
  reply: HttpReply,
  variant: 'missing' | 'mismatch',
  names: { readonly body: string; readonly header: string },
  control: HttpReply | null,
): Verdict {
  const what =
    variant === 'missing'
      ? '`tools/call` of a nonexistent tool without `Mcp-Name`'
      : '`tools/call` whose `Mcp-Name` names a different (nonexistent) tool than the body';
  const evidence = [reply.exchange];
  const rejected = reply.status === 400 && errorCode(reply) === -32020;
  // `s.tool.unknown` is the same call with a correct `Mcp-Name`: rejected the same way, it shows
  // that every tools/call is refused, not that the header was validated.
  if (rejected && control && control.status === 400 && errorCode(control) === -32020)
    return ctx.inconclusive(
      'ambiguous',
      `${what} was rejected with 400 and -32020, but so was the same call with a correct \`Mcp-Name\` (\`s.tool.unknown\`): the rejection does not show header validation.`,
      [reply.exchange, control.exchange],
      variant === 'mismatch' ? { key: 'mismatch' } : {},
    );
  if (!unusable(reply) && !rejected) {
    if (variant === 'mismatch' && mentions(reply, names.header) && !mentions(reply, names.body))
      return ctx.fail(`${what} was dispatched by the header's name (${describe(reply)}).`, evidence, {
        key: 'header-routed',
        severity: 'high',
      });
    if (reachedDispatch(reply))
      return ctx.fail(
        `${what} reached tool dispatch (${describe(reply)}) instead of 400 with -32020.`,
        evidence,
        {
          key: `${variant}-served`,
          severity: variant === 'mismatch' ? 'high' : 'medium',
        },
      );
  }
  return rejectionVerdict(ctx, reply, { what, codes: [-32020], prefix: variant, codeSeverity: 'low' });
}

export default defineCheck({
  meta: {
    id: 'MCPP-MOD12',
    title: '`Mcp-Name` required and validated before execution',
    requirement:
      'For `tools/call` (also `prompts/get`, `resources/read`), a missing or mismatched `Mcp-Name` → 400 + `-32020` before the request is executed.',
    keyword: 'MUST',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'safe',
    requires: ['modern'],
    rating: { scope: 'protocol' },
    keys: {
      'missing-served': 'tools/call without Mcp-Name reached tool dispatch (medium)',
      'mismatch-served': 'tools/call whose Mcp-Name differs from the body reached tool dispatch (high)',
      'header-routed': "the mismatching call was dispatched by the header's tool name (high)",
      'missing-code': 'the call without Mcp-Name was answered 400 with another code than -32020 (low)',
      'missing-status': 'the call without Mcp-Name was otherwise refused with a status other than 400',
      'mismatch-code': 'the mismatching call was answered 400 with another code than -32020 (low)',
      'mismatch-status': 'the mismatching call was otherwise refused with a status other than 400',
      mismatch: 'the mismatching call could not be judged (probe missing)',
    },
    severity: 'high',
    citations: [
      mcp('2026-07-28', 'basic/transports/streamable-http', 'Standard Request Headers'),
      mcp('2026-07-28', 'basic/transports/streamable-http', 'Server Validation'),
    ],
    rationale:
      'Gateways authorize tool calls by `Mcp-Name`. If the server executes the body’s tool when the header names another (or none), a caller allowed to run one tool can run any.',
    remediation:
      'Before dispatching `tools/call`, `prompts/get` or `resources/read`, require `Mcp-Name`, decode a Base64-sentinel value, compare it with `params.name` / `params.uri`, and answer a missing or different header with HTTP 400 and JSON-RPC error -32020.',
    evidence:
      '`s.hdr.name-missing` and `s.hdr.name-mismatch`: `tools/call` of random nonexistent tools (so nothing can run), compared by the names in the error, and with `s.tool.unknown` (the same call with a correct `Mcp-Name`) as the control.',
    traps:
      'Nonexistent names keep the probe harmless; a server that checks tool existence before headers answers `-32602` — that is a validation-order failure.',
    notes:
      'Keys `missing-served` (medium), `mismatch-served` and `header-routed` (high; the error names the header’s tool), and `<variant>-code` (400 with another code, low) / `<variant>-status` for other rejections. A 400 with -32020 counts only when the control `s.tool.unknown` was not rejected the same way; otherwise it is inconclusive (`ambiguous`).',
  },
  evaluate(ev, ctx) {
    const m = ev.modern;
    const h = m.headers;
    const control = m.toolUnknown.kind === 'ok' ? m.toolUnknown.value : null;
    return [
      h.nameMissing.kind === 'ok'
        ? judge(ctx, h.nameMissing.value, 'missing', m.probeNames, control)
        : ctx.fromProbe(h.nameMissing, 's.hdr.name-missing'),
      h.nameMismatch.kind === 'ok'
        ? judge(ctx, h.nameMismatch.value, 'mismatch', m.probeNames, control)
        : ctx.fromProbe(h.nameMismatch, 's.hdr.name-mismatch', { key: 'mismatch' }),
    ];
  },
});
