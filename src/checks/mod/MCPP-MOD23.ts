import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import type { ExchangeId } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { describe, errorCode, isObject, resultOf, unusable } from './common.js';
import { modernReplies } from './replies.js';

/** Codes 2026-07-28 defines in the reserved -32020…-32099 range. */
const DEFINED = new Set([-32020, -32021, -32022]);

export function forbidden(code: unknown): boolean {
  if (typeof code !== 'number') return false;
  if (code === -32002 || code === -32042) return true;
  return code <= -32020 && code >= -32099 && !DEFINED.has(code);
}

export default defineCheck({
  meta: {
    id: 'MCPP-MOD23',
    title: 'Error codes used as defined',
    requirement:
      'Modern responses never carry `-32002`, `-32042`, or codes in `-32020…-32099` that the specification does not define; a missing resource yields `-32602`, never an empty `contents`.',
    keyword: 'MUST NOT',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['detection', 'modern'],
    rating: { scope: 'protocol' },
    keys: {
      '<code>':
        'a forbidden error code modern responses carried (-32002, -32042, or an undefined code of -32020…-32099)',
      resource: 'the missing-resource read could not be judged (probe missing, unusable answer)',
      'empty-contents': 'a nonexistent resource was read as empty contents',
      'resource-code': 'a nonexistent resource was answered with another error than -32602',
    },
    severity: 'low',
    citations: [
      mcp('2026-07-28', 'basic/index', 'Error Codes'),
      mcp('2026-07-28', 'server/resources', 'Error Handling'),
    ],
    rationale:
      'Clients branch on error codes: the reserved range carries HeaderMismatch, missing capabilities and version errors, and -32002/-32042 meant other things in earlier revisions. An undefined code makes a client misread the failure.',
    remediation:
      'Use -32602 for a missing resource, only -32020/-32021/-32022 from the reserved range (with their meanings), and no -32002 or -32042 on 2026-07-28 responses.',
    evidence:
      'Every JSON-RPC error of every modern probe; `s.resource.missing` (`resources/read` of `mcp-posture-probe:/nonexistent`).',
    traps:
      'Codes `-32000…-32019` are legacy (new implementations SHOULD NOT use them) → reported as an info note in the evidence, not a fail.',
    notes:
      'Keys: the forbidden code (e.g. `-32002`), `empty-contents`, `resource-code` (another error for the missing resource). In passive mode the resource probe is not sent: the codes seen so far are judged and the resource part is inconclusive (`mode_disabled`).',
  },
  evaluate(ev, ctx) {
    const m = ev.modern;
    const byCode = new Map<number, ExchangeId[]>();
    const legacy = new Set<number>();
    const seen: ExchangeId[] = [];
    for (const r of modernReplies(ev, m)) {
      for (const msg of r.reply.messages) {
        if (msg.kind !== 'response' || !msg.error) continue;
        const code = msg.error.code;
        seen.push(r.reply.exchange);
        if (forbidden(code))
          byCode.set(code as number, [...(byCode.get(code as number) ?? []), r.reply.exchange]);
        else if (typeof code === 'number' && code <= -32000 && code >= -32019) legacy.add(code);
      }
    }
    const out: Verdict[] = [...byCode].map(([code, ids]) =>
      ctx.fail(`Modern responses carried error code ${code}, which 2026-07-28 forbids.`, [...new Set(ids)], {
        key: String(code),
      }),
    );
    const p = m.resourceMissing;
    if (p.kind !== 'ok')
      out.push(ctx.fromProbe(p, 'resources/read of a nonexistent URI', { key: 'resource' }));
    else {
      const reply = p.value;
      const code = errorCode(reply);
      const bad = unusable(reply);
      const contents = resultOf(reply)?.['contents'];
      if (bad)
        out.push(
          ctx.inconclusive(bad.reason, `The missing-resource read was ${bad.why}.`, [reply.exchange], {
            key: 'resource',
          }),
        );
      else if (Array.isArray(contents) && contents.length === 0)
        out.push(
          ctx.fail('A nonexistent resource was read as empty `contents`.', [reply.exchange], {
            key: 'empty-contents',
          }),
        );
      else if (code !== -32602 && code !== -32601 && !forbidden(code))
        out.push(
          ctx.fail(
            `A nonexistent resource was answered ${describe(reply)}; expected -32602.`,
            [reply.exchange],
            {
              key: 'resource-code',
            },
          ),
        );
    }
    if (out.length) return out;
    const note = legacy.size
      ? ` Legacy-range codes seen (SHOULD NOT in new implementations): ${[...legacy].join(', ')}.`
      : '';
    const resource =
      p.kind === 'ok' && isObject(p.value.response?.error)
        ? ` The missing resource got ${String(errorCode(p.value))}.`
        : '';
    return ctx.pass(`No forbidden error code in ${seen.length} modern error(s).${resource}${note}`, [
      ...new Set(seen),
    ]);
  },
});
