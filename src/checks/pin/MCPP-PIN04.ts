import { defineCheck } from '../define-check.js';
import { lockLocation, PIN_SECTIONS, PIN_TRANSPORTS } from './pin-common.js';
import { mcp } from '../../spec/citations.js';

export default defineCheck({
  meta: {
    id: 'MCPP-PIN04',
    title: 'Target covered by the baseline',
    requirement: 'A baseline was given and it contains this target with a listable surface.',
    keyword: 'policy',
    revisions: 'any',
    transports: PIN_TRANSPORTS,
    mode: 'passive',
    requires: PIN_SECTIONS,
    rating: { scope: 'protocol' },
    keys: {
      missing: 'the lock has no entry for this target in this scan’s credential context',
      unlisted: 'the lock’s entry holds no listable surface (recorded behind an authorization wall)',
    },
    severity: 'info',
    citations: [mcp('2026-07-28', 'index', 'Security and Trust & Safety')],
    rationale:
      'The other PIN checks compare nothing for a target the lock does not cover, so a lock that silently misses a target gives no protection for it.',
    remediation:
      'Record the target (`scan URL --lock FILE --update-lock`) with the same credentials the comparisons use (`--token` for the token context).',
    evidence:
      'The `pin` section: the lock entry for this target in this scan’s credential context, and the contexts recorded for it.',
    notes:
      'Not applicable (`feature_absent`) without `--lock`. The entry is looked up by the target URL and the credential context (anonymous, or with a token): an entry recorded with a token does not cover an anonymous scan.',
  },
  evaluate(ev, ctx) {
    const pin = ev.pin;
    const location = lockLocation(pin.lockFile);
    if (pin.baseline === null) {
      const other = pin.recordedContexts.filter((c) => c !== pin.context);
      return ctx.fail(
        `The lock ${pin.lockFile} has no ${pin.context} entry for this target${other.length ? ` (it records it ${other[0] === 'token' ? 'with a token' : 'anonymously'} only)` : ''}.`,
        [],
        { location, key: 'missing' },
      );
    }
    if (!pin.baseline.listable)
      return ctx.fail(
        `The lock's ${pin.context} entry for this target (recorded ${pin.baseline.recordedAt}) holds no listable surface.`,
        [],
        { location, key: 'unlisted' },
      );
    // `--update-lock` on a target the lock lacked: the run judges against the entry it records.
    const now = pin.baseline.recordedAt === pin.current.recordedAt;
    return ctx.pass(
      now
        ? `Recorded now: this scan wrote the ${pin.context} entry for this target into the lock ${pin.lockFile} (--update-lock).`
        : `The lock ${pin.lockFile} covers this target (${pin.context}, recorded ${pin.baseline.recordedAt}).`,
      [],
      {
        location,
      },
    );
  },
});
