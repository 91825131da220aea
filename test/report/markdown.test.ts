import { describe, expect, it } from 'vitest';

import type { Severity } from '../../src/checks/define-check.js';
import { SEVERITIES } from '../../src/checks/define-check.js';
import { escapeTerminalLine } from '../../src/escape/terminal.js';
import { MARKDOWN_MARKER, renderMarkdown } from '../../src/report/markdown.js';
import type { ReportResult, ScanReport } from '../../src/report/model.js';
import { formatGrade } from '../../src/report/rating.js';
import { demoHostileTool, hostileMarkupReport, XSS } from '../helpers/hostile-report.js';
import { unescapeMarkdown } from '../helpers/markdown.js';
import { demoReport, withSuppressedLeg07 } from '../helpers/pinned-report.js';

/** Characters outside backslash escapes (escape pairs dropped). */
function unescapedOnly(md: string): string {
  return md.replace(/\\[\s\S]/g, '');
}

function tableRows(md: string, header: string): string[] {
  const lines = md.split('\n');
  const start = lines.indexOf(header);
  expect(start).toBeGreaterThan(-1);
  const rows: string[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line);
  }
  return rows;
}

const pipes = (row: string) => (unescapedOnly(row).match(/\|/g) ?? []).length;

describe('renderMarkdown', () => {
  const demo = demoReport();
  const md = renderMarkdown(demo);
  // The catalogue grows: counts come from the report, the fixed points from the demo server's known flaws.
  const b = demo.summary.byStatus;
  const unsettledCount = demo.results.filter(
    (r) => r.status === 'inconclusive' || r.status === 'error',
  ).length;

  it('starts with the marker and a summary line: grade, failing counts by severity, outcome, revision', () => {
    const [marker, summary] = md.split('\n');
    expect(marker).toBe(MARKDOWN_MARKER);
    expect(summary!.startsWith(`**mcp\\-posture** grade **${formatGrade(demo.rating)}**`)).toBe(true);
    const bySev = SEVERITIES.map((sev) => `${demo.summary.failsBySeverity[sev]} ${sev}`).join(', ');
    expect(summary).toContain(`${b.fail} failing (${bySev})`);
    expect(summary).toContain('outcome **graded**');
    expect(summary).toContain('revision 2025\\-11\\-25 (negotiated)');
    expect(summary).toContain(
      `${b.pass} pass, ${b.inconclusive} inconclusive, ${b.error} error, ${b.not_applicable} n/a of ${demo.summary.checks} checks`,
    );
  });

  it('tables every failing check once, most severe first, each ID linked to its doc page', () => {
    const rows = tableRows(md, '| Severity | Check | Title | Finding |');
    // One row per failing check, the unit of the summary line's "N failing" (ACT01 fails three times).
    expect(rows).toHaveLength(b.fail);
    expect(demo.results.filter((r) => r.status === 'fail').length).toBeGreaterThan(b.fail);
    const act01 = rows.find((r) => r.includes('[MCPP\\-ACT01]'))!;
    expect(act01).toContain('**3 places:**<br>');
    expect(act01).toContain('(key foreign)<br>');
    const ranks = rows.map((r) => SEVERITIES.indexOf(r.split(' | ')[0]!.slice(2) as Severity));
    expect(ranks).not.toContain(-1);
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
    for (const row of rows) expect(pipes(row)).toBe(5);
    expect(md).toContain('[MCPP\\-TRN12](docs/checks/MCPP-TRN12.md)');
    // Doc pages existing is the catalogue gate's job; here each link must point at its own ID's page.
    for (const row of rows) {
      const [, id, dest] = /\[(MCPP\\-[A-Z]+\d+)\]\(([^)]+)\)/.exec(row)!;
      expect(dest).toBe(`docs/checks/${id!.replace('\\', '')}.md`);
    }
    expect(md).toContain('(key local\\-open)');
  });

  it('lists the passing checks by ID', () => {
    const line = md.split('\n').find((l) => l.startsWith('**Passed ('));
    const [, count] = /^\*\*Passed \((\d+)\):\*\* /.exec(line!)!;
    expect(line!.split(', ')).toHaveLength(Number(count));
    expect(line).toContain('MCPP\\-TRN01, MCPP\\-TRN06');
    expect(line).not.toContain('MCPP\\-TRN02'); // not applicable
  });

  it('has no details block when nothing is inconclusive or errored', () => {
    const settled = demo.results.filter((r) => r.status !== 'inconclusive' && r.status !== 'error');
    expect(renderMarkdown({ ...demo, results: settled })).not.toContain('<details>');
  });

  it('collapses inconclusive checks grouped by reason, and errors one by one, into a details block', () => {
    const report = hostileMarkupReport();
    const out = renderMarkdown(report);
    const errors = report.results.filter((r) => r.status === 'error').length;
    const inconclusive = new Set(
      report.results.filter((r) => r.status === 'inconclusive').map((r) => r.checkId),
    ).size;
    expect(out).toContain(
      `<details><summary>Inconclusive (${inconclusive}) and error (${errors}) checks</summary>\n\n| Why | Checks |`,
    );
    const rows = tableRows(out, '| Why | Checks |');
    const groups = rows.filter((r) => / inconclusive: /.test(r));
    expect(rows).toHaveLength(errors + groups.length);
    expect(groups.length).toBeLessThan(inconclusive);
    for (const row of rows) expect(pipes(row)).toBe(3);
    // Reasons in words, never the reason code.
    expect(rows.join('\n')).not.toMatch(/probe\\_unavailable|mode\\_disabled|auth\\_wall/);
    expect(out).toMatch(/\n<\/details>\n/);
    expect(unsettledCount).toBeGreaterThan(0);
  });

  it('moves suppressed fails out of the failing table into their own collapsed table', () => {
    const out = renderMarkdown(withSuppressedLeg07(demo));
    const failing = tableRows(out, '| Severity | Check | Title | Finding |');
    expect(failing).toHaveLength(b.fail - 1);
    expect(failing.join('\n')).not.toContain('MCPP\\-LEG07');
    expect(out).toContain('<details><summary>Suppressed findings (1)</summary>');
    const [row] = tableRows(out, '| Severity | Check | Finding | Suppressed because |');
    expect(row).toContain('[MCPP\\-LEG07](docs/checks/MCPP-LEG07.md)');
    expect(row).toContain(
      'accepted \\<b\\>risk\\<\\/b\\> \\| see \\[ticket\\]\\(https\\:\\/\\/x\\.example\\) (until 2027\\-01\\-31)',
    );
    expect(pipes(row!)).toBe(5);
  });

  it('renders an unreachable target with no results', () => {
    const out = renderMarkdown({ ...demo, outcome: 'unreachable', results: [], checks: [], exchanges: [] });
    expect(out).toContain('outcome **unreachable**');
    expect(out).toContain('\nNo failing checks were found.\n');
  });

  it('lists expired and unused suppressions', () => {
    const out = renderMarkdown({
      ...demo,
      suppressions: {
        applied: 0,
        expired: [{ check: 'MCPP-TRN12', key: 'local-open', reason: 'r', expires: '2020-01-31' }],
        unused: [{ check: 'trn05', reason: 'x <b>' }],
      },
    });
    expect(out).toContain(
      '**Expired suppressions (1)**, their findings count again: MCPP\\-TRN12\\:local\\-open (2020\\-01\\-31)',
    );
    expect(out).toContain('**Unused suppressions (1)**, matching no failing result: trn05');
  });

  it('says when nothing fails', () => {
    const clean: ScanReport = { ...demo, results: demo.results.filter((r) => r.status !== 'fail') };
    expect(renderMarkdown(clean)).toContain('\nNo failing checks.\n');
  });

  it('cuts long tables with a note outside the table, and long place lists inside their cell', () => {
    const fail = demo.results.find((r) => r.status === 'fail')!;
    const many: ReportResult[] = Array.from({ length: 130 }, (_, i) => ({
      ...fail,
      checkId: `MCPP-TRN${String(i).padStart(2, '0')}` as ReportResult['checkId'],
      key: `k${i}`,
      fingerprint: `fp${i}`,
    }));
    const out = renderMarkdown({ ...demo, results: many });
    expect(tableRows(out, '| Severity | Check | Title | Finding |')).toHaveLength(50);
    expect(out).toContain('|\n\n_… and 80 more in the JSON report._');
    const places = many.map((r) => ({ ...r, checkId: fail.checkId }));
    const [row] = tableRows(
      renderMarkdown({ ...demo, results: places }),
      '| Severity | Check | Title | Finding |',
    );
    expect(row).toContain('**130 places:**<br>');
    expect(row).toContain('<br>… and 125 more places |');
  });
});

