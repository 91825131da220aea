import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { toolListings } from './lists.js';

export default defineCheck({
  meta: {
    id: 'MCPP-MOD21',
    title: '`tools/list` order deterministic',
    requirement: 'Repeated `tools/list` calls return the same order when the set is unchanged.',
    keyword: 'SHOULD',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['modern'],
    rating: { scope: 'protocol' },
    keys: {},
    severity: 'low',
    citations: [mcp('2026-07-28', 'server/tools', 'Capabilities')],
    rationale:
      'Clients and caches compare tool lists (for prompt caching, pinning and change detection); an order that changes between calls looks like a changed list and defeats them.',
    remediation: 'Return tools in a stable order (for example sorted by name) on every call.',
    evidence: '`p.list.modern(tools/list)` and `p.list.fresh` (tools), compared over concatenated pages.',
    traps: 'Per-request shuffling, or per-caller lists without explicit sorting.',
    notes:
      'Inconclusive when the two sets differ (MOD22 reports that) or a listing was cut by the caps; not applicable with fewer than two tools.',
  },
  evaluate(ev, ctx) {
    const both = toolListings(ev.modern);
    if (!both)
      return ctx.inconclusive('ambiguous', 'Two complete `tools/list` listings were not both obtained.');
    const { first, fresh } = both;
    const evidence = [...first.exchanges, ...fresh.exchanges];
    if (first.names.length < 2 && fresh.names.length < 2)
      return ctx.notApplicable('feature_absent', 'Fewer than two tools are listed.');
    if (first.truncated || fresh.truncated)
      return ctx.inconclusive('ambiguous', 'A listing was cut by the page or item cap.', evidence);
    const sameSet =
      first.names.length === fresh.names.length &&
      [...first.names].sort().join('\n') === [...fresh.names].sort().join('\n');
    if (!sameSet)
      return ctx.inconclusive('ambiguous', 'The two listings hold different tools (see MOD22).', evidence);
    if (first.names.join('\n') === fresh.names.join('\n'))
      return ctx.pass(`Both listings return the ${first.names.length} tools in the same order.`, evidence);
    return ctx.fail(
      `The same ${first.names.length} tools came back in a different order (${first.names.slice(0, 5).join(', ')} … then ${fresh.names.slice(0, 5).join(', ')} …).`,
      evidence,
    );
  },
});
