/**
 * The text report's NOT APPLICABLE block: grouped by family and reason by default, the full
 * list with `verbose`. Rendered from the committed demo report (a real scan's JSON report).
 */
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import type { ReportResult, ScanReport } from '../../src/report/model.js';
import { groupNotApplicable, notApplicableChecks } from '../../src/report/not-applicable.js';
import { renderText } from '../../src/report/text.js';

const demo = JSON.parse(
  readFileSync(new URL('../../docs/examples/demo-report.json', import.meta.url), 'utf8'),
) as ScanReport;

function block(text: string): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith('NOT APPLICABLE'));
  const end = lines.indexOf('', start);
  return lines.slice(start, end);
}

describe('NOT APPLICABLE block', () => {
  const ids = notApplicableChecks(demo).map((c) => c.id);

  it('groups by reason in words, one line each, counting every not-applicable check once', () => {
    const groups = groupNotApplicable(demo);
    expect(groups.reduce((n, g) => n + g.checkIds.length, 0)).toBe(ids.length);
    expect(groups.flatMap((g) => g.checkIds).sort()).toEqual([...ids].sort());
    // One group per reason across families: every check of every family that waits for authorization.
    const noAuth = groups.find((g) => g.label === 'the target uses no authorization');
    expect(noAuth?.checkIds.length).toBe(
      demo.results.filter((r) => r.status === 'not_applicable' && r.reason === 'no_auth').length,
    );
    const lines = block(renderText(demo));
    expect(lines[0]).toBe(`NOT APPLICABLE (${ids.length}); --verbose lists them`);
    expect(lines).toContain(
      `  ${String(noAuth!.checkIds.length).padStart(3)}  the target uses no authorization`,
    );
    expect(lines).toContain('    5  the target does not speak http+sse');
    expect(lines.length).toBe(groups.length + 1);
    // At a glance: no line lists check IDs, and no family code stands in for words.
    expect(lines.some((l) => /MCPP-|\b(TRN|LEG|MOD|ASM|PIN|CFG|STDIO) \(/.test(l))).toBe(false);
  });

  it('orders the groups by size, then by label, whatever the order of the results', () => {
    const reversed = { ...demo, results: [...demo.results].reverse() } as ScanReport;
    expect(groupNotApplicable(reversed).map((g) => g.label)).toEqual(
      groupNotApplicable(demo).map((g) => g.label),
    );
    const sizes = groupNotApplicable(demo).map((g) => g.checkIds.length);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  });

  it('lists every ID with verbose', () => {
    const lines = block(renderText(demo, { verbose: true }));
    expect(lines).toEqual([`NOT APPLICABLE (${ids.length})`, `  ${ids.join(' ')}`]);
  });

  it('keeps a check with any applicable result out of the block, and escapes check text', () => {
    const na = (checkId: string, message: string): ReportResult =>
      ({ checkId, status: 'not_applicable', reason: 'feature_absent', message }) as ReportResult;
    const report = {
      ...demo,
      results: [
        na('MCPP-TRN90', 'No thing\u001b[2J here.'),
        na('MCPP-TRN91', 'No thing\u001b[2J here.'),
        na('MCPP-TRN92', 'Other.'),
        { ...na('MCPP-TRN92', 'x'), status: 'pass' },
      ],
    } as ScanReport;
    const groups = groupNotApplicable(report);
    expect(groups.map((g) => g.checkIds)).toEqual([['MCPP-TRN90', 'MCPP-TRN91']]);
    const lines = block(renderText(report));
    expect(lines[1]).toMatch(/^ {4}2 {2}No thing.*here\.$/);
    expect(lines.join('\n')).not.toContain('\u001b');
  });
});
