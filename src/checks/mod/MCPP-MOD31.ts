import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { describe, errorCode, isObject, resultOf, unusable } from './common.js';
import { at, capabilityRequests, designatedOf, executed, sameAnswer } from './designated.js';

export default defineCheck({
  meta: {
    id: 'MCPP-MOD31',
    title: 'Missing client capabilities reported with `-32021`',
    requirement:
      'A request that needs an undeclared client capability → 400 + `-32021` with `data.requiredCapabilities`.',
    keyword: 'MUST',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'intrusive',
    requires: ['modern'],
    rating: { scope: 'protocol' },
    keys: {
      mrtr: 'the call declaring no capabilities got an InputRequiredResult asking for elicitation, sampling or roots',
      data: '-32021 without a data.requiredCapabilities object',
      status: '-32021 (or another error) with a status other than 400',
      code: '400 with another code than -32021',
      'tool-error': 'a tool error result where the call declaring capabilities succeeded',
    },
    severity: 'medium',
    citations: [
      mcp('2026-07-28', 'basic/index', '_meta'),
      mcp('2026-07-28', 'schema', 'MissingRequiredClientCapabilityError'),
    ],
    rationale:
      'Without a handshake, each request says which capabilities its client has. A server that asks for an undeclared capability anyway (an elicitation or sampling request the client cannot serve) leaves the client with an input request it cannot answer, or with an error it cannot tell apart from others; `-32021` with `data.requiredCapabilities` tells it exactly what to declare or that it cannot use the tool.',
    remediation:
      'Before processing a request, compare what it needs (elicitation, sampling, roots) with `_meta` `io.modelcontextprotocol/clientCapabilities` of that request — never with earlier requests — and when one is missing answer HTTP 400 with JSON-RPC error -32021 and `data.requiredCapabilities`, e.g. `{"elicitation":{}}`; never return an InputRequiredResult that asks for an undeclared capability.',
    evidence:
      '`i.tool.no-capabilities`: the designated tool called correctly but with `_meta` clientCapabilities `{}`, compared with `i.tool.control` (the same call declaring elicitation, sampling and roots).',
    traps:
      'Only a tool that needs a client capability exercises the rule: a tool that completes without one gives no verdict (`needs_designation`), and so does a server that degrades gracefully instead of asking.',
    notes:
      'Sent only in intrusive mode with `--designate-tool NAME`. Keys `mrtr` (an InputRequiredResult requesting elicitation, sampling or roots), `data` (-32021 without a `data.requiredCapabilities` object), `status` (-32021 or another error with a status other than 400), `code` (400 with another code), `tool-error` (a tool error result where the call declaring capabilities succeeded). The catalogue row fails every other answer; a complete result is inconclusive here instead, because a tool that completes without a capability did not need it. An error that the call declaring capabilities got too is inconclusive (`ambiguous`). Results are located at `tool:<name>`.',
  },
  evaluate(ev, ctx) {
    const d = designatedOf(ctx, ev.modern, ' that needs elicitation, sampling or roots');
    if ('verdict' in d) return d.verdict;
    const tool = d.tool;
    const p = tool.noCapabilities;
    if (p.kind !== 'ok') return ctx.fromProbe(p, 'i.tool.no-capabilities', at(tool));
    const reply = p.value;
    const what = `A call of \`${tool.name}\` declaring no client capabilities`;
    const bad = unusable(reply);
    if (bad) return ctx.inconclusive(bad.reason, `${what} was ${bad.why}.`, [reply.exchange], at(tool));
    const control = tool.control.kind === 'ok' ? tool.control.value : null;
    const evidence = [reply.exchange, ...(control ? [control.exchange] : [])];

    if (errorCode(reply) === -32021) {
      const data = reply.response?.error?.data;
      const required = isObject(data) ? data['requiredCapabilities'] : undefined;
      if (reply.status !== 400)
        return ctx.fail(
          `${what} was answered ${describe(reply)}; expected HTTP 400.`,
          [reply.exchange],
          at(tool, { key: 'status' }),
        );
      if (!isObject(required))
        return ctx.fail(
          `${what} was answered 400 with -32021 but without a \`data.requiredCapabilities\` object.`,
          [reply.exchange],
          at(tool, { key: 'data' }),
        );
      return ctx.pass(
        `${what} was answered 400 with -32021; data.requiredCapabilities: ${JSON.stringify(required)}.`,
        [reply.exchange],
        at(tool),
      );
    }

    if (executed(reply)) {
      const result = resultOf(reply) ?? {};
      const asked = capabilityRequests(result);
      if (asked.length > 0)
        return ctx.fail(
          `${what} got an InputRequiredResult asking for ${asked.map((a) => `\`${a.method}\` (needs ${a.capability})`).join(', ')}; expected 400 with -32021 listing the capability in data.requiredCapabilities.`,
          [reply.exchange],
          at(tool, { key: 'mrtr' }),
        );
      const controlFine = control !== null && executed(control) && resultOf(control)?.['isError'] !== true;
      if (result['isError'] === true && controlFine)
        return ctx.fail(
          `${what} got a tool error result, while the same call declaring capabilities was served (${describe(control)}); expected 400 with -32021.`,
          evidence,
          at(tool, { key: 'tool-error' }),
        );
      return ctx.inconclusive(
        'needs_designation',
        `${what} was served (${describe(reply)}): \`${tool.name}\` does not need elicitation, sampling or roots here, so the rule is not exercised. Designate a tool that needs one.`,
        evidence,
        at(tool),
      );
    }

    if (tool.control.kind !== 'ok')
      return ctx.fromProbe(tool.control, 'i.tool.control (the call the answer is compared with)', at(tool));
    const c = tool.control.value;
    if (!executed(c) && sameAnswer(reply, c))
      return ctx.inconclusive(
        'ambiguous',
        `${what} was answered like the call declaring capabilities (${describe(reply)}): the refusal is not about capabilities. Designate arguments the tool accepts.`,
        evidence,
        at(tool),
      );
    const wrongCode = reply.status === 400;
    return ctx.fail(
      `${what} was answered ${describe(reply)} (declaring capabilities: ${describe(c)}); expected 400 with -32021 and data.requiredCapabilities.`,
      evidence,
      at(tool, { key: wrongCode ? 'code' : 'status' }),
    );
  },
});
