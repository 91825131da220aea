import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { toolListings } from './lists.js';

const list = (names: readonly string[]) => names.slice(0, 8).join(', ') + (names.length > 8 ? ', …' : '');

export default defineCheck({
  meta: {
    id: 'MCPP-MOD22',
    title: '`tools/list` independent of the connection',
    requirement: 'Two fresh connections with the same credentials get the same tool set.',
    keyword: 'MUST NOT',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['modern'],
    rating: { scope: 'protocol' },
    keys: {
      added: 'the second tools/list listing added tools',
      removed: 'the second listing lacks tools of the first',
      changed: 'tool definitions changed between the listings',
    },
    severity: 'medium',
    citations: [mcp('2026-07-28', 'server/tools', 'Capabilities')],
    rationale:
      '`tools/list` must not vary per connection or as a side effect of other requests: a client (or a cache keyed on the authorization) that sees different sets for the same caller cannot know which tools exist, and approvals given for one set apply to another.',
    remediation:
      'Compute the tool list only from the request’s authorization and server configuration, never from connection state or earlier requests.',
    evidence: '`p.list.modern(tools/list)` vs `p.list.fresh` (names and definitions, keys sorted).',
    traps:
      'Legitimately time-varying sets (plugins loading): re-check once after 2 s before failing; variation by authorization is allowed (credentials are identical here).',
    notes:
      'Deviation: no second look after 2 s — a set that changes while loading is reported; re-scan to confirm. Keys `added`, `removed`, `changed`. Inconclusive when a listing was cut by the caps.',
  },
  evaluate(ev, ctx) {
    const both = toolListings(ev.modern);
    if (!both)
      return ctx.inconclusive('ambiguous', 'Two complete `tools/list` listings were not both obtained.');
    const { first, fresh } = both;
    const evidence = [...first.exchanges, ...fresh.exchanges];
    if (first.truncated || fresh.truncated)
      return ctx.inconclusive('ambiguous', 'A listing was cut by the page or item cap.', evidence);
    const added = fresh.names.filter((n) => !first.definitions.has(n));
    const removed = first.names.filter((n) => !fresh.definitions.has(n));
    const changed = first.names.filter(
      (n) => fresh.definitions.has(n) && fresh.definitions.get(n) !== first.definitions.get(n),
    );
    const out: Verdict[] = [];
    if (added.length)
      out.push(ctx.fail(`The second listing added ${list(added)}.`, evidence, { key: 'added' }));
    if (removed.length)
      out.push(ctx.fail(`The second listing lacks ${list(removed)}.`, evidence, { key: 'removed' }));
    if (changed.length)
      out.push(
        ctx.fail(`Definitions changed between listings: ${list(changed)}.`, evidence, { key: 'changed' }),
      );
    return out.length
      ? out
      : ctx.pass(`Both listings hold the same ${first.names.length} tool definitions.`, evidence);
  },
});
