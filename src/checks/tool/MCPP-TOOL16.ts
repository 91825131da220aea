import { defineCheck } from '../define-check.js';
import type { Verdict } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { escapeExcerpt } from '../../escape/invisible.js';
import { isVerdict, locationOf, surfaceOrVerdict, TOOL_TRANSPORTS, toolsOf, WALL_TRAP } from './common.js';
import { walkObjects } from './schema-walk.js';

const NETWORK = new Set(['http:', 'https:', 'ftp:', 'ws:', 'wss:', 'file:']);

/** The network URI a `$ref` resolves to against the enclosing `$id`s, or null. */
function networkTarget(ref: string, bases: readonly string[]): string | null {
  if (ref.startsWith('#')) return null;
  let base: string | undefined;
  for (const b of bases) {
    try {
      base = new URL(b, base).href;
    } catch {
      /* a relative or malformed $id: keep the base so far */
    }
  }
  try {
    const u = new URL(ref, base);
    return NETWORK.has(u.protocol) ? u.href : null;
  } catch {
    return null;
  }
}

export default defineCheck({
  meta: {
    id: 'MCPP-TOOL16',
    title: 'No network `$ref` in schemas',
    requirement: 'Schemas contain no `$ref` that resolves to a network URI.',
    keyword: 'policy',
    revisions: 'any',
    transports: TOOL_TRANSPORTS,
    mode: 'passive',
    requires: ['detection', 'inventory'],
    rating: { scope: 'protocol' },
    keys: { network: 'a `$ref` resolves to a network URI' },
    severity: 'low',
    citations: [mcp('2026-07-28', 'basic/index', '$ref Resolution')],
    rationale:
      'Implementations must not dereference network references automatically; one that does is tracked or led into SSRF, and one that does not cannot validate.',
    remediation: 'Inline the referenced schema under `$defs` and reference it as `#/$defs/…`.',
    evidence:
      'A walk of each `inputSchema` and `outputSchema`, resolving `$ref` against any enclosing `$id`.',
    traps: `Local \`#/$defs/…\` references are fine. ${WALL_TRAP}`,
  },
  evaluate(ev, ctx) {
    const s = surfaceOrVerdict(ev, ctx);
    if (isVerdict(s)) return s;
    const out: Verdict[] = [];
    for (const t of toolsOf(s.surface))
      for (const field of ['inputSchema', 'outputSchema']) {
        const root = t.raw?.[field];
        // $id of every object node, by path, to resolve references against their enclosing bases.
        const ids = new Map<string, string>();
        walkObjects(root, (node, path) => {
          if (typeof node['$id'] === 'string') ids.set(path.join('/'), node['$id']);
          const ref = node['$ref'];
          if (typeof ref !== 'string') return;
          const bases: string[] = [];
          for (let i = 0; i <= path.length; i++) {
            const id = ids.get(path.slice(0, i).join('/'));
            if (id) bases.push(id);
          }
          const target = networkTarget(ref, bases);
          if (target)
            out.push(
              ctx.fail(
                `${locationOf(t)}: ${field}/${escapeExcerpt(path.join('/'), 100)} references ${escapeExcerpt(target, 120)}.`,
                s.evidence,
                { location: locationOf(t), key: 'network' },
              ),
            );
        });
      }
    if (out.length > 0) return out;
    return ctx.pass('No schema references a network URI.', s.evidence);
  },
});
