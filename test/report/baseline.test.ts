import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { EXIT, exitCodeFor } from '../../src/run/exit-code.js';
import type { ReportResult, ScanReport } from '../../src/report/model.js';
import type { Severity } from '../../src/checks/define-check.js';
import type { Baseline, BaselineComparison, BaselineEntry } from '../../src/report/baseline.js';
import {
  BaselineError,
  compareWithBaseline,
  loadBaseline,
  parseBaseline,
  renderBaselineSummary,
  serializeBaseline,
  writeBaseline,
} from '../../src/report/baseline.js';
import { applySuppressions } from '../../src/report/suppress.js';
import { demoReportOf, ORIGINAL_DEMO_CHECKS, setStatus } from '../helpers/pinned-report.js';

/** The exit code of `report` gated against `cmp`, as the CLI computes it. */
function gate(report: ScanReport, cmp: BaselineComparison, failOn: Severity | 'none'): number {
  const withBaseline: ScanReport = {
    ...report,
    baseline: {
      file: 'baseline.json',
      newFailures: cmp.newFailures.map((r) => r.fingerprint),
      expectedFailures: cmp.expectedFailures.map((r) => r.fingerprint),
      stale: cmp.stale,
      unverifiable: cmp.unverifiable,
    },
  };
  return exitCodeFor(withBaseline, { failOn });
}

/** The demo report, cut down to the checks it had when these tests were written. */
const DEMO: ScanReport = demoReportOf(ORIGINAL_DEMO_CHECKS);
const URL_ = DEMO.target.url;

/** The demo report with one check's results set to a status. */
const withStatus = (id: string, status: ReportResult['status'], reason: ReportResult['reason'] = null) =>
  setStatus(DEMO, id, status, reason);

const baseline = (...entries: BaselineEntry[]): Baseline => ({ version: 1, entries });
const ALL = writeBaseline(DEMO);

describe('writeBaseline → compareWithBaseline', () => {
  it('round trip: a baseline of the current failures gives no new and no stale entries', () => {
    const cmp = compareWithBaseline(DEMO, parseBaseline(serializeBaseline(ALL)));
    expect(cmp.newFailures).toEqual([]);
    expect(cmp.stale).toEqual([]);
    expect(cmp.unverifiable).toEqual([]);
    expect(cmp.expectedFailures).toHaveLength(DEMO.results.filter((r) => r.status === 'fail').length);
    expect(gate(DEMO, cmp, 'info')).toBe(EXIT.ok);
  });

  it('writes one entry per failing result with check, key, location and fingerprint', () => {
    expect(ALL.version).toBe(1);
    expect(ALL.entries).toHaveLength(8);
    expect(ALL.entries).toContainEqual({
      target: URL_,
      check: 'MCPP-ACT01',
      key: 'null',
      location: 'endpoint',
      fingerprint: DEMO.results.find((r) => r.checkId === 'MCPP-ACT01' && r.key === 'null')!.fingerprint,
    });
    expect(ALL.entries.find((e) => e.check === 'MCPP-TRN16')).not.toHaveProperty('key');
  });

  it('keeps other targets and reasons when rewriting', () => {
    const other: BaselineEntry = { target: 'https://other.example/mcp', check: 'TRN01', reason: 'theirs' };
    const reasoned = ALL.entries.map((e) => (e.check === 'MCPP-TRN12' ? { ...e, reason: 'accepted' } : e));
    const next = writeBaseline(DEMO, baseline(other, ...reasoned));
    expect(next.entries).toContainEqual(other);
    expect(next.entries.find((e) => e.check === 'MCPP-TRN12')?.reason).toBe('accepted');
    expect(next.entries).toHaveLength(ALL.entries.length + 1);
  });

  it('leaves suppressed failures to the suppression', () => {
    const { report } = applySuppressions(DEMO, [{ check: 'TRN12', reason: 'r' }], new Date());
    expect(writeBaseline(report).entries.some((e) => e.check === 'MCPP-TRN12')).toBe(false);
  });
});

