import { describe, expect, it } from 'vitest';

import type { CheckId, Reason, Status } from '../../src/checks/define-check.js';
import { complianceStatus, PRE_LOGIN_REASONS, renderCompliance } from '../../src/report/compliance.js';
import { UNOBSERVABLE_BEFORE_LOGIN } from '../../src/report/compliance-unobservable.js';
import { escapeMarkdown } from '../../src/escape/markdown.js';
import { FORMATS } from '../../src/report/formats.js';
import type { ReportResult, ScanReport } from '../../src/report/model.js';
import { runCli } from '../helpers/cli.js';
import { demoHostileTool, hostileMarkupReport, XSS } from '../helpers/hostile-report.js';
import { unescapeMarkdown } from '../helpers/markdown.js';
import { DEMO_EVIDENCE_PATH, demoReport } from '../helpers/pinned-report.js';

const demo = demoReport();
const base = demo.results.find((r) => r.checkId === 'MCPP-TRN01')!;

function result(status: Status, patch: Partial<ReportResult> = {}): ReportResult {
  return {
    ...base,
    status,
    severity: status === 'fail' ? 'high' : null,
    reason: null,
    suppression: null,
    ...patch,
  };
}

/** Characters outside backslash escapes (escape pairs dropped). */
const unescapedOnly = (md: string) => md.replace(/\\[\s\S]/g, '');
const pipes = (row: string) => (unescapedOnly(row).match(/\|/g) ?? []).length;

function rowOf(md: string, checkId: string): string {
  const row = md.split('\n').find((l) => l.startsWith(`| [${checkId.replace(/-/g, '\\-')}]`));
  expect(row, checkId).toBeDefined();
  return row!;
}

/** The demo report with one check's results replaced. */
function withResults(report: ScanReport, checkId: string, results: ReportResult[]): ScanReport {
  const rest = report.results.filter((r) => r.checkId !== checkId);
  return {
    ...report,
    results: [...rest, ...results.map((r) => ({ ...r, checkId: checkId as CheckId }))],
  };
}

describe('complianceStatus', () => {
  it('maps pass to Done and fail to Missing', () => {
    expect(complianceStatus([result('pass')])).toEqual({ label: 'Done', detail: null });
    expect(complianceStatus([result('fail')])).toEqual({ label: 'Missing', detail: null });
  });

  it('is Partly when the check also passes at another location or key', () => {
    const failing = result('fail', { location: 'https://as.example', key: 'tls10' });
    expect(complianceStatus([failing, result('pass')]).label).toBe('Partly');
    expect(complianceStatus([failing, result('pass', { key: 'tls11' })]).label).toBe('Partly');
    // A pass recorded for the very place that fails does not make it partial.
    expect(complianceStatus([failing, { ...failing, status: 'pass' }]).label).toBe('Missing');
  });

  it('notes a failure accepted by a suppression without hiding it', () => {
    const accepted = result('fail', { suppression: { reason: 'risk accepted', expires: null } });
    expect(complianceStatus([accepted])).toEqual({ label: 'Missing', detail: 'accepted by configuration' });
  });

  it('maps not_applicable to n/a with the reason in words', () => {
    expect(complianceStatus([result('not_applicable', { reason: 'no_auth' })])).toEqual({
      label: 'n/a',
      detail: 'no authorization in use',
    });
    // Not-applicable locations do not count against a check that ran elsewhere.
    expect(complianceStatus([result('not_applicable', { reason: 'transport' }), result('pass')]).label).toBe(
      'Done',
    );
  });

  it.each([
    ['needs_token', 'needs a token'],
    ['needs_second_token', 'needs a second token'],
    ['needs_narrow_token', 'needs a narrow-scope token'],
    ['auth_wall', 'behind the authorization wall'],
  ] as const)('maps inconclusive (%s) to "not verifiable before login"', (reason, words) => {
    expect(PRE_LOGIN_REASONS).toContain(reason);
    expect(complianceStatus([result('inconclusive', { reason })])).toEqual({
      label: 'not verifiable before login',
      detail: words,
    });
  });

  it.each([
    ['fetch_failed', 'a request failed'],
    ['mode_disabled', 'needs a higher scan mode'],
    ['tls_unverified', 'TLS could not be verified'],
    ['ambiguous', 'ambiguous evidence'],
  ] as const)('maps other inconclusive reasons (%s) to "not verified" with the reason', (reason, words) => {
    expect(complianceStatus([result('inconclusive', { reason })])).toEqual({
      label: 'not verified',
      detail: words,
    });
  });

  it('is "not verified" when only some open results need a token', () => {
    const s = complianceStatus([
      result('inconclusive', { reason: 'needs_token' }),
      result('inconclusive', { reason: 'fetch_failed', key: 'as' }),
    ]);
    expect(s).toEqual({ label: 'not verified', detail: 'needs a token; a request failed' });
  });

  it('maps error to "not verified (scanner error)", and lets a fail win over everything', () => {
    expect(complianceStatus([result('error', { reason: 'internal' }), result('pass', { key: 'x' })])).toEqual(
      {
        label: 'not verified (scanner error)',
        detail: null,
      },
    );
    expect(
      complianceStatus([result('error', { reason: 'internal' }), result('fail', { key: 'x' })]).label,
    ).toBe('Missing');
  });

  it('shows a reason it does not know as it is', () => {
    const s = complianceStatus([result('inconclusive', { reason: 'from_the_future' as Reason })]);
    expect(s).toEqual({ label: 'not verified', detail: 'from_the_future' });
  });
});