describe('renderMarkdown with a previous report', () => {
  it('lists a failure that is now inconclusive as no longer verifiable, not fixed', () => {
    const demo = demoReport();
    const now: ScanReport = {
      ...demo,
      results: demo.results.map((r) =>
        r.checkId === 'MCPP-LEG08'
          ? { ...r, status: 'inconclusive', severity: null, reason: 'fetch_failed' }
          : r,
      ),
    };
    const out = renderMarkdown(now, { previous: demo });
    expect(out).toContain('#### No longer verifiable (inconclusive, errored or not run) (1)');
    expect(out).not.toContain('#### Fixed');
  });

  const demo = demoReport();
  const act05 = demo.results.find((r) => r.checkId === 'MCPP-ACT05' && r.status === 'fail')!;
  const leg07 = demo.results.find((r) => r.checkId === 'MCPP-LEG07')!;
  const gone: ReportResult = {
    ...leg07,
    key: 'old-key',
    message: 'An old failure.',
    fingerprint: 'a'.repeat(32),
  };
  // Before: ACT05 did not fail yet, and a LEG07 failure that is gone now did.
  const previous: ScanReport = { ...demo, results: [...demo.results.filter((r) => r !== act05), gone] };

  it('lists new and fixed findings, compared by fingerprint', () => {
    const out = renderMarkdown(demo, { previous });
    const newPart = out.slice(out.indexOf('#### New since the previous scan (1)'), out.indexOf('#### Fixed'));
    expect(newPart).toContain('[MCPP\\-ACT05](docs/checks/MCPP-ACT05.md)');
    expect(newPart.split('\n').filter((l) => l.startsWith('- '))).toHaveLength(1);
    const fixedPart = out.slice(out.indexOf('#### Fixed since the previous scan (1)'));
    expect(fixedPart).toContain('An old failure\\. (key old\\-key) _(now not reported)_');
  });

  it('notes the current status of a fixed finding that is still reported', () => {
    const nowPass = { ...act05, status: 'pass' as const, severity: null };
    const out = renderMarkdown(
      { ...demo, results: demo.results.map((r) => (r === act05 ? nowPass : r)) },
      { previous: demo },
    );
    expect(out).toContain('#### Fixed since the previous scan (1)');
    expect(out).toContain('_(now pass)_');
    expect(out).not.toContain('#### New since');
  });

  it('says when nothing changed', () => {
    expect(renderMarkdown(demo, { previous: demo })).toContain(
      'No new or fixed findings since the previous scan.',
    );
  });
});

