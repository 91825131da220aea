import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import type { ExchangeId } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { isObject, resultOf } from './common.js';
import { modernReplies } from './replies.js';

/** The only requests that may answer with an InputRequiredResult (basic/patterns/mrtr). */
const INPUT_REQUIRED_METHODS = new Set(['tools/call', 'resources/read', 'prompts/get']);

export default defineCheck({
  meta: {
    id: 'MCPP-MOD04',
    title: 'Results carry a valid `resultType`',
    requirement:
      'Every result has `resultType`; values are `complete`, `input_required`, or extension values advertised in capabilities; `input_required` only on `tools/call`, `resources/read`, `prompts/get`.',
    keyword: 'MUST',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['detection', 'modern'],
    rating: { scope: 'protocol' },
    keys: {
      missing: 'results without resultType',
      'unknown-value':
        'results with a resultType other than complete or input_required, without advertised extensions',
      'input-required-not-allowed':
        'input_required on a method other than tools/call, resources/read or prompts/get',
    },
    severity: 'medium',
    citations: [mcp('2026-07-28', 'basic/index', 'ResultType'), mcp('2026-07-28', 'basic/patterns/mrtr')],
    rationale:
      '`resultType` tells a client whether a result is final or asks for more input (MRTR); without it a client cannot tell an input request from an answer, and clients must treat unknown values as invalid.',
    remediation:
      'Set `resultType: "complete"` on every result, and `"input_required"` only on `tools/call`, `resources/read` and `prompts/get` results that carry `inputRequests` or `requestState`.',
    evidence: 'Every result of every modern probe.',
    traps:
      'Clients treat an absent `resultType` as `complete` for backward compatibility, so the defect is often silent — still a MUST.',
    notes:
      'Keys `missing` (message names the methods), `unknown-value`, `input-required-not-allowed`. A value other than the two defined ones is accepted only when the DiscoverResult advertises `capabilities.extensions` (which extension defines it cannot be told).',
  },
  evaluate(ev, ctx) {
    const results = modernReplies(ev, ev.modern).filter((r) => resultOf(r.reply) !== null);
    if (results.length === 0) return ctx.inconclusive('ambiguous', 'No modern request returned a result.');
    const discover = resultOf(ev.detection.discover.kind === 'ok' ? ev.detection.discover.value : null);
    const caps = discover?.['capabilities'];
    const extensions =
      isObject(caps) && isObject(caps['extensions']) && Object.keys(caps['extensions']).length > 0;
    const groups = {
      missing: new Map<string, ExchangeId[]>(),
      unknown: new Map<string, ExchangeId[]>(),
      notAllowed: new Map<string, ExchangeId[]>(),
    };
    const add = (g: Map<string, ExchangeId[]>, method: string, id: ExchangeId) =>
      g.set(method, [...(g.get(method) ?? []), id]);
    for (const r of results) {
      const method = r.method ?? r.label;
      const t = resultOf(r.reply)!['resultType'];
      if (t === undefined) add(groups.missing, method, r.reply.exchange);
      else if (t === 'input_required' && !INPUT_REQUIRED_METHODS.has(method))
        add(groups.notAllowed, method, r.reply.exchange);
      else if (t !== 'complete' && t !== 'input_required' && !extensions)
        add(groups.unknown, method, r.reply.exchange);
    }
    const fails: Verdict[] = [];
    const ids = (m: Map<string, ExchangeId[]>) => [...m.values()].flat();
    if (groups.missing.size)
      fails.push(
        ctx.fail(
          `Results without \`resultType\`: ${[...groups.missing.keys()].join(', ')}.`,
          ids(groups.missing),
          { key: 'missing' },
        ),
      );
    if (groups.unknown.size)
      fails.push(
        ctx.fail(
          `Results with an undefined \`resultType\` value: ${[...groups.unknown.keys()].join(', ')}.`,
          ids(groups.unknown),
          { key: 'unknown-value' },
        ),
      );
    if (groups.notAllowed.size)
      fails.push(
        ctx.fail(
          `\`input_required\` on methods that must not use it: ${[...groups.notAllowed.keys()].join(', ')}.`,
          ids(groups.notAllowed),
          { key: 'input-required-not-allowed' },
        ),
      );
    return fails.length
      ? fails
      : ctx.pass(
          `All ${results.length} modern results carry a valid \`resultType\`.`,
          results.map((r) => r.reply.exchange),
        );
  },
});
