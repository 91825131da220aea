/** The shared report fixture itself (test/helpers/pinned-report.ts): what the report tests stand on. */
import { describe, expect, it } from 'vitest';

import { summarize } from '../../src/report/summary.js';
import { exampleReport } from '../../src/tools/gen-examples.js';
import {
  demoEvidence,
  demoReport,
  demoReportOf,
  ORIGINAL_DEMO_CHECKS,
  replaceResults,
  setStatus,
} from '../helpers/pinned-report.js';

describe('the pinned demo report', () => {
  it('is the report the golden examples render, apart from the two timings the examples also pin', () => {
    const golden = exampleReport();
    const shared = demoReport();
    expect({ ...shared, generatedAt: golden.generatedAt, durationMs: golden.durationMs }).toEqual(golden);
    expect(shared.generatedAt).toBe(demoEvidence().startedAt);
  });

  it('is built once and frozen, so no test can change it for the next', () => {
    expect(demoReport()).toBe(demoReport());
    expect(demoEvidence()).toBe(demoEvidence());
    const r = demoReport();
    expect(() => {
      (r.results as unknown as unknown[]).push(null);
    }).toThrow(TypeError);
    expect(() => {
      (r.results[0] as { status: string }).status = 'pass';
    }).toThrow(TypeError);
    expect(() => {
      (demoEvidence().exchanges as unknown as unknown[]).pop();
    }).toThrow(TypeError);
  });

  it('cut to the original checks: only those, with a summary of exactly those results', () => {
    const cut = demoReportOf(ORIGINAL_DEMO_CHECKS);
    expect(new Set(cut.results.map((r) => r.checkId))).toEqual(ORIGINAL_DEMO_CHECKS);
    expect(cut.checks.map((c) => c.id).sort()).toEqual([...ORIGINAL_DEMO_CHECKS].sort());
    expect(cut.summary).toEqual(summarize(cut.results));
    expect(cut.summary.checks).toBe(ORIGINAL_DEMO_CHECKS.size);
    expect(cut.summary.checks).toBeLessThan(demoReport().summary.checks);
  });

  it('editing helpers copy: a check replaced in place, a status set, the shared report untouched', () => {
    const before = JSON.stringify(demoReport());
    const ids = demoReport().results.map((r) => r.checkId);
    const at = ids.indexOf('MCPP-TRN12');
    const replaced = replaceResults(demoReport(), 'MCPP-TRN12', [
      { checkId: '', status: 'pass', message: 'a' },
      { checkId: '', status: 'fail', message: 'b', key: 'k' },
    ]);
    expect(replaced.results.slice(at, at + 2).map((r) => [r.checkId, r.status, r.severity])).toEqual([
      ['MCPP-TRN12', 'pass', null],
      ['MCPP-TRN12', 'fail', 'high'],
    ]);
    expect(replaced.results.filter((r) => r.checkId === 'MCPP-TRN12')).toHaveLength(2);
    expect(replaced.results[at + 1]!.fingerprint).not.toBe(replaced.results[at]!.fingerprint);
    const passed = setStatus(demoReport(), 'MCPP-LEG08', 'inconclusive', 'ambiguous');
    const leg08 = passed.results.filter((r) => r.checkId === 'MCPP-LEG08');
    expect(leg08.length).toBeGreaterThan(0);
    for (const r of leg08)
      expect(r).toMatchObject({ status: 'inconclusive', severity: null, reason: 'ambiguous' });
    expect(JSON.stringify(demoReport())).toBe(before);
  });
});
