import type { CheckResult } from '../define-check.js';
import { defineAggregateCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';

/** Scanner health: runs after every other check, over their results. */
export default defineAggregateCheck({
  meta: {
    id: 'MCPP-ERR00',
    title: 'All selected checks ran',
    requirement: 'Every selected check completed without an internal error.',
    keyword: 'policy',
    revisions: 'any',
    transports: ['streamable-http', 'http+sse', 'stdio'],
    mode: 'passive',
    // An aggregate reads the other checks' results, not evidence sections.
    requires: [],
    rating: { scope: 'none' },
    keys: { error: 'one or more selected checks ended in an internal error (named in the message)' },
    severity: 'info',
    citations: [mcp('2026-07-28', 'basic/index')],
    rationale:
      'An `error` is neither a pass nor a fail of the target: it means part of the audit did not happen, so the report is incomplete and any rating built on it is provisional.',
    remediation:
      'Re-run with the evidence bundle saved (`--save-evidence`) and report the failing check with the bundle; the target itself is not at fault.',
    evidence: 'The outcomes of every other check for the target.',
    notes:
      'Implemented as an aggregate over the other results, not over evidence; it has no probes of its own.',
  },
  aggregate(results: readonly CheckResult[], ctx) {
    const errored = results.filter((r) => r.status === 'error');
    if (errored.length === 0)
      return ctx.pass(`All ${new Set(results.map((r) => r.checkId)).size} checks completed.`);
    const ids = [...new Set(errored.map((r) => r.checkId))];
    return ctx.fail(`${ids.length} check(s) ended in an internal error: ${ids.join(', ')}.`, [], {
      key: 'error',
    });
  },
});
