/**
 * Hostile variants of the pinned demo report (./pinned-report.ts), for the
 * formatter tests: server-influenced strings that carry markup, line breaks,
 * mentions, bidi and terminal control characters. The HTML payloads set
 * window.__xss if they ever run.
 */
import type { CheckId } from '../../src/checks/define-check.js';
import type { HttpExchange } from '../../src/evidence/types.js';
import type { ReportResult, ScanReport } from '../../src/report/model.js';
import { demoEvidenceText, demoReport, replaceResults } from './pinned-report.js';

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

/** The hostile tool the demo server lists (name and description), as recorded in its tools/list reply. */
export function demoHostileTool(report: ScanReport): { name: string; description: string } {
  const x = report.exchanges.find((e) => e.response?.body.includes('onerror'));
  if (!x?.response) throw new Error('demo.json has no hostile tools/list reply');
  const body = JSON.parse(x.response.body) as { result: { tools: { name: string; description: string }[] } };
  const tool = body.result.tools[0];
  if (!tool) throw new Error('no tool in the hostile reply');
  return tool;
}

export interface Hostile {
  /** A tool name, a tool description and the server instructions, as the server sent them. */
  readonly name: string;
  readonly description: string;
  readonly instructions: string;
}

/** Server-supplied strings from the demo evidence that carry markup or control characters. */
export function hostile(): Hostile {
  const found = new Map<string, string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        // eslint-disable-next-line no-control-regex -- looking for ESC and friends
        if (typeof x === 'string' && /[<\u001b\u202e]/.test(x)) found.set(k, x);
        else walk(x);
      }
  };
  walk(JSON.parse(demoEvidenceText()));
  const get = (k: string) => {
    const v = found.get(k);
    if (v === undefined) throw new Error(`demo.json no longer has a hostile ${k}`);
    return v;
  };
  return { name: get('name'), description: get('description'), instructions: get('instructions') };
}

/**
 * The demo report with the XSS payloads planted in result messages, keys,
 * locations and conditions, in the revision description, in a recorded
 * exchange, in a check ID and in a (scanner-owned, but still checked) citation
 * URL: for the Markdown, HTML and compliance formatters.
 */
export function hostileMarkupReport(): ScanReport {
  const demo = demoReport();
  const tool = demoHostileTool(demo);
  const fail = demo.results.find((r) => r.status === 'fail' && r.severity === 'high');
  const other = demo.results.find((r) => r.status === 'pass');
  if (!fail || !other) throw new Error('demo.json changed: needs a high fail and a pass');
  const exchange: HttpExchange = {
    id: 'x900',
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
  const patched = (base: ReportResult, patch: Partial<ReportResult>): ReportResult => ({ ...base, ...patch });
  const extra: ReportResult[] = [
    patched(fail, {
      message: `Tool ${tool.name} says: ${tool.description} ${HOSTILE_TEXT}`,
      key: XSS.img,
      location: XSS.mdLink,
      condition: XSS.script,
      evidence: ['x900', ...fail.evidence],
      fingerprint: 'f'.repeat(32),
    }),
    patched(other, {
      status: 'inconclusive',
      reason: 'ambiguous',
      message: `Inconclusive: ${HOSTILE_TEXT}`,
      evidence: ['x900'],
      fingerprint: 'e'.repeat(32),
    }),
    patched(other, {
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

/**
 * The demo report with every status present and the server's own hostile text
 * in messages, keys, locations and conditions, for the SARIF and JUnit
 * formatters: TRN06 inconclusive, TRN07 error, TRN12 fail + error +
 * inconclusive (fail wins), LEG13 not applicable, ACT01 fail.
 */
export function hostileStatusReport(): ScanReport {
  const { name: tool, description, instructions } = hostile();
  let r = demoReport();
  r = replaceResults(r, 'MCPP-TRN06', [
    { checkId: '', status: 'inconclusive', reason: 'needs_token', message: `Tool ${tool} needs a token.` },
  ]);
  r = replaceResults(r, 'MCPP-TRN07', [
    { checkId: '', status: 'error', reason: 'internal', message: `Crashed on ${description}` },
  ]);
  r = replaceResults(r, 'MCPP-TRN12', [
    {
      checkId: '',
      status: 'fail',
      severity: 'medium',
      key: 'null',
      message: `Origin null allowed: ${instructions}`,
    },
    { checkId: '', status: 'error', reason: 'internal', key: 'x', message: 'probe crashed' },
    { checkId: '', status: 'inconclusive', reason: 'ambiguous', key: 'y', message: 'could not tell' },
  ]);
  r = replaceResults(r, 'MCPP-LEG13', [
    {
      checkId: '',
      status: 'not_applicable',
      reason: 'feature_absent',
      message: `No SSE; server said ${tool}`,
    },
  ]);
  r = replaceResults(r, 'MCPP-ACT01', [
    {
      checkId: '',
      status: 'fail',
      key: tool,
      location: `tool:${tool}`,
      message: `The tool ${tool} described as ${description} was served.`,
      condition: `applies if ${instructions}`,
    },
  ]);
  return r;
}
