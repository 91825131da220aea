/**
 * Evaluates every registered check against the evidence, then the aggregate
 * checks over those results. Results come out in registry order, so two
 * evaluations of one bundle are byte-identical.
 */
import type { AggregateCheck, Check, CheckResult } from '../checks/define-check.js';
import { makeContext } from '../checks/define-check.js';
import { AGGREGATE_CHECKS, CHECKS } from '../checks/index.js';
import type { Evidence } from '../evidence/types.js';
import { declaresKey } from './declared-keys.js';
import { evaluateCheck } from './evaluate-check.js';
import { notReached } from '../evidence/derive/unreached.js';

export function evaluateAggregate(check: AggregateCheck, results: readonly CheckResult[]): CheckResult[] {
  const ctx = makeContext(check.meta, null);
  try {
    const v = check.aggregate(results, ctx);
    if (v.key !== null && !declaresKey(check.meta.keys, v.key))
      throw new Error(`${check.meta.id} returned the undeclared key "${v.key}"`);
    return [{ ...v, checkId: check.meta.id, revisionsEvaluated: [], revisionsFailed: [], condition: null }];
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const v = ctx.inconclusive('ambiguous', message);
    return [
      {
        ...v,
        status: 'error',
        reason: 'internal',
        checkId: check.meta.id,
        revisionsEvaluated: [],
        revisionsFailed: [],
        condition: null,
      },
    ];
  }
}

export function evaluateAll(ev: Evidence, checks: readonly Check[] = CHECKS): CheckResult[] {
  const results = checks.flatMap((c) => evaluateCheck(c, ev));
  const aggregates = AGGREGATE_CHECKS.flatMap((a) => evaluateAggregate(a, results));
  // A target that was not reached is not judged (evaluate-check.ts `classGate`); nothing passes there.
  return [...results, ...(notReached(ev) ? aggregates.map(unjudged) : aggregates)];
}

function unjudged(r: CheckResult): CheckResult {
  return r.status !== 'pass'
    ? r
    : { ...r, status: 'not_applicable', reason: 'target_class', message: 'The target was not reached.' };
}