describe('renderMarkdown with a baseline', () => {
  const demo = demoReport();
  const trn12 = demo.results.find((r) => r.checkId === 'MCPP-TRN12')!;

  it('shows new and fixed baseline entries, resolving fingerprints it knows', () => {
    const out = renderMarkdown(demo, { baseline: { new: [trn12.fingerprint], fixed: ['0123<b>x</b>'] } });
    expect(out).toContain('#### New since the baseline (1)\n\n- **high** [MCPP\\-TRN12]');
    expect(out).toContain(
      '#### Fixed since the baseline (1)\n\nThese no longer fail: remove them from the baseline file.\n\n- 0123\\<b\\>x\\<\\/b\\>',
    );
  });

  it('defaults to the baseline comparison recorded in the report', () => {
    const report: ScanReport = {
      ...demo,
      baseline: {
        file: 'mcp-posture.baseline.json',
        newFailures: [trn12.fingerprint],
        expectedFailures: [],
        stale: [{ target: demo.target.url, check: 'MCPP-LEG99', key: 'old<b>', location: 'endpoint' }],
        unverifiable: [{ target: demo.target.url, check: 'MCPP-LEG08', fingerprint: 'c'.repeat(32) }],
      },
    };
    const out = renderMarkdown(report);
    expect(out).toContain('#### New since the baseline (1)\n\n- **high** [MCPP\\-TRN12]');
    expect(out).toContain('- MCPP\\-LEG99\\:old\\<b\\> at endpoint\n');
    expect(out).toContain('#### Baseline entries not verifiable in this run (1)\n\n- ' + 'c'.repeat(32));
  });

  it('says when the baseline is unchanged', () => {
    expect(renderMarkdown(demo, { baseline: { new: [], fixed: [] } })).toContain(
      'No new or fixed findings since the baseline.',
    );
  });
});

