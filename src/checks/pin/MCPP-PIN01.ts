import { showInvisible } from '../../escape/invisible.js';
import { diffItems, itemLocation } from '../../lock/diff.js';
import { mcp, OWASP_MCP_TOP10 } from '../../spec/citations.js';
import { defineCheck } from '../define-check.js';
import {
  isVerdict,
  PIN_NOTE,
  PIN_SECTIONS,
  PIN_TRANSPORTS,
  pinnedOrVerdict,
  surfacesOrVerdict,
} from './pin-common.js';

export default defineCheck({
  meta: {
    id: 'MCPP-PIN01',
    title: 'No items added since the lock was recorded',
    requirement: 'No tool, prompt, resource or template appears that the lock’s entry lacks.',
    keyword: 'policy',
    revisions: 'any',
    transports: PIN_TRANSPORTS,
    mode: 'passive',
    requires: PIN_SECTIONS,
    rating: { scope: 'protocol' },
    keys: { added: 'an item the lock does not record is listed now (one result per item)' },
    severity: 'medium',
    citations: [mcp('2026-07-28', 'index', 'Security and Trust & Safety'), OWASP_MCP_TOP10],
    rationale:
      'A reviewed server that grows a tool between scans hands the model a capability nobody reviewed: a new tool can exfiltrate what the old ones read, or shadow a trusted tool of another server.',
    remediation:
      'Review the new items; when they are intended, re-record the lock (`scan URL --lock FILE --update-lock`) and commit it with the review.',
    evidence:
      'The `pin` section: the lock entry for this target and context vs. the current surface (names of tools and prompts, `uri` of resources, `uriTemplate` of templates).',
    traps: 'Legitimate releases add tools — re-record the baseline after review.',
    notes: `An item with the same definition as a removed one under a new name is a rename, reported once by PIN03 (key \`renamed\`), not here. Inconclusive (\`auth_wall\`) when the surface cannot be listed now; inconclusive (\`ambiguous\`) when the lock entry holds no listable surface. ${PIN_NOTE}`,
  },
  evaluate(ev, ctx) {
    const p = pinnedOrVerdict(ev.pin, ctx);
    if (isVerdict(p)) return p;
    const s = surfacesOrVerdict(p, ctx);
    if ('status' in s) return s;
    const { added } = diffItems(s.base, s.cur);
    if (added.length === 0)
      return ctx.pass(`No item was added since the lock was recorded (${p.baseline.recordedAt}).`);
    return added.map((a) =>
      ctx.fail(
        `${a.kind} \`${showInvisible(a.name)}\` is new since the lock was recorded (${p.baseline.recordedAt}); definition ${a.item.hash}.`,
        [],
        {
          location: itemLocation(a.kind, a.name),
          key: 'added',
        },
      ),
    );
  },
});
