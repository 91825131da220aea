/** The pure claim-verdict function on hand-made check results. */
import { describe, expect, it } from 'vitest';

import type { CheckId, CheckResult, Reason, Status } from '../../../src/checks/define-check.js';
import type { Claim, CheckRef } from '../../fixtures/seeds/claims/verdict.js';
import { deriveVerdict, mismatch, tally } from '../../fixtures/seeds/claims/verdict.js';

function result(checkId: CheckId, status: Status, opts: { key?: string; reason?: Reason } = {}): CheckResult {
  return {
    checkId,
    status,
    severity: status === 'fail' ? 'medium' : null,
    confidence: 'high',
    location: 'endpoint',
    key: opts.key ?? null,
    reason: opts.reason ?? null,
    message: `${checkId} ${status}`,
    evidence: [],
    revisionsEvaluated: [],
    revisionsFailed: [],
    condition: null,
  };
}

function claim(judges: readonly CheckRef[], unobservable?: string): Claim {
  return {
    id: 'x',
    section: 's',
    says: 'says',
    scan: 'safe',
    judges,
    ...(unobservable ? { unobservable } : {}),
    expected: { verdict: 'confirmed' },
  };
}

const verdictOf = (c: Claim, results: CheckResult[], other: CheckResult[] = []) =>
  deriveVerdict(c, { safe: results, other });

describe('deriveVerdict', () => {
  it('confirms when every judging result passes (not-applicable ones aside)', () => {
    const d = verdictOf(claim([{ check: 'MCPP-TRN08' }, { check: 'MCPP-LEG14' }]), [
      result('MCPP-TRN08', 'pass'),
      result('MCPP-LEG14', 'not_applicable', { reason: 'feature_absent' }),
    ]);
    expect(d.verdict).toBe('confirmed');
    expect(d.support.map((f) => f.checkId)).toEqual(['MCPP-TRN08']);
  });

  it('refutes on any failure, naming the result and the check’s citation', () => {
    const d = verdictOf(claim([{ check: 'MCPP-LEG07' }, { check: 'MCPP-TRN08' }]), [
      result('MCPP-LEG07', 'fail', { key: '400' }),
      result('MCPP-TRN08', 'pass'),
    ]);
    expect(d.verdict).toBe('refuted');
    expect(d.against).toMatchObject([
      { checkId: 'MCPP-LEG07', key: '400', citation: '2025-11-25/basic/transports#Session Management' },
    ]);
  });

  it('is not observable when a judging check is inconclusive, with its reason', () => {
    const d = verdictOf(claim([{ check: 'MCPP-SCP03' }, { check: 'MCPP-SCP01' }]), [
      result('MCPP-SCP03', 'inconclusive', { reason: 'needs_narrow_token' }),
      result('MCPP-SCP01', 'pass'),
    ]);
    expect(d.verdict).toBe('not-observable');
    expect(d.reasons.join()).toContain('needs_narrow_token');
  });

  it('confirms an admitted gap when the check fails, and refutes it when the check passes', () => {
    const admits = claim([{ check: 'MCPP-TRN16', holds: 'fail' }]);
    expect(verdictOf(admits, [result('MCPP-TRN16', 'fail')]).verdict).toBe('confirmed');
    expect(verdictOf(admits, [result('MCPP-TRN16', 'pass')]).verdict).toBe('refuted');
  });

  it('confirms "no authorization" from a not-applicable result with that reason', () => {
    const c = claim([{ check: 'MCPP-AUTHN02', holds: { notApplicable: 'no_auth' } }]);
    expect(verdictOf(c, [result('MCPP-AUTHN02', 'not_applicable', { reason: 'no_auth' })]).verdict).toBe(
      'confirmed',
    );
    expect(verdictOf(c, [result('MCPP-AUTHN02', 'fail')]).verdict).toBe('refuted');
  });

  it('judges only the named keys; failures of other keys leave the claim standing', () => {
    const c = claim([{ check: 'MCPP-ACT01', keys: ['lookalike'] }]);
    expect(
      verdictOf(c, [
        result('MCPP-ACT01', 'fail', { key: 'foreign' }),
        result('MCPP-ACT01', 'pass', { key: 'lookalike' }),
      ]).verdict,
    ).toBe('confirmed');
    expect(verdictOf(c, [result('MCPP-ACT01', 'fail', { key: 'lookalike' })]).verdict).toBe('refuted');
    expect(verdictOf(c, [result('MCPP-ACT01', 'fail', { key: 'foreign' })]).verdict).toBe('confirmed');
  });

  it('reads a reference from another scan when it names one', () => {
    const c = claim([{ check: 'MCPP-ACT01', scan: 'other', holds: 'fail' }]);
    expect(verdictOf(c, [], [result('MCPP-ACT01', 'fail')]).verdict).toBe('confirmed');
    expect(() => deriveVerdict(claim([{ check: 'MCPP-ACT01', scan: 'missing' }]), {})).toThrow(/missing/);
  });

  it('treats catalogue checks this build lacks as no observation', () => {
    const d = verdictOf(claim([{ check: 'MCPP-PIN99' }]), []);
    expect(d.verdict).toBe('not-observable');
    expect(d.reasons).toEqual(['MCPP-PIN99: not implemented in this build']);
  });

  it('is not observable, for the stated reason, when no check judges the claim', () => {
    const c = claim([], 'client-side');
    expect(verdictOf(c, []).verdict).toBe('not-observable');
    expect(
      mismatch({ ...c, expected: { verdict: 'not-observable', because: 'client' } }, verdictOf(c, [])),
    ).toBeNull();
  });

  it('reports mismatches with the expected verdict or the refuting checks', () => {
    const c = claim([{ check: 'MCPP-LEG07' }]);
    const d = verdictOf(c, [result('MCPP-LEG07', 'fail')]);
    expect(mismatch(c, d)).toMatch(/expected confirmed, derived refuted/);
    expect(mismatch({ ...c, expected: { verdict: 'refuted', by: ['MCPP-LEG08'] } }, d)).toMatch(/MCPP-LEG08/);
    expect(mismatch({ ...c, expected: { verdict: 'refuted', by: ['MCPP-LEG07'] } }, d)).toBeNull();
    expect(tally(['confirmed', 'refuted', 'refuted', 'not-observable'])).toEqual({
      confirmed: 1,
      refuted: 2,
      notObservable: 1,
    });
  });
});
