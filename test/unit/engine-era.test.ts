/** The engine stamps each result with the era of the revisions it was evaluated for. */
import { describe, expect, it } from 'vitest';

import { defineCheck } from '../../src/checks/define-check.js';
import type { Check } from '../../src/checks/define-check.js';
import { evaluateCheck } from '../../src/engine/evaluate-check.js';
import { MODERN_REVISION, REVISIONS } from '../../src/spec/revisions.js';
import { evidence } from '../helpers/evidence.js';
import { authWalled, dualEraEvidence, modernEvidence } from '../helpers/modern.js';

/** Fails under 2026-07-28 and passes under every other revision. */
const perRevision = (revisions: Check['meta']['revisions']): Check =>
  defineCheck({
    meta: {
      id: 'MCPP-TRN99',
      title: 'test',
      requirement: 'test',
      keyword: 'MUST',
      revisions,
      transports: ['streamable-http'],
      mode: 'passive',
      severity: 'low',
      citations: [],
      rationale: 'test',
      remediation: 'test',
      evidence: 'test',
      requires: ['detection'],
      rating: { scope: 'protocol' },
      keys: {},
    },
    evaluate: (_ev, ctx) => (ctx.revision === MODERN_REVISION ? ctx.fail('modern fails') : ctx.pass('ok')),
  });

describe('era stamping', () => {
  it('splits a dual-era server’s results by era', () => {
    const results = evaluateCheck(perRevision([...REVISIONS]), dualEraEvidence());
    expect(results.map((r) => [r.era, r.status]).sort()).toEqual([
      ['legacy', 'pass'],
      ['modern', 'fail'],
    ]);
    expect(results.find((r) => r.era === 'legacy')?.revisionsEvaluated).not.toContain(MODERN_REVISION);
  });

  it('gives one result with its era on single-era servers', () => {
    expect(evaluateCheck(perRevision([...REVISIONS]), evidence()).map((r) => r.era)).toEqual(['legacy']);
    expect(evaluateCheck(perRevision([...REVISIONS]), modernEvidence()).map((r) => r.era)).toEqual([
      'modern',
    ]);
  });

  it('leaves the era null for `any` checks, mixed unconfirmed revisions, and results decided before evaluation', () => {
    expect(evaluateCheck(perRevision('any'), dualEraEvidence())[0]?.era).toBeNull();
    const walled = evaluateCheck(perRevision([...REVISIONS]), modernEvidence(authWalled));
    expect(walled.map((r) => r.era ?? null)).toEqual([null]);
    expect(evaluateCheck(perRevision([MODERN_REVISION]), evidence())[0]?.era ?? null).toBeNull();
  });
});
