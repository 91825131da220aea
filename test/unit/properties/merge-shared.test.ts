/**
 * The engine merges the verdicts of a check that did not read the revision without a group per
 * revision (src/engine/merge-revisions.ts `mergeShared`): its results must be those of the merge
 * per revision, the same objects field for field and key for key, for any verdicts and revisions.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import type { Check, Status, Verdict } from '../../../src/checks/define-check.js';
import { defineCheck } from '../../../src/checks/define-check.js';
import { mergeRevisions, withFields } from '../../../src/engine/merge-revisions.js';
import type { Evidence } from '../../../src/evidence/types.js';
import type { Revision } from '../../../src/spec/revisions.js';
import { REVISIONS } from '../../../src/spec/revisions.js';
import { evidence } from '../../helpers/evidence.js';
import { TEST_CHECK_META } from '../../helpers/test-check-meta.js';

const check: Check = defineCheck({
  meta: { ...TEST_CHECK_META, revisions: [...REVISIONS], requires: ['detection'], keys: {} },
  evaluate: (_ev, ctx) => ctx.pass('unused'),
});

const STATUSES: readonly Status[] = ['pass', 'fail', 'inconclusive', 'not_applicable', 'error'];

const verdict = fc.record({
  status: fc.constantFrom(...STATUSES),
  severity: fc.constantFrom('high', 'low', null),
  location: fc.constantFrom('endpoint', 'as:a', 'as:b'),
  key: fc.constantFrom(null, 'k', ''),
  message: fc.string({ maxLength: 4 }),
}) as fc.Arbitrary<Pick<Verdict, 'status' | 'severity' | 'location' | 'key' | 'message'>>;

function evidenceWith(known: Revision[], unconfirmed: Revision[], candidates: Revision[]): Evidence {
  const ev = evidence();
  const eras = [
    ...new Set([...known, ...unconfirmed].map((r) => (r === '2026-07-28' ? 'modern' : 'legacy'))),
  ];
  return {
    ...ev,
    detection: {
      ...ev.detection,
      revision: { ...ev.detection.revision, known, unconfirmed, candidates, eras },
    },
  };
}

describe('merging verdicts the same for every revision', () => {
  it('gives what the merge per revision gives', () => {
    fc.assert(
      fc.property(
        fc.subarray([...REVISIONS], { minLength: 1 }),
        fc.array(fc.boolean(), { minLength: REVISIONS.length, maxLength: REVISIONS.length }),
        fc.boolean(),
        fc.array(verdict, { minLength: 1, maxLength: 4 }),
        (revisions, knownMask, moreCandidates, shapes) => {
          const known = revisions.filter((_r, i) => knownMask[i]);
          const unconfirmed = revisions.filter((_r, i) => !knownMask[i]);
          const candidates = moreCandidates ? [...REVISIONS] : revisions;
          const ev = evidenceWith(known, unconfirmed, candidates);
          const verdicts: Verdict[] = shapes.map((s) =>
            withFields(s, { confidence: 'high' as const, reason: null, evidence: [] }),
          );
          const shared = mergeRevisions(check, ev, known, unconfirmed, () => ({
            verdicts,
            readRevision: false,
          }));
          const perRevision = mergeRevisions(check, ev, known, unconfirmed, () => ({
            verdicts,
            readRevision: true,
          }));
          expect(JSON.stringify(shared)).toBe(JSON.stringify(perRevision));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('withFields keeps the keys and their order of a spread', () => {
    const base = { b: 1, a: 2, c: 3 };
    const out = withFields(base, { a: 9, d: 4 });
    expect(Object.keys(out)).toEqual(Object.keys({ ...base, ...{ a: 9, d: 4 } }));
    expect(out).toEqual({ b: 1, a: 9, c: 3, d: 4 });
  });
});
