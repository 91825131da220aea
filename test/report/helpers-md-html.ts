/**
 * Reports for the Markdown and HTML formatter tests: the demo bundle of a
 * deliberately weak server, and the same report with hostile strings planted in
 * every server-influenced field. The HTML payloads set window.__xss if they run.
 */
import { readFileSync } from 'node:fs';

import type { CheckId } from '../../src/checks/define-check.js';
import type { ExchangeId, HttpExchange } from '../../src/evidence/types.js';
import { evaluate, parseEvidence } from '../../src/index.js';
import type { ReportResult, ScanReport } from '../../src/report/model.js';

export const DEMO_PATH = 'test/fixtures/evidence/demo.json';

export function demoReport(): ScanReport {
  return evaluate(parseEvidence(readFileSync(DEMO_PATH, 'utf8'))).report;
}

/** The hostile tool the demo server lists (name and description), as recorded in its tools/list reply. */
export function demoHostileTool(report: ScanReport): { name: string; description: string } {
  const x = report.exchanges.find((e) => e.response?.body.includes('onerror'));
  if (!x?.response) throw new Error('demo.json has no hostile tools/list reply');
  const body = JSON.parse(x.response.body) as { result: { tools: { name: string; description: string }[] } };
  const tool = body.result.tools[0];
  if (!tool) throw new Error('no tool in the hostile reply');
  return tool;
}

export const XSS = {
  // Short, line-breaking payloads first: Markdown cells keep the first 300 characters.
  table: 'a | b\nc\r\n| d',
  mention: '@octocat and owner/repo#1',
  bidi: '\u202eevil\u200b',
  img: '<img src=x onerror="window.__xss=1">',
  script: '<script>window.__xss=1</script>',
  mdLink: '[click](javascript:window.__xss=1)',
  mdImage: '![i](https://evil.example/x.png)',
  autolink: 'see https://evil.example and www.evil.example or <https://evil.example>',
  attr: '"><svg onload="window.__xss=1">',
  closePre: '</pre></details><script>window.__xss=1</script>',
  ansi: '\u001b[31mred\u001b[0m \u001b]8;;http://evil.example\u0007link\u001b]8;;\u0007',
} as const;

/** All hostile payloads in one line of text, as a check message quoting server text would carry. */
export const HOSTILE_TEXT = Object.values(XSS).join(' ');

function hostileResult(base: ReportResult, patch: Partial<ReportResult>): ReportResult {
  return { ...base, ...patch };
}

/**
 * The demo report with hostile text in result messages, keys, locations and
 * conditions, in the revision description, in a recorded exchange, in a check
 * ID and in a (scanner-owned, but still checked) citation URL.
 */
export function hostileReport(): ScanReport {
  const demo = demoReport();
  const tool = demoHostileTool(demo);
  const fail = demo.results.find((r) => r.status === 'fail' && r.severity === 'high');
  const other = demo.results.find((r) => r.status === 'pass');
  if (!fail || !other) throw new Error('demo.json changed: needs a high fail and a pass');
  const exchange: HttpExchange = {
    id: 'x900' as ExchangeId,
    probe: `p.hostile${XSS.script}`,
    purpose: `purpose ${XSS.img}`,
    request: {
      method: 'POST',
      url: `http://127.0.0.1/mcp?q=${XSS.attr}`,
      headers: { 'x-hostile': XSS.img },
      body: XSS.closePre,
    },
    response: {
      status: 200,
      headers: { 'x-evil': [XSS.script, XSS.attr] },
      body: `${HOSTILE_TEXT}\n${tool.name}: ${tool.description}`,
      bodyBytes: 9999,
      truncated: true,
    },
    durationMs: 3,
  };
  const extra: ReportResult[] = [
    hostileResult(fail, {
      message: `Tool ${tool.name} says: ${tool.description} ${HOSTILE_TEXT}`,
      key: XSS.img,
      location: XSS.mdLink,
      condition: XSS.script,
      evidence: ['x900' as ExchangeId, ...fail.evidence],
      fingerprint: 'f'.repeat(32),
    }),
    hostileResult(other, {
      status: 'inconclusive',
      reason: 'ambiguous',
      message: `Inconclusive: ${HOSTILE_TEXT}`,
      evidence: ['x900' as ExchangeId],
      fingerprint: 'e'.repeat(32),
    }),
    hostileResult(other, {
      checkId: XSS.attr as CheckId,
      title: XSS.script,
      status: 'error',
      reason: 'internal',
      message: `Error: ${XSS.img}`,
      fingerprint: 'd'.repeat(32),
    }),
  ];
  return {
    ...demo,
    target: {
      ...demo.target,
      revision: { ...demo.target.revision, how: `negotiated ${XSS.img} ${XSS.mdLink}` },
    },
    results: [...demo.results, ...extra],
    checks: demo.checks.map((c) =>
      c.id === fail.checkId
        ? { ...c, citations: [...c.citations, { key: `evil ${XSS.img}`, url: 'javascript:window.__xss=1' }] }
        : c,
    ),
    exchanges: [...demo.exchanges, exchange],
  };
}

/** The report with the LEG07 fail accepted by a suppression (reason with markup in it). */
export function withSuppressedLeg07(report: ScanReport): ScanReport {
  const results: ReportResult[] = report.results.map((r) => ({
    ...r,
    suppression:
      r.checkId === 'MCPP-LEG07' && r.status === 'fail'
        ? { reason: 'accepted <b>risk</b> | see [ticket](https://x.example)', expires: '2027-01-31' }
        : null,
  }));
  return { ...report, results, suppressions: { ...report.suppressions, applied: 1 } };
}

/** Markdown backslash escapes removed: the text a Markdown renderer would show. */
export function unescapeMarkdown(md: string): string {
  return md.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}
