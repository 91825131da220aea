/**
 * One finding per failing check, in every format, counted in the unit of the summary; inconclusive
 * checks grouped by reason in words; no probe or exchange IDs in the terminal. From the demo report
 * (ACT01 fails at three places, TOOL02 at four) and from real scans: the demo fixture in passive
 * mode, and oidc-provider behind the SDK resource server (ASM03 fails once per loopback field).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startFixtureServer } from '../../src/demo/fixture-server.js';
import { scan } from '../../src/index.js';
import { renderJson } from '../../src/report/json.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import type { ScanReport } from '../../src/report/model.js';
import { renderText } from '../../src/report/text.js';
import { startOidcProvider } from '../fixtures/servers/oidc.js';
import type { OidcServer } from '../fixtures/servers/oidc.js';
import { startResourceServer } from '../fixtures/servers/resource-server.js';
import { demoReport, withSuppressedLeg07 } from '../helpers/pinned-report.js';

const demo = demoReport();

/** Section headings `HIGH (4)` of the text report, with their counts. */
function sectionCounts(text: string): Record<string, number> {
  return Object.fromEntries(
    [...text.matchAll(/^(CRITICAL|HIGH|MEDIUM|LOW|INFO) \((\d+)\)$/gm)].map((m) => [m[1]!, Number(m[2])]),
  );
}

/** The block of the text report under a heading, up to the blank line. */
function block(text: string, heading: RegExp): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => heading.test(l));
  return start === -1 ? [] : lines.slice(start, lines.indexOf('', start));
}

