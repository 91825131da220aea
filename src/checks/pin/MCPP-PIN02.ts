import { showInvisible } from '../../escape/invisible.js';
import { diffItems, itemLocation } from '../../lock/diff.js';
import { mcp } from '../../spec/citations.js';
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
    id: 'MCPP-PIN02',
    title: 'No items removed since the lock was recorded',
    requirement: 'No item the lock’s entry records is missing.',
    keyword: 'policy',
    revisions: 'any',
    transports: PIN_TRANSPORTS,
    mode: 'passive',
    requires: PIN_SECTIONS,
    rating: { scope: 'protocol' },
    keys: { removed: 'an item the lock records is no longer listed (one result per item)' },
    severity: 'low',
    citations: [mcp('2026-07-28', 'index', 'Security and Trust & Safety')],
    rationale:
      'A removed tool breaks the workflows that were reviewed with it, and a removal paired with an addition is how a rename dodges review.',
    remediation: 'Confirm the removal was intended, then re-record the lock (`--update-lock`).',
    evidence: 'The `pin` section: the lock entry for this target and context vs. the current surface.',
    traps: 'Authorization-dependent lists: record and compare with the same credentials.',
    notes: `A renamed item (same definition, new name) is PIN03's (key \`renamed\`). Items of a kind this scan could not list completely (the listing failed or a cap stopped it) are not reported as removed. ${PIN_NOTE}`,
  },
  evaluate(ev, ctx) {
    const p = pinnedOrVerdict(ev.pin, ctx);
    if (isVerdict(p)) return p;
    const s = surfacesOrVerdict(p, ctx);
    if ('status' in s) return s;
    const { removed } = diffItems(s.base, s.cur);
    if (removed.length === 0)
      return ctx.pass(`Every item the lock records (${p.baseline.recordedAt}) is still listed.`);
    return removed.map((r) =>
      ctx.fail(
        `${r.kind} \`${showInvisible(r.name)}\` (recorded ${p.baseline.recordedAt}) is no longer listed.`,
        [],
        {
          location: itemLocation(r.kind, r.name),
          key: 'removed',
        },
      ),
    );
  },
});