describe('compareWithBaseline', () => {
  it('a NEW failure fails the run', () => {
    const without = baseline(...ALL.entries.filter((e) => e.check !== 'MCPP-LEG08'));
    const cmp = compareWithBaseline(DEMO, without);
    expect(cmp.newFailures.map((r) => r.checkId)).toEqual(['MCPP-LEG08']);
    expect(cmp.stale).toEqual([]);
    expect(gate(DEMO, cmp, 'medium')).toBe(EXIT.findings);
    // Below the threshold a new failure does not fail the run.
    expect(gate(DEMO, cmp, 'high')).toBe(EXIT.ok);
  });

  it('an EXPECTED failure passes the run', () => {
    const cmp = compareWithBaseline(DEMO, ALL);
    expect(cmp.expectedFailures.map((r) => r.checkId)).toContain('MCPP-TRN12');
    expect(gate(DEMO, cmp, 'info')).toBe(EXIT.ok);
  });

  it('a STALE entry (its finding now passes) fails the run, whatever the threshold', () => {
    const fixed = withStatus('MCPP-TRN12', 'pass');
    const cmp = compareWithBaseline(fixed, ALL);
    expect(cmp.stale.map((e) => e.check)).toEqual(['MCPP-TRN12']);
    expect(cmp.newFailures).toEqual([]);
    expect(gate(fixed, cmp, 'critical')).toBe(EXIT.findings);
    expect(gate(fixed, cmp, 'none')).toBe(EXIT.findings);
  });

  it('an entry whose finding became not applicable, or whose location is gone, is stale', () => {
    expect(
      compareWithBaseline(withStatus('MCPP-LEG07', 'not_applicable', 'feature_absent'), ALL).stale,
    ).toHaveLength(1);
    const gone = baseline({ target: URL_, check: 'TRN12', location: 'origin:https://gone.example' });
    expect(compareWithBaseline(DEMO, gone).stale).toHaveLength(1);
  });

  it('an entry whose check is now inconclusive or errored is unverifiable: neither stale nor new', () => {
    for (const [status, reason] of [
      ['inconclusive', 'fetch_failed'],
      ['error', 'internal'],
    ] as const) {
      const r = withStatus('MCPP-TRN12', status, reason);
      const cmp = compareWithBaseline(r, ALL);
      expect(cmp.unverifiable.map((e) => e.check)).toEqual(['MCPP-TRN12']);
      expect(cmp.stale).toEqual([]);
      expect(cmp.newFailures).toEqual([]);
      expect(gate(r, cmp, 'info')).toBe(EXIT.ok);
    }
  });

  it('an entry whose check did not run is unverifiable', () => {
    const r = { ...DEMO, results: DEMO.results.filter((x) => x.checkId !== 'MCPP-LEG08') };
    expect(compareWithBaseline(r, ALL).unverifiable.map((e) => e.check)).toEqual(['MCPP-LEG08']);
  });

  it('matches by check (short form), ID:key, key or fingerprint', () => {
    const leg07 = DEMO.results.find((r) => r.checkId === 'MCPP-LEG07')!;
    const forms: BaselineEntry[] = [
      { target: URL_, check: 'leg07' },
      { target: URL_, check: 'LEG07:400' },
      { target: URL_, check: 'MCPP-LEG07', key: '400' },
      { target: URL_, check: 'MCPP-LEG07', fingerprint: leg07.fingerprint },
    ];
    for (const e of forms)
      expect(compareWithBaseline(DEMO, baseline(e)).expectedFailures.map((r) => r.checkId)).toEqual([
        'MCPP-LEG07',
      ]);
    // A key that does not match leaves the failure new and the entry stale.
    const wrong = compareWithBaseline(DEMO, baseline({ target: URL_, check: 'LEG07:500' }));
    expect(wrong.newFailures.map((r) => r.checkId)).toContain('MCPP-LEG07');
    expect(wrong.stale).toHaveLength(1);
  });

  it('a check-level entry covers every failing result of the check', () => {
    const cmp = compareWithBaseline(DEMO, baseline({ target: URL_, check: 'ACT01' }));
    expect(cmp.expectedFailures.filter((r) => r.checkId === 'MCPP-ACT01')).toHaveLength(3);
  });

  it('ignores entries of other targets; a config name matches when given', () => {
    const named = baseline(...ALL.entries.map((e) => ({ ...e, target: 'local' })));
    expect(compareWithBaseline(DEMO, named).newFailures).toHaveLength(8);
    expect(compareWithBaseline(DEMO, named).stale).toEqual([]);
    expect(compareWithBaseline(DEMO, named, { targetName: 'local' }).newFailures).toEqual([]);
  });

  it('a suppressed failure is neither new nor makes its entry stale', () => {
    const { report } = applySuppressions(DEMO, [{ check: 'TRN12', reason: 'r' }], new Date());
    const cmp = compareWithBaseline(report, ALL);
    expect(cmp.stale).toEqual([]);
    expect(cmp.expectedFailures.some((r) => r.checkId === 'MCPP-TRN12')).toBe(false);
    const none = compareWithBaseline(report, baseline());
    expect(none.newFailures.some((r) => r.checkId === 'MCPP-TRN12')).toBe(false);
  });

  it('a scan that failed exits 3 and proves nothing about the entries', () => {
    const down: ScanReport = {
      ...DEMO,
      outcome: 'unreachable',
      results: DEMO.results.map((r) => ({
        ...r,
        status: 'not_applicable',
        severity: null,
        reason: 'target_class',
      })),
    };
    const cmp = compareWithBaseline(down, ALL);
    expect(cmp.stale).toEqual([]);
    expect(cmp.unverifiable).toHaveLength(ALL.entries.length);
    expect(gate(down, cmp, 'medium')).toBe(EXIT.scanFailed);
  });
});

