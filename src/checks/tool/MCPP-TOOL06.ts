import { defineCheck } from '../define-check.js';
import type { Verdict } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { isVerdict, locationOf, surfaceOrVerdict, TOOL_TRANSPORTS, WALL_TRAP } from './common.js';

const LIMITS = { field: [1024, 4096], instructions: [4096, 16384] } as const;

export default defineCheck({
  meta: {
    id: 'MCPP-TOOL06',
    title: 'Metadata length reasonable',
    requirement: 'No inspected text field exceeds 1024 characters (`instructions`: 4096).',
    keyword: 'policy',
    revisions: 'any',
    transports: TOOL_TRANSPORTS,
    mode: 'passive',
    requires: ['detection', 'inventory'],
    rating: { scope: 'protocol' },
    keys: {
      '<field>':
        'the field path (e.g. `description`, `inputSchema.properties.q.description`) that is too long',
    },
    severity: 'low',
    confidence: 'low',
    citations: [mcp('2026-07-28', 'index', 'Security and Trust & Safety')],
    rationale:
      'Very long metadata is where instructions hide and it crowds the model’s context; reviewers do not read it.',
    remediation:
      'Keep descriptions short and move long documentation to a resource or to the project’s docs.',
    evidence: 'The length of every inspected string, before any cut.',
    traps: `Long but benign API documentation in descriptions is common (about 8% of real tools exceed 1024 characters): low, medium only above 4096 (\`instructions\`: 16384). ${WALL_TRAP}`,
  },
  evaluate(ev, ctx) {
    const s = surfaceOrVerdict(ev, ctx);
    if (isVerdict(s)) return s;
    const out: Verdict[] = [];
    for (const item of s.surface.items)
      for (const str of item.strings) {
        const [limit, high] = str.role === 'instructions' ? LIMITS.instructions : LIMITS.field;
        if (str.length <= limit) continue;
        out.push(
          ctx.fail(
            `${locationOf(item)}: ${str.field} is ${str.length} characters (limit ${limit}).`,
            s.evidence,
            {
              location: locationOf(item),
              key: str.field,
              severity: str.length > high ? 'medium' : 'low',
            },
          ),
        );
      }
    if (out.length > 0) return out;
    return ctx.pass(`Every one of ${s.surface.count} strings is within its length limit.`, s.evidence);
  },
});
