import { describe, expect, it } from 'vitest';

import { evaluateAll } from '../../src/engine/run.js';
import { buildReport } from '../../src/report/build-report.js';
import { applySuppressions } from '../../src/report/suppress.js';
import { demoEvidence, PINNED_NOW } from '../helpers/pinned-report.js';

describe('buildReport: per-process work done once', () => {
  const ev = demoEvidence();
  const results = evaluateAll(ev);

  it('shares one frozen entry per check between reports', () => {
    const a = buildReport(ev, results, { now: PINNED_NOW });
    const b = buildReport(ev, results, { now: PINNED_NOW });
    expect(a.checks.length).toBeGreaterThan(100);
    a.checks.forEach((c, i) => expect(b.checks[i]).toBe(c));
    const first = a.checks[0]!;
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.citations)).toBe(true);
    expect(() => {
      (first as { title: string }).title = 'changed';
    }).toThrow(TypeError);
  });

  it('without suppressions, is the report the suppression pass would have made', () => {
    const plain = buildReport(ev, results, { now: PINNED_NOW });
    const { rating: _rating, ...unrated } = plain;
    const passed = applySuppressions(unrated, [], PINNED_NOW).report;
    expect(passed).toEqual(unrated);
    expect(buildReport(ev, results, { now: PINNED_NOW, suppressions: [] })).toEqual(plain);
  });
});