describe('renderCompliance', () => {
  const md = renderCompliance(demo);
  const lines = md.split('\n');

  it('is the compliance format', async () => {
    expect(FORMATS.compliance.ext).toBe('compliance.md');
    const run = await runCli(['evaluate', DEMO_EVIDENCE_PATH, '--format', 'compliance']);
    expect(run.stdout).toBe(md);
  });

  it('starts with the target, the revision and how it was found, the date, the tool version and the grade', () => {
    expect(lines[0]).toBe('# MCP specification compliance: http\\:\\/\\/127\\.0\\.0\\.1\\:36523\\/mcp');
    const head = unescapeMarkdown(lines.slice(0, 12).join('\n'));
    expect(head).toContain(`**Protocol revision:** 2025-11-25, negotiated: ${demo.target.revision.how}`);
    expect(head).toContain(`**Date:** ${demo.generatedAt}, mode safe, without a token (pre-login)`);
    expect(head).toContain(`**Tool:** mcp-posture ${demo.tool.version}`);
    expect(head).toContain('**Grade:** **F** (authorization not graded)');
  });

  it('groups the judged checks by family, one row per check', () => {
    const headings = lines.filter((l) => l.startsWith('## '));
    expect(headings.slice(0, 6)).toEqual([
      '## Transport security and HTTP hygiene (TRN)',
      '## Legacy (handshake-era) wire (LEG)',
      '## Challenge and unauthenticated exposure (AUTHN)',
      '## Active security probes (ACT)',
      '## Tool, prompt, resource and instruction surface (TOOL)',
      '## Scanner health (ERR)',
    ]);
    // ACT01 fails at three keys: still one row, with every finding in the evidence cell.
    const act01 = rowOf(md, 'MCPP-ACT01');
    expect(lines.filter((l) => l.startsWith('| [MCPP\\-ACT01]'))).toHaveLength(1);
    expect(act01).toContain('| Missing |');
    expect(act01.split('<br>')).toHaveLength(3);
    expect(act01).toContain('x6, x2: The request with a foreign Origin');
  });

  it('renders each status as the seed documents do', () => {
    expect(rowOf(md, 'MCPP-TRN01')).toContain('| Done | x1: Plain http');
    expect(rowOf(md, 'MCPP-LEG08')).toContain('| Missing | x30, x32:');
    expect(rowOf(md, 'MCPP-PRM01')).toContain('| n/a (no authorization in use) |');
    expect(rowOf(md, 'MCPP-LEG20')).toContain('| n/a (not on this transport) |');
    const patched = withResults(
      withResults(
        withResults(demo, 'MCPP-TRN08', [
          result('fail', { key: 'charset', message: 'Session ID has a space.' }),
          result('pass', { key: 'identical', message: 'IDs are distinct.' }),
        ]),
        'MCPP-AUTHN10',
        [result('inconclusive', { reason: 'needs_token', message: 'Needs a session made with a token.' })],
      ),
      'MCPP-LEG05',
      [result('error', { reason: 'internal', message: 'boom' })],
    );
    const out = renderCompliance(patched);
    expect(rowOf(out, 'MCPP-TRN08')).toContain('| Partly | _fail_ x1: Session ID has a space\\.');
    expect(rowOf(out, 'MCPP-AUTHN10')).toContain('| not verifiable before login (needs a token) |');
    expect(rowOf(out, 'MCPP-LEG05')).toContain('| not verified (scanner error) | x1: boom |');
  });

  it('cites the first citations of each check as links', () => {
    const row = rowOf(md, 'MCPP-LEG08');
    expect(row).toContain(
      '[2025\\-11\\-25\\/basic\\/transports＃Session Management](https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#session-management)',
    );
  });

  it('counts the statuses: every check of the report is either judged or not applicable', () => {
    const m =
      /\*\*(\d+) requirements judged:\*\* (\d+) Done, (\d+) Missing[^;]*; (\d+) not applicable\./.exec(md);
    expect(m).not.toBeNull();
    const [judged, done, missing, na] = [m![1], m![2], m![3], m![4]].map(Number) as [
      number,
      number,
      number,
      number,
    ];
    expect(judged + na).toBe(demo.summary.checks);
    expect(done).toBe(demo.summary.byStatus.pass);
    expect(missing).toBe(demo.summary.byStatus.fail);
  });

  it('ends with what a pre-login scan cannot verify, listing every item of docs/model/README.md#what-a-scan-cannot-observe', () => {
    const start = lines.indexOf('## What a pre-login scan cannot verify');
    expect(start).toBeGreaterThan(0);
    expect(lines.slice(start + 1).filter((l) => l.startsWith('## '))).toEqual([]);
    const tail = lines.slice(start);
    const header = '| Requirement | Citation | Why a pre-login scan cannot verify it | Reached by |';
    const rows = tail.slice(tail.indexOf(header) + 2).filter((l) => l.startsWith('| '));
    expect(UNOBSERVABLE_BEFORE_LOGIN.length).toBe(25);
    expect(rows).toHaveLength(UNOBSERVABLE_BEFORE_LOGIN.length);
    expect(md.endsWith(`${rows.at(-1)}\n`)).toBe(true);
    UNOBSERVABLE_BEFORE_LOGIN.forEach((u, i) => {
      const shown = unescapeMarkdown(rows[i]!);
      expect(shown).toContain(u.requirement);
      expect(shown).toContain(u.reason);
      expect(shown).toContain(u.reachedBy);
      expect(shown).toContain(`](${u.citations[0]!.url})`);
    });
    expect(tail).toContain('None: no check of this scan stayed inconclusive for lack of a token.');
  });

  it('lists in the closing section the checks of this scan left open for lack of a token', () => {
    const scp03 = demo.results.find((r) => r.checkId === 'MCPP-SCP03')!;
    const open = {
      ...scp03,
      status: 'inconclusive',
      reason: 'needs_narrow_token',
      message: 'Supply one.',
    } as const;
    const out = renderCompliance(withResults(demo, 'MCPP-SCP03', [open]));
    const tail = out.slice(out.indexOf('## What a pre-login scan cannot verify'));
    expect(tail.split('\n').find((l) => l.startsWith('- '))).toBe(
      `- [MCPP\\-SCP03](docs/checks/MCPP-SCP03.md) ${escapeMarkdown(scp03.title)}: not verifiable before login (needs a narrow\\-scope token). Supply one\\.`,
    );
    expect(tail).not.toContain('None: no check');
  });

  it('says when nothing could be judged, and still closes with the unobservable list', () => {
    const out = renderCompliance({ ...demo, outcome: 'unreachable', results: [], checks: [] });
    expect(out).toContain('No requirement could be evaluated.');
    expect(out).toContain('**Outcome:** unreachable');
    expect(out).toContain('## What a pre-login scan cannot verify');
    expect(out).not.toContain('## Not applicable');
  });

  it('changes the closing paragraph when a token was used', () => {
    const out = renderCompliance({ ...demo, settings: { ...demo.settings, tokenSupplied: true } });
    expect(out).toContain('This scan used a token');
    expect(out).toContain('with a token');
  });
});