describe('one finding per failing check', () => {
  const text = renderText(demo);

  it('the text sections count checks, as the header does, and ACT01 is one block listing its places', () => {
    const counts = sectionCounts(text);
    const b = demo.summary.byStatus;
    expect(text).toContain(`${b.fail} fail,`);
    expect(Object.values(counts).reduce((n, c) => n + c, 0)).toBe(b.fail);
    for (const [sev, n] of Object.entries(counts))
      expect(n).toBe(demo.summary.failsBySeverity[sev.toLowerCase() as 'high']);
    expect(text.match(/^ {2}✗ /gm)).toHaveLength(b.fail);
    expect(text).toContain('  ✗ MCPP-ACT01  Foreign `Origin` rejected  (3 places)');
    expect(text).toMatch(/^ {6}- \[foreign\] The request with a foreign Origin/m);
    // Why and fix once per check, never once per place.
    const [head, ...rest] = block(text, /✗ MCPP-ACT01/);
    const act01 = [
      head,
      ...rest.slice(
        0,
        rest.findIndex((l) => l.startsWith('  ✗')),
      ),
    ].join('\n');
    expect(act01.match(/- \[/g)).toHaveLength(3);
    expect(act01.match(/fix: /g)).toHaveLength(1);
    // TOOL02 counts at its highest severity; its medium places say so.
    expect(block(text, /^HIGH/).join('\n')).toContain('MCPP-TOOL02');
    expect(block(text, /^MEDIUM/).join('\n')).not.toContain('MCPP-TOOL02');
    expect(text).toMatch(/^ {6}- \(medium\) \[control\] @ server:instructions: /m);
  });

  it('the Markdown agrees with the text: the same checks, in the same order, as many rows as failing checks', () => {
    const md = renderMarkdown(demo);
    const mdIds = [...md.matchAll(/^\| [a-z]+ \| \[(MCPP\\-[A-Z]+\d+)\]/gm)].map((m) =>
      m[1]!.replace('\\', ''),
    );
    const textIds = [...text.matchAll(/^ {2}✗ (MCPP-[A-Z]+\d+) /gm)].map((m) => m[1]!);
    expect(mdIds).toEqual(textIds);
    expect(mdIds).toHaveLength(demo.summary.byStatus.fail);
    expect(md).toContain(`${demo.summary.byStatus.fail} failing (`);
  });

  it('the JSON keeps every result and adds the grouping, by fingerprint', () => {
    const json = JSON.parse(renderJson(demo)) as ScanReport & {
      findings: { checkId: string; suppressed: boolean; results: string[] }[];
    };
    expect(json.results).toHaveLength(demo.results.length);
    const fails = demo.results.filter((r) => r.status === 'fail');
    expect(json.findings.filter((f) => !f.suppressed)).toHaveLength(demo.summary.byStatus.fail);
    expect(json.findings.flatMap((f) => f.results).sort()).toEqual(fails.map((r) => r.fingerprint).sort());
    expect(json.findings.find((f) => f.checkId === 'MCPP-ACT01')?.results).toHaveLength(3);
  });

  it('a suppressed finding is listed apart with its reason, and counted nowhere', () => {
    const report = withSuppressedLeg07(demo);
    const out = renderText(report);
    expect(block(out, /^LOW/).join('\n')).not.toContain('MCPP-LEG07');
    const suppressed = block(out, /^SUPPRESSED \(1\), not counted$/);
    expect(suppressed[1]).toContain('MCPP-LEG07');
    expect(suppressed[2]).toMatch(/^ {6}suppressed until 2027-01-31: accepted <b>risk<\/b>/);
    const json = JSON.parse(renderJson(report)) as { findings: { checkId: string; suppressed: boolean }[] };
    expect(json.findings.find((f) => f.checkId === 'MCPP-LEG07')?.suppressed).toBe(true);
  });
});

describe('no internal IDs in the terminal', () => {
  it('says what a probe is instead of its ID, and leaves exchange IDs to the HTML and JSON', () => {
    const text = renderText(demo);
    const trn12 = demo.results.find((r) => r.checkId === 'MCPP-TRN12' && r.status === 'fail')!;
    expect(trn12.message).toContain('s.preflight grants');
    expect(text).toContain('CORS preflight from a foreign origin grants `*`');
    expect(text).not.toMatch(/\bs\.(preflight|origin\.foreign|origin\.null)\b/);
    expect(text).not.toMatch(/evidence: x\d|\bx\d+ x\d+\b/);
    expect(text).not.toMatch(/reason: [a-z_]+$/m);
    // The JSON keeps the IDs.
    expect(renderJson(demo)).toContain('s.preflight grants');
  });
});

describe('inconclusive grouped by reason, from real scans', () => {
  let oidc: OidcServer;
  beforeAll(async () => {
    oidc = await startOidcProvider();
  }, 60_000);
  afterAll(async () => {
    await oidc?.close();
  });

  it('passive mode: one line per reason, not three lines per check saying "needs --mode safe"', async () => {
    const server = await startFixtureServer({});
    let report: ScanReport;
    try {
      report = (await scan({ url: server.url, mode: 'passive', requestTimeoutMs: 5_000 })).report;
    } finally {
      await server.close();
    }
    const waiting = report.results.filter((r) => r.status === 'inconclusive' && r.reason === 'mode_disabled');
    expect(waiting.length).toBeGreaterThan(5);
    const text = renderText(report);
    const lines = block(text, /^INCONCLUSIVE \(/);
    expect(lines[0]).toBe(`INCONCLUSIVE (${report.summary.byStatus.inconclusive}); --verbose lists them`);
    const safe = lines.filter((l) => /needs --mode safe/.test(l));
    expect(safe).toHaveLength(1);
    expect(safe[0]).toMatch(/^ +\d+ {2}needs --mode safe$/);
    expect(text).not.toContain('Needs --mode safe; this scan ran in passive mode.');
    expect(lines.length).toBeLessThan(10);
  });

  it('behind an OAuth wall: ASM03 is one finding with its places; a hundred inconclusive checks take a few lines', async () => {
    const rs = await startResourceServer({ issuer: oidc.issuer });
    let report: ScanReport;
    try {
      report = (await scan({ url: rs.url, mode: 'safe', requestTimeoutMs: 5_000, scanTimeoutMs: 60_000 }))
        .report;
    } finally {
      await rs.close();
    }
    const asm03 = report.results.filter((r) => r.checkId === 'MCPP-ASM03' && r.status === 'fail');
    expect(asm03.length).toBeGreaterThanOrEqual(8);
    const text = renderText(report);
    expect(text.match(/^ {2}✗ MCPP-ASM03 /gm)).toHaveLength(1);
    expect(text).toContain(`MCPP-ASM03  AS endpoints use https  (${asm03.length} places)`);
    expect(Object.values(sectionCounts(text)).reduce((n, c) => n + c, 0)).toBe(report.summary.byStatus.fail);
    expect(report.summary.byStatus.inconclusive).toBeGreaterThan(50);
    const lines = block(text, /^INCONCLUSIVE \(/);
    expect(lines.length).toBeLessThan(8);
    // Verbose names every inconclusive check exactly once, also where a reason has detail lines.
    const failing: ScanReport = {
      ...report,
      results: report.results.map((r, i) =>
        r.status === 'inconclusive' && i % 2 === 0
          ? { ...r, reason: 'fetch_failed', message: 'tools/list failed: timeout.' }
          : r,
      ),
    };
    const verbose = block(renderText(failing, { verbose: true }), /^INCONCLUSIVE \(/).join('\n');
    const ids = verbose.match(/MCPP-[A-Z]+\d+/g) ?? [];
    expect(ids.length).toBe(report.summary.byStatus.inconclusive);
    expect(new Set(ids).size).toBe(ids.length);
    expect(lines.join('\n')).toContain('behind the authorization wall');
    expect(lines.join('\n')).not.toMatch(/auth_wall|needs_token|mode_disabled/);
    // Stable: the same groups whatever the order of the results.
    const reversed = renderText({ ...report, results: [...report.results].reverse() });
    expect(block(reversed, /^INCONCLUSIVE \(/)).toEqual(lines);
  });
});
