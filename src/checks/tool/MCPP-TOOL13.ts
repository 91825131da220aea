import { defineCheck } from '../define-check.js';
import type { Verdict } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { capabilitiesOf, isVerdict, listed, surfaceOrVerdict, TOOL_TRANSPORTS } from './common.js';

const FEATURES = [
  ['tools', 'tools', 'tools/list'],
  ['prompts', 'prompts', 'prompts/list'],
  ['resources', 'resources', 'resources/list'],
  ['resourceTemplates', 'resources', 'resources/templates/list'],
] as const;

export default defineCheck({
  meta: {
    id: 'MCPP-TOOL13',
    title: 'Capabilities declared for offered features',
    requirement:
      'A server answering `tools/list` (`prompts/list`, `resources/list`) declares the corresponding capability.',
    keyword: 'MUST',
    revisions: revisionRange(),
    transports: TOOL_TRANSPORTS,
    mode: 'passive',
    requires: ['detection', 'inventory'],
    rating: { scope: 'protocol' },
    keys: {
      tools: '`tools/list` returned a result but the `tools` capability is not declared',
      prompts: '`prompts/list` returned a result but the `prompts` capability is not declared',
      resources:
        '`resources/list` or `resources/templates/list` returned a result but the `resources` capability is not declared',
    },
    severity: 'medium',
    citations: [
      mcp('2025-11-25', 'server/tools', 'Capabilities'),
      mcp('2025-11-25', 'server/prompts', 'Capabilities'),
      mcp('2025-11-25', 'server/resources', 'Capabilities'),
      mcp('2026-07-28', 'server/tools', 'Capabilities'),
    ],
    rationale:
      'Clients that honour capabilities never list an undeclared feature: the tools, prompts or resources are invisible to them.',
    remediation:
      'Declare `tools`, `prompts` and `resources` in the capabilities for every feature the server serves.',
    evidence:
      'Capabilities of the InitializeResult (or DiscoverResult) against the list calls that returned a result.',
    traps:
      'A `-32601` to an undeclared list method is the correct answer, not a finding; neither is an empty list (it offers nothing). Behind a 401 without a token nothing is listed: inconclusive (`auth_wall`).',
  },
  evaluate(ev, ctx) {
    const s = surfaceOrVerdict(ev, ctx);
    if (isVerdict(s)) return s;
    const found = capabilitiesOf(ev.detection);
    if (!found)
      return ctx.inconclusive(
        'ambiguous',
        'No InitializeResult or DiscoverResult with capabilities was received.',
      );
    const out: Verdict[] = [];
    const failed = new Set<string>();
    for (const [list, cap, method] of FEATURES) {
      const probe = ev.inventory[list];
      // An empty list offers no feature: a server answering `prompts/list` with `[]` misleads no client.
      const offered = listed(probe) && probe.kind === 'ok' && probe.value.items.length > 0;
      if (!offered || cap in found.caps || failed.has(cap)) continue;
      failed.add(cap);
      out.push(
        ctx.fail(
          `${method} listed ${probe.kind === 'ok' ? probe.value.items.length : 0} item(s) but the \`${cap}\` capability is not declared.`,
          [found.exchange, ...(probe.kind === 'ok' ? probe.exchanges : [])],
          { key: cap },
        ),
      );
    }
    if (out.length > 0) return out;
    return ctx.pass('Every feature that was listed is declared in the capabilities.', [found.exchange]);
  },
});