describe('renderCompliance escaping', () => {
  // The planted javascript: citation goes first: only the first citations are shown.
  const hostile = hostileMarkupReport();
  const report: ScanReport = {
    ...hostile,
    checks: hostile.checks.map((c) => ({
      ...c,
      citations: [...c.citations].sort(
        (a, b) => Number(b.key.startsWith('evil')) - Number(a.key.startsWith('evil')),
      ),
    })),
  };
  const out = renderCompliance(report);
  const raw = unescapedOnly(out);
  const registryUrls = new Set([
    ...report.checks.flatMap((c) => c.citations.map((x) => x.url)),
    ...UNOBSERVABLE_BEFORE_LOGIN.flatMap((u) => u.citations.map((c) => c.url)),
  ]);

  it('emits only its own HTML tags', () => {
    const tags = [...raw.matchAll(/<[^>]*>?/g)].map((m) => m[0]);
    expect(new Set(tags)).toEqual(new Set(['<details>', '<summary>', '</summary>', '</details>', '<br>']));
  });

  it('links only doc pages and http(s) citation URLs, never the javascript: one', () => {
    const destinations = [...raw.matchAll(/\]\(([^)]*)\)/g)].map((m) => m[1]!);
    expect(destinations.length).toBeGreaterThan(0);
    for (const dest of destinations)
      expect(
        /^docs\/checks\/MCPP-[A-Z]+\d+\.md$/.test(dest) ||
          (registryUrls.has(dest) && /^https:\/\//.test(dest)),
        dest,
      ).toBe(true);
    expect(out).not.toContain('javascript:');
    expect(unescapeMarkdown(out)).toContain(`evil ${XSS.img}`);
  });

  it('leaves no image, autolink, mention or raw control character outside its own links', () => {
    const text = raw.replace(/\]\([^)]*\)/g, '](…)');
    expect(text).not.toContain('![');
    expect(text).not.toMatch(/https?:\/\/|www\.(?!\\)/i);
    expect(out).not.toContain('@');
    // eslint-disable-next-line no-control-regex -- looking for raw control characters is the point
    expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f\u202e\u200b]/u);
  });

  it('keeps every table row whole whatever the server put in the text', () => {
    const rows = out.split('\n').filter((l) => l.startsWith('| '));
    expect(rows.length).toBeGreaterThan(80);
    for (const row of rows) expect(pipes(row), row.slice(0, 80)).toBe(5);
  });

  it('shows the hostile text literally once rendered', () => {
    const shown = unescapeMarkdown(out);
    const tool = demoHostileTool(report);
    expect(shown).toContain(tool.name);
    expect(shown).toContain(XSS.img);
    expect(shown).toContain(XSS.mdLink);
    expect(shown).toContain(XSS.script);
    expect(shown).toContain('\\u{202e}evil\\u{200b}');
    expect(shown).toContain('\uff20octocat and owner/repo\uff031');
    expect(shown).toContain('x900, ');
  });

  it('puts a malformed check ID in an "Other" family, unlinked', () => {
    expect(out).toContain('## Other (other)');
    expect(out).toContain(`| ${'\\"\\>\\<svg onload\\=\\"window\\.\\_\\_xss\\=1\\"\\>'} `);
  });

  it('marks the planted inconclusive and error results as not verified', () => {
    expect(rowOf(out, 'MCPP-TRN01')).toContain('| not verified (ambiguous evidence) |');
    const other = out.split('\n').find((l) => l.startsWith('| \\"\\>'));
    expect(other).toContain('| not verified (scanner error) |');
  });
});
