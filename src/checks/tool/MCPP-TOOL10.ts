import { defineCheck } from '../define-check.js';
import type { Verdict } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { MAX_DEPTH } from '../../surface/extract.js';
import { escapeExcerpt } from '../../escape/invisible.js';
import { isVerdict, locationOf, surfaceOrVerdict, TOOL_TRANSPORTS, WALL_TRAP } from './common.js';

export default defineCheck({
  meta: {
    id: 'MCPP-TOOL10',
    title: 'Definitions inspectable',
    requirement: 'No definition exceeds the inspection depth limit (64 levels).',
    keyword: 'policy',
    revisions: 'any',
    transports: TOOL_TRANSPORTS,
    mode: 'passive',
    requires: ['detection', 'inventory'],
    rating: { scope: 'protocol' },
    keys: {
      depth:
        'a definition nests deeper than the inspection limit; the paths where inspection stopped are listed',
    },
    severity: 'medium',
    citations: [mcp('2026-07-28', 'basic/index', 'Composition-Keyword Resource Use')],
    rationale:
      'Text below the inspection limit reaches the model unjudged; very deep schemas also exhaust client validators.',
    remediation: `Flatten schemas to well under ${MAX_DEPTH} levels; use \`$defs\` and \`$ref\` for shared parts.`,
    evidence: 'Depth markers from the surface extraction (which stops at the limit and records where).',
    traps: WALL_TRAP,
  },
  evaluate(ev, ctx) {
    const s = surfaceOrVerdict(ev, ctx);
    if (isVerdict(s)) return s;
    const out: Verdict[] = [];
    for (const item of s.surface.items)
      if (item.tooDeep.length > 0)
        out.push(
          ctx.fail(
            `${locationOf(item)} nests deeper than ${MAX_DEPTH} levels at ${item.tooDeep
              .slice(0, 5)
              .map((p) => escapeExcerpt(p, 120))
              .join(', ')}.`,
            s.evidence,
            { location: locationOf(item), key: 'depth' },
          ),
        );
    if (out.length > 0) return out;
    return ctx.pass(`Every definition is within ${MAX_DEPTH} levels.`, s.evidence);
  },
});