describe('renderMarkdown escaping', () => {
  const report = hostileMarkupReport();
  const out = renderMarkdown(report, {
    previous: demoReport(),
    baseline: { new: ['f'.repeat(32)], fixed: [] },
  });
  const raw = unescapedOnly(out);

  it('emits only its own HTML tags', () => {
    const tags = [...raw.matchAll(/<[^>]*>?/g)].map((m) => m[0]);
    expect(new Set(tags)).toEqual(
      new Set([
        MARKDOWN_MARKER,
        '<details>',
        '<summary>',
        '</summary>',
        '</details>',
        '<sub>',
        '</sub>',
        '<br>',
      ]),
    );
  });

  it('emits only its own links, and no image, autolink, mention or raw control character', () => {
    const destinations = [...raw.matchAll(/\]\(([^)]*)\)/g)].map((m) => m[1]);
    expect(destinations.length).toBeGreaterThan(0);
    for (const dest of destinations) expect(dest).toMatch(/^docs\/checks\/MCPP-[A-Z]+\d+\.md$/);
    expect(raw).not.toContain('![');
    expect(out).not.toMatch(/https?:\/\/|javascript:|www\.(?!\\)/i);
    expect(out).not.toContain('@');
    // eslint-disable-next-line no-control-regex -- looking for raw control characters is the point
    expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f\u202e\u200b]/u);
  });

  it('keeps table rows whole whatever the server put in the text', () => {
    for (const row of tableRows(out, '| Severity | Check | Title | Finding |')) expect(pipes(row)).toBe(5);
    for (const row of tableRows(out, '| Why | Checks |')) expect(pipes(row)).toBe(3);
  });

  it('shows the hostile text literally once rendered', () => {
    const shown = unescapeMarkdown(out);
    const tool = demoHostileTool(report);
    expect(shown).toContain(tool.name);
    expect(shown).toContain(
      '<img src=x onerror=alert(1)> [click](javascript:alert(1)) ![i](http://evil.example/x.png)',
    );
    expect(shown).toContain(XSS.img);
    expect(shown).toContain(XSS.mdLink);
    expect(shown).toContain('\\u{202e}evil\\u{200b}');
    expect(shown).toContain(escapeTerminalLine(XSS.table));
    expect(shown).toContain('\uff20octocat and owner/repo\uff031');
  });

  it('does not link a malformed check ID', () => {
    expect(out).toContain(`| error | ${'\\"\\>\\<svg onload\\=\\"window\\.\\_\\_xss\\=1\\"\\>'}: `);
  });
});
