import { describe, expect, it } from 'vitest';

import type { Suppression } from '../../src/config/schema.js';
import type { ReportResult, ScanReport } from '../../src/report/model.js';
import {
  activeResults,
  applySuppressions,
  isExpired,
  isSuppressed,
  renderSuppressionNotice,
} from '../../src/report/suppress.js';
import { summarize } from '../../src/report/summary.js';
import { demoReport, demoReportOf, ORIGINAL_DEMO_CHECKS } from '../helpers/pinned-report.js';

/** The demo report, cut down to the checks it had when these tests were written. */
const DEMO: ScanReport = demoReportOf(ORIGINAL_DEMO_CHECKS);
const NOW = new Date('2026-06-15T12:00:00Z');

const trn12: Suppression = { check: 'MCPP-TRN12', reason: 'local dev server, firewalled' };

const failsOf = <R extends ReportResult>(r: { results: readonly R[] }, id: string): R[] =>
  r.results.filter((x) => x.checkId === id && x.status === 'fail');

describe('applySuppressions', () => {
  it('a live suppression hides a fail from the summary and marks the result', () => {
    const out = applySuppressions(DEMO, [trn12], NOW);
    expect(out.suppressedCount).toBe(1);
    expect(out.expired).toEqual([]);
    const [hidden] = failsOf(out.report, 'MCPP-TRN12');
    expect(hidden).toMatchObject({ status: 'fail', suppression: { reason: trn12.reason, expires: null } });
    expect(out.report.suppressions).toEqual({ applied: 1, expired: [], unused: [] });
    expect(DEMO.summary.failsBySeverity.high).toBe(2);
    expect(out.report.summary.failsBySeverity.high).toBe(1);
    expect(out.report.summary.byStatus.fail).toBe(DEMO.summary.byStatus.fail - 1);
    expect(activeResults(out.report.results).some((r) => r.checkId === 'MCPP-TRN12')).toBe(false);
    // Other results carry an explicit null.
    expect(
      out.report.results.filter((r) => r.checkId !== 'MCPP-TRN12').every((r) => r.suppression === null),
    ).toBe(true);
  });

  it('an EXPIRED suppression suppresses nothing: the finding counts again and the suppression is reported', () => {
    const old: Suppression = { ...trn12, expires: '2026-06-14' };
    const out = applySuppressions(DEMO, [old], NOW);
    expect(out.suppressedCount).toBe(0);
    expect(out.expired).toEqual([old]);
    expect(out.report.suppressions.expired).toEqual([old]);
    expect(failsOf(out.report, 'MCPP-TRN12').every((r) => !isSuppressed(r))).toBe(true);
    expect(out.report.summary).toEqual(DEMO.summary);
  });

  it('a suppression applies through the whole expiry day (UTC)', () => {
    const s: Suppression = { ...trn12, expires: '2026-06-15' };
    expect(isExpired(s, new Date('2026-06-15T23:59:59Z'))).toBe(false);
    expect(isExpired(s, new Date('2026-06-16T00:00:00Z'))).toBe(true);
    expect(applySuppressions(DEMO, [s], NOW).suppressedCount).toBe(1);
  });

  it('matches the short ID form case-insensitively', () => {
    expect(applySuppressions(DEMO, [{ ...trn12, check: 'trn12' }], NOW).suppressedCount).toBe(1);
  });

  it('narrows by key and location', () => {
    // ACT01 fails for three Origin variants (keys foreign, null, lookalike).
    const byKey = applySuppressions(DEMO, [{ check: 'ACT01', key: 'null', reason: 'r' }], NOW);
    expect(byKey.suppressedCount).toBe(1);
    expect(failsOf(byKey.report, 'MCPP-ACT01').filter((r) => isSuppressed(r))).toHaveLength(1);
    expect(byKey.report.summary.failsBySeverity.high).toBe(2);
    const all = applySuppressions(DEMO, [{ check: 'ACT01', reason: 'r' }], NOW);
    expect(all.suppressedCount).toBe(3);
    expect(all.report.summary.failsBySeverity.high).toBe(1);
    const wrongLocation = applySuppressions(
      DEMO,
      [{ check: 'ACT01', location: 'origin:x', reason: 'r' }],
      NOW,
    );
    expect(wrongLocation.suppressedCount).toBe(0);
    expect(wrongLocation.report.suppressions.unused).toHaveLength(1);
  });

  it('narrows by target URL or config name', () => {
    const url = DEMO.target.url;
    expect(applySuppressions(DEMO, [{ ...trn12, target: url }], NOW).suppressedCount).toBe(1);
    expect(applySuppressions(DEMO, [{ ...trn12, target: 'local' }], NOW).suppressedCount).toBe(0);
    expect(
      applySuppressions(DEMO, [{ ...trn12, target: 'local' }], NOW, { targetName: 'local' }).suppressedCount,
    ).toBe(1);
    const other = applySuppressions(
      DEMO,
      [{ ...trn12, target: 'https://other.example/mcp', expires: '2020-01-01' }],
      NOW,
    );
    expect(other.suppressedCount).toBe(0);
    // Another target's expired suppression is not this report's business.
    expect(other.expired).toEqual([]);
  });

  it('never marks a result that does not fail', () => {
    const out = applySuppressions(DEMO, [{ check: 'TRN01', reason: 'r' }], NOW);
    expect(out.suppressedCount).toBe(0);
    expect(out.report.summary).toEqual(DEMO.summary);
  });
});

describe('summarize', () => {
  it('agrees with the report model when nothing is suppressed', () => {
    const full = demoReport();
    expect(summarize(full.results)).toEqual(full.summary);
  });
});

describe('renderSuppressionNotice', () => {
  it('prints the count, the expired suppressions and the unused ones', () => {
    const out = applySuppressions(
      DEMO,
      [
        trn12,
        { check: 'ACT01', reason: 'r' },
        { check: 'LEG08', key: '400', reason: 'waiting for upstream\u001b[2J', expires: '2026-01-01' },
        { check: 'TRN01', reason: 'stale' },
      ],
      NOW,
    );
    const text = renderSuppressionNotice(out.report.suppressions);
    expect(text).toContain('4 findings suppressed by configuration.');
    expect(text).toContain('Suppression expired 2026-01-01: LEG08:400 (waiting for upstream\\u{1b}[2J)');
    expect(text).toContain('Unused suppression: TRN01 matched no failing result.');
    expect(renderSuppressionNotice(applySuppressions(DEMO, [trn12], NOW).report.suppressions)).toBe(
      '1 finding suppressed by configuration.\n',
    );
    expect(renderSuppressionNotice(applySuppressions(DEMO, [], NOW).report.suppressions)).toBe('');
  });
});
