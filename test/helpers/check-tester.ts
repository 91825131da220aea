/**
 * testCheck: the RuleTester of this project. Every check must have at least one
 * pass and one fail case; evidence is deep-frozen (a check that mutates it
 * throws); evaluation is run twice and must be identical; every cited exchange
 * must exist in the evidence.
 */
import { describe, expect, it } from 'vitest';

import type { Check, CheckResult, Status } from '../../src/checks/define-check.js';
import { evaluateCheck } from '../../src/engine/evaluate-check.js';
import { summaryStatus } from '../../src/engine/merge-revisions.js';
import type { Evidence } from '../../src/evidence/types.js';
import { evidence } from './evidence.js';

export interface CheckCase {
  readonly name: string;
  readonly evidence: Evidence;
  /** Expected key of the deciding result (fail cases). */
  readonly key?: string;
  /** Expected severity (fail cases). */
  readonly severity?: CheckResult['severity'];
  /** Expected reason (inconclusive / not_applicable cases). */
  readonly reason?: CheckResult['reason'];
}

export interface CheckCases {
  readonly pass: readonly CheckCase[];
  readonly fail: readonly CheckCase[];
  readonly inconclusive?: readonly CheckCase[];
  readonly notApplicable?: readonly CheckCase[];
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

export function runCheck(check: Check, ev: Evidence): { status: Status; results: CheckResult[] } {
  const results = evaluateCheck(check, ev);
  return { status: summaryStatus(results.map((r) => r.status)), results };
}

/**
 * The standard case of every authorization-server check (meta `judges`): a target that shows no
 * authorization has no authorization server to judge, and the engine says so (not_applicable,
 * `no_auth`) before the check is called, in every mode.
 */
function itAnswersWithoutAuthorization(check: Check): void {
  it('not_applicable: no authorization in use (the engine’s standard answer)', () => {
    const ev = deepFreeze(evidence((e) => void (e.settings.mode = 'intrusive')));
    expect(ev.auth.inUse).toBe(false);
    const { results } = runCheck(check, ev);
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) expect([r.status, r.reason]).toEqual(['not_applicable', 'no_auth']);
  });
}

export function testCheck(check: Check, cases: CheckCases): void {
  describe(check.meta.id, () => {
    if (check.meta.judges === 'authorization-server') itAnswersWithoutAuthorization(check);

    it('has at least one pass and one fail case with unique names', () => {
      expect(cases.pass.length).toBeGreaterThan(0);
      expect(cases.fail.length).toBeGreaterThan(0);
      const names = [
        ...cases.pass,
        ...cases.fail,
        ...(cases.inconclusive ?? []),
        ...(cases.notApplicable ?? []),
      ].map((c) => c.name);
      expect(new Set(names).size).toBe(names.length);
    });

    const groups: [Status, readonly CheckCase[] | undefined][] = [
      ['pass', cases.pass],
      ['fail', cases.fail],
      ['inconclusive', cases.inconclusive],
      ['not_applicable', cases.notApplicable],
    ];
    for (const [expected, list] of groups) {
      for (const c of list ?? []) {
        it(`${expected}: ${c.name}`, () => {
          const ev = deepFreeze(c.evidence);
          const first = runCheck(check, ev);
          const again = runCheck(check, ev);
          expect(again.results).toEqual(first.results);
          const errors = first.results.filter((r) => r.status === 'error');
          expect(errors.map((e) => e.message)).toEqual([]);
          expect(first.status, JSON.stringify(first.results, null, 1)).toBe(expected);
          // HTTP exchanges, and the requests of stdio launches (reports show both).
          const ids = new Set<string>([
            ...ev.exchanges.map((x) => x.id),
            ...(ev.stdio?.launches ?? []).flatMap((l) => l.exchanges.map((x) => x.id)),
          ]);
          for (const r of first.results) {
            expect(r.checkId).toBe(check.meta.id);
            for (const id of r.evidence) expect(ids.has(id), `exchange ${id} exists`).toBe(true);
          }
          const deciding = first.results.find((r) => r.status === expected)!;
          if (expected === 'fail') {
            expect(deciding.severity).not.toBeNull();
            if (c.severity) expect(deciding.severity).toBe(c.severity);
          }
          if (c.key !== undefined)
            expect(first.results.filter((r) => r.status === expected).map((r) => r.key)).toContain(c.key);
          if (c.reason !== undefined) expect(deciding.reason).toBe(c.reason);
        });
      }
    }
  });
}
