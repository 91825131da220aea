import type { CheckContext, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import type { DesignatedParam, DesignatedToolEvidence, Probe, HttpReply } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { describe, errorCode, unusable } from './common.js';
import { annotatedTools, at, designatedOf, executed, nameList, sameAnswer } from './designated.js';

type Variant = 'missing' | 'mismatch';

const isHeaderMismatch = (r: HttpReply): boolean => r.status === 400 && errorCode(r) === -32020;

function judge(
  ctx: CheckContext,
  tool: DesignatedToolEvidence,
  param: DesignatedParam,
  variant: Variant,
  probe: Probe<HttpReply>,
): Verdict {
  const opts = at(tool, { key: variant });
  if (probe.kind !== 'ok') return ctx.fromProbe(probe, `i.tool.param-${variant}`, opts);
  const reply = probe.value;
  const what =
    variant === 'missing'
      ? `A call of \`${tool.name}\` without \`${param.header}\``
      : `A call of \`${tool.name}\` whose \`${param.header}\` (\`${param.mismatch}\`) differs from the body's \`${param.path}\``;
  const bad = unusable(reply);
  if (bad) return ctx.inconclusive(bad.reason, `${what} was ${bad.why}.`, [reply.exchange], opts);
  // Executed whatever the correct call did: no comparison needed.
  if (executed(reply))
    return ctx.fail(
      `${what} was executed (${describe(reply)}); expected 400 with -32020 before execution.`,
      [reply.exchange],
      at(tool, { key: `${variant}-executed` }),
    );

  // A refusal means something only next to the correct call's answer.
  const control = tool.control;
  if (control.kind !== 'ok')
    return ctx.fromProbe(control, 'i.tool.control (the correct call the variants are compared with)', opts);
  const c = control.value;
  const evidence = [reply.exchange, c.exchange];
  const cBad = unusable(c);
  if (cBad) return ctx.inconclusive(cBad.reason, `The correct call was ${cBad.why}.`, evidence, opts);
  if (isHeaderMismatch(reply)) {
    if (isHeaderMismatch(c))
      return ctx.inconclusive(
        'ambiguous',
        `${what} was rejected with -32020, but so was the correct call: the rejection cannot be attributed to \`${param.header}\`.`,
        evidence,
        opts,
      );
    return ctx.pass(
      `${what} was rejected (${describe(reply)}); the correct call was answered ${describe(c)}.`,
      evidence,
      opts,
    );
  }
  if (!executed(c) && sameAnswer(reply, c))
    return ctx.inconclusive(
      'ambiguous',
      `${what} was answered like the correct call (${describe(reply)}): the tool refuses these arguments, so header validation is not observable. Designate arguments the tool accepts.`,
      evidence,
      opts,
    );
  const wrongCode = reply.status === 400;
  return ctx.fail(
    `${what} was answered ${describe(reply)} (the correct call: ${describe(c)}); expected 400 with -32020.`,
    evidence,
    at(tool, {
      key: `${variant}-${wrongCode ? 'code' : 'status'}`,
      severity: wrongCode ? 'low' : 'medium',
    }),
  );
}

export default defineCheck({
  meta: {
    id: 'MCPP-MOD30',
    title: '`Mcp-Param-*` headers validated',
    requirement:
      'For a tool with `x-mcp-header` parameters, a missing or mismatched `Mcp-Param-{Name}` → 400 + `-32020` before execution.',
    keyword: 'MUST',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'intrusive',
    requires: ['modern'],
    rating: { scope: 'protocol' },
    keys: {
      missing: 'the call without the Mcp-Param header could not be judged (its non-verdicts)',
      mismatch: 'the call with a mismatching Mcp-Param header could not be judged (its non-verdicts)',
      'missing-executed': 'the call without the Mcp-Param header was executed (high)',
      'mismatch-executed': 'the call with a mismatching Mcp-Param header was executed (high)',
      'missing-code': 'the call without the header was answered 400 with another code than -32020 (low)',
      'missing-status': 'the call without the header was refused with another status than 400 (medium)',
      'mismatch-code': 'the mismatching call was answered 400 with another code than -32020 (low)',
      'mismatch-status': 'the mismatching call was refused with another status than 400 (medium)',
    },
    severity: 'high',
    citations: [
      mcp('2026-07-28', 'basic/transports/streamable-http', 'Server Behavior for Custom Headers'),
      mcp('2026-07-28', 'basic/transports/streamable-http', 'Server Validation'),
    ],
    rationale:
      '`x-mcp-header` exists so gateways and load balancers can route, rate-limit or authorize a call by an argument without parsing the body. If the server executes the body’s value when the header is missing or says something else, a caller can pass the gateway’s policy with one value and run the tool with another.',
    remediation:
      'Before executing `tools/call`, look up the tool’s `x-mcp-header` parameters; for each argument present in the body, require its `Mcp-Param-{Name}` header, decode a Base64-sentinel value, compare it with the argument (integers numerically), and answer a missing, invalid or different header with HTTP 400 and JSON-RPC error -32020.',
    evidence:
      '`i.tool.control` (the designated tool called correctly, with every standard and `Mcp-Param-*` header and client capabilities declared), then `i.tool.param-missing` (the header of the first `x-mcp-header` parameter with a value in the designated arguments left out) and `i.tool.param-mismatch` (that header set to a different value: `mcp-posture-probe-mismatch` for strings, the next integer, the other boolean). The tool list (`p.list.modern(tools/list)`) tells whether any tool uses `x-mcp-header`.',
    traps:
      'Never run against tools the user did not designate. A variant rejected with -32020 counts only when the correct call was not (the scanner’s own header could be what the server refuses); a variant answered exactly like a failing correct call shows nothing about the header.',
    notes:
      'Sent only in intrusive mode with `--designate-tool NAME` (and `--designate-tool-args JSON` for the arguments). Keys `missing-executed` / `mismatch-executed` (a result came back: high), and for other refusals `<variant>-code` (400 with another code, low) and `<variant>-status` (medium), following MOD12. Inconclusive (`needs_designation`) without a designation when some tool uses `x-mcp-header`, when the designated tool has no such parameter, or when the designated arguments give none a value; not applicable (`feature_absent`) when the complete tool list has no `x-mcp-header` parameter. Results are located at `tool:<name>`.',
  },
  evaluate(ev, ctx) {
    const m = ev.modern;
    const listed = annotatedTools(m);
    const none = listed !== null && listed.complete && listed.names.length === 0;
    const absent = () =>
      ctx.notApplicable('feature_absent', 'No tool in `tools/list` has an `x-mcp-header` parameter.');
    const candidates = listed?.names.length
      ? ` (tools with \`x-mcp-header\` parameters: ${nameList(listed.names)})`
      : '';
    const d = m.designated;
    if (d?.kind === 'skipped' && d.reason === 'not_designated' && none) return absent();
    const got2 = designatedOf(ctx, m, candidates);
    if ('verdict' in got2) return got2.verdict;
    const tool = got2.tool;
    if (tool.annotated.length === 0) {
      if (none) return absent();
      return ctx.inconclusive(
        'needs_designation',
        `The designated tool \`${tool.name}\` has no \`x-mcp-header\` parameter${candidates}.`,
        [],
        at(tool),
      );
    }
    const param = tool.param;
    if (!param)
      return ctx.inconclusive(
        'needs_designation',
        `The designated arguments give no value to the \`x-mcp-header\` parameter${tool.annotated.length > 1 ? 's' : ''} ${tool.annotated.map((a) => `\`${a.path}\``).join(', ')} of \`${tool.name}\`: pass one with \`--designate-tool-args\`.`,
        [],
        at(tool),
      );
    return [
      judge(ctx, tool, param, 'missing', tool.paramMissing),
      judge(ctx, tool, param, 'mismatch', tool.paramMismatch),
    ];
  },
});
