/** The engine's per-revision merge (docs/model/revisions.md#merging-the-verdicts) on a check whose verdict depends on the revision. */
import { describe, expect, it } from 'vitest';

import type { Check, Status } from '../../src/checks/define-check.js';
import { defineCheck } from '../../src/checks/define-check.js';
import { evaluateCheck } from '../../src/engine/evaluate-check.js';
import type { Revision } from '../../src/spec/revisions.js';
import { evidence } from '../helpers/evidence.js';
import { TEST_CHECK_META } from '../helpers/test-check-meta.js';

function checkWith(verdicts: Partial<Record<Revision, Status>>): Check {
  return defineCheck({
    meta: {
      ...TEST_CHECK_META,
      revisions: ['2025-03-26', '2025-06-18', '2025-11-25'],
      requires: ['detection'],
      keys: {},
    },
    evaluate: (_ev, ctx) => {
      const s = verdicts[ctx.revision!] ?? 'pass';
      if (s === 'pass') return ctx.pass(`pass ${ctx.revision}`);
      if (s === 'fail') return ctx.fail(`fail ${ctx.revision}`);
      if (s === 'not_applicable') return ctx.notApplicable('feature_absent', `na ${ctx.revision}`);
      return ctx.inconclusive('ambiguous', `inc ${ctx.revision}`);
    },
  });
}

function withRevisions(known: Revision[], unconfirmed: Revision[]) {
  return evidence((ev) => {
    Object.assign(ev.detection, {
      revision: { ...ev.detection.revision, known, unconfirmed, candidates: [...known, ...unconfirmed] },
    });
  });
}

describe('per-revision merge', () => {
  const all: Revision[] = ['2025-03-26', '2025-06-18', '2025-11-25'];

  it('a fail under a known revision fails, naming every failing revision', () => {
    const [r] = evaluateCheck(checkWith({ '2025-06-18': 'fail' }), withRevisions(all, []));
    expect([r!.status, r!.revisionsFailed]).toEqual(['fail', ['2025-06-18']]);
  });

  it('fails under only unconfirmed revisions are conditional fails', () => {
    const [r] = evaluateCheck(
      checkWith({ '2025-03-26': 'fail', '2025-06-18': 'fail', '2025-11-25': 'fail' }),
      withRevisions([], all),
    );
    expect(r!.status).toBe('fail');
  });

  it('a mix of unconfirmed fails and passes is inconclusive (revision_dependent)', () => {
    const [r] = evaluateCheck(checkWith({ '2025-06-18': 'fail' }), withRevisions([], all));
    expect([r!.status, r!.reason]).toEqual(['inconclusive', 'revision_dependent']);
  });

  it('a mix of pass and not_applicable is a pass, not an internal error', () => {
    const [r] = evaluateCheck(checkWith({ '2025-03-26': 'not_applicable' }), withRevisions(all, []));
    expect(r!.status).toBe('pass');
  });

  it('an inconclusive revision without any fail keeps the result inconclusive', () => {
    const [r] = evaluateCheck(checkWith({ '2025-03-26': 'inconclusive' }), withRevisions(all, []));
    expect([r!.status, r!.reason]).toEqual(['inconclusive', 'ambiguous']);
  });

  it('a check that never reads the revision is evaluated once for every revision, with the same merge', () => {
    const calls: (Revision | null)[] = [];
    const base = checkWith({});
    const blind = defineCheck({
      meta: base.meta,
      evaluate: (_ev, ctx) => {
        calls.push(null);
        return ctx.fail('fails whatever the revision');
      },
    });
    const [r] = evaluateCheck(blind, withRevisions(all, []));
    expect(calls).toHaveLength(1);
    expect([r!.status, r!.revisionsEvaluated, r!.revisionsFailed]).toEqual(['fail', all, all]);
  });

  it('a check that reads the revision is evaluated once per revision', () => {
    const seen: (Revision | null)[] = [];
    const base = checkWith({});
    const aware = defineCheck({
      meta: base.meta,
      evaluate: (_ev, ctx) => {
        seen.push(ctx.revision);
        return ctx.pass('passes');
      },
    });
    evaluateCheck(aware, withRevisions(all, []));
    expect(seen).toEqual(all);
  });
});
