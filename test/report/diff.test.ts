import { describe, expect, it } from 'vitest';

import { diffReports, renderDiffText } from '../../src/report/diff.js';
import type { ReportResult, ScanReport } from '../../src/report/model.js';
import { fingerprint } from '../../src/report/build-report.js';
import { demoReportOf, editResults, ORIGINAL_DEMO_CHECKS, setStatus } from '../helpers/pinned-report.js';

/** The demo report, cut down to the checks it had when these tests were written. */
const DEMO: ScanReport = demoReportOf(ORIGINAL_DEMO_CHECKS);

const ids = (rs: readonly ReportResult[]) => rs.map((r) => `${r.checkId}${r.key ? `:${r.key}` : ''}`);

describe('diffReports', () => {
  it('the same report twice: everything unchanged', () => {
    const d = diffReports(DEMO, DEMO);
    expect(d.new).toEqual([]);
    expect(d.fixed).toEqual([]);
    expect(d.unverifiable).toEqual([]);
    expect(d.unchanged).toHaveLength(8);
    expect(d.gradeChange).toEqual({ from: 'D', to: 'D' });
  });

  it('finds new and fixed failures and the grade change', () => {
    const before = setStatus(DEMO, 'MCPP-LEG08', 'pass');
    const after = setStatus(DEMO, 'MCPP-TRN12', 'pass');
    const d = diffReports(before, after);
    expect(ids(d.new)).toEqual(['MCPP-LEG08:400']);
    expect(ids(d.fixed)).toEqual(['MCPP-TRN12:local-open']);
    expect(d.unchanged).toHaveLength(6);
    // before: 100-20-20-2 = 58 (D); after: 100-20-8-2 = 70 (C, capped C by ACT01).
    expect(d.gradeChange).toEqual({ from: 'D', to: 'C' });
  });

  it('a failure that is now inconclusive is not fixed', () => {
    const d = diffReports(DEMO, setStatus(DEMO, 'MCPP-TRN12', 'inconclusive', 'fetch_failed'));
    expect(ids(d.unverifiable)).toEqual(['MCPP-TRN12:local-open']);
    expect(d.fixed).toEqual([]);
  });

  it('a failure whose check did not run is not fixed; one whose location disappeared is', () => {
    const missing = { ...DEMO, results: DEMO.results.filter((r) => r.checkId !== 'MCPP-LEG08') };
    expect(ids(diffReports(DEMO, missing).unverifiable)).toEqual(['MCPP-LEG08:400']);
    const moved = editResults(DEMO, (r) =>
      r.checkId === 'MCPP-LEG07' ? { ...r, status: 'pass', severity: null, key: null, fingerprint: 'x' } : r,
    );
    expect(ids(diffReports(DEMO, moved).fixed)).toEqual(['MCPP-LEG07:400']);
  });

  it('matches by check, location and key when the target URL (and so the fingerprint) changed', () => {
    const url = 'http://127.0.0.1:40000/mcp';
    const rehosted: ScanReport = {
      ...DEMO,
      target: { ...DEMO.target, url },
      results: DEMO.results.map((r) => ({
        ...r,
        fingerprint: fingerprint(r.checkId, url, r.location, r.key),
      })),
    };
    const d = diffReports(DEMO, rehosted);
    expect(d.new).toEqual([]);
    expect(d.fixed).toEqual([]);
    expect(d.unchanged).toHaveLength(8);
    expect(d.targets).toEqual({ from: DEMO.target.url, to: url });
  });

  it('orders findings by severity', () => {
    const before = editResults(DEMO, (r) =>
      r.status === 'fail' ? { ...r, status: 'pass', severity: null } : r,
    );
    expect(diffReports(before, DEMO).new.map((r) => r.severity)).toEqual([
      'high',
      'high',
      'high',
      'high',
      'medium',
      'medium',
      'low',
      'info',
    ]);
  });
});

describe('renderDiffText', () => {
  it('renders the grade change and each section', () => {
    const before = setStatus(DEMO, 'MCPP-LEG08', 'pass');
    const text = renderDiffText(diffReports(before, setStatus(DEMO, 'MCPP-TRN12', 'pass')));
    expect(text).toContain(
      `Target: ${DEMO.target.url}\nGrade: D -> C\n1 new, 1 fixed, 6 unchanged, 0 unverifiable\n`,
    );
    expect(text).toContain('New failures (1):\n  + MCPP-LEG08 [medium] endpoint (400): ');
    expect(text).toContain('Fixed (1):\n  - MCPP-TRN12 [high] endpoint (local-open): ');
    expect(text).toContain('Unchanged failures (6):');
    expect(renderDiffText(diffReports(DEMO, DEMO))).toContain('Grade: D (unchanged)');
  });

  it('escapes server-derived strings', () => {
    const hostile = editResults(DEMO, (r) =>
      r.checkId === 'MCPP-TRN12' ? { ...r, location: 'tool:evil\u001b[31m\u202e', key: 'a\nb' } : r,
    );
    const text = renderDiffText(diffReports(setStatus(DEMO, 'MCPP-TRN12', 'pass'), hostile));
    expect(text).toContain('tool:evil\\u{1b}[31m\\u{202e} (a\\nb)');
    expect(text.includes('\u001b') || text.includes('\u202e')).toBe(false);
  });
});