describe('parseBaseline / loadBaseline', () => {
  it('rejects malformed files with the path of each problem', () => {
    const bad = JSON.stringify({
      version: 2,
      entries: [
        { target: URL_, check: 'nope' },
        { check: 'TRN01' },
        { target: URL_, check: 'TRN01:a', key: 'b' },
      ],
    });
    try {
      parseBaseline(bad, 'b.json');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(BaselineError);
      const issues = (err as BaselineError).issues;
      expect(issues).toContain('version: expected 1');
      expect(issues.some((i) => i.startsWith('entries[0].check: expected a check ID'))).toBe(true);
      expect(issues).toContain('entries[1].target: required');
      expect(issues).toContain('entries[2].key: conflicts with the key in "TRN01:a"');
    }
    expect(() => parseBaseline('{', 'b.json')).toThrow(/b\.json: invalid baseline\n {2}- not valid JSON/);
  });

  it('loads a file written by serializeBaseline', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpp-baseline-'));
    const path = join(dir, 'mcp-posture.baseline.json');
    writeFileSync(path, serializeBaseline(ALL));
    expect(loadBaseline(path)).toEqual(ALL);
    expect(() => loadBaseline(join(dir, 'missing.json'))).toThrow(BaselineError);
  });
});

describe('renderBaselineSummary', () => {
  it('names new, stale and unverifiable entries', () => {
    const r = withStatus('MCPP-TRN12', 'pass');
    const cmp = compareWithBaseline(r, baseline(...ALL.entries.filter((e) => e.check !== 'MCPP-LEG08')));
    const text = renderBaselineSummary(cmp);
    expect(text).toContain('Baseline: 1 new, 6 expected, 1 stale, 0 unverifiable.');
    expect(text).toContain('new:          MCPP-LEG08 [medium] endpoint (400)');
    expect(text).toContain('stale:        MCPP-TRN12:local-open at endpoint no longer fails');
  });
});
