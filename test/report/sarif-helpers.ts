/**
 * Report builders for the SARIF and JUnit tests: the demo report (a weak
 * server with hostile tool text), variants of it, and the hostile strings
 * themselves, read from the evidence so the tests follow the fixture.
 */
import { readFileSync } from 'node:fs';

import type { CheckId, Reason, Severity, Status } from '../../src/checks/define-check.js';
import type { ExchangeId } from '../../src/evidence/types.js';
import { evaluate, parseEvidence } from '../../src/index.js';
import type { ReportResult, ScanReport } from '../../src/report/model.js';
import { fingerprint } from '../../src/report/build-report.js';

export const DEMO_FIXTURE = new URL('../fixtures/evidence/demo.json', import.meta.url);

export function demoReport(): ScanReport {
  return evaluate(parseEvidence(readFileSync(DEMO_FIXTURE, 'utf8'))).report;
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
  walk(JSON.parse(readFileSync(DEMO_FIXTURE, 'utf8')));
  const get = (k: string) => {
    const v = found.get(k);
    if (v === undefined) throw new Error(`demo.json no longer has a hostile ${k}`);
    return v;
  };
  return { name: get('name'), description: get('description'), instructions: get('instructions') };
}

export interface ResultSpec {
  readonly checkId: string;
  readonly status: Status;
  readonly message: string;
  readonly severity?: Severity;
  readonly reason?: Reason;
  readonly location?: string;
  readonly key?: string | null;
  readonly evidence?: readonly ExchangeId[];
  readonly condition?: string | null;
}

export function makeResult(report: ScanReport, s: ResultSpec): ReportResult {
  const location = s.location ?? 'endpoint';
  const key = s.key ?? null;
  return {
    checkId: s.checkId as CheckId,
    title: report.checks.find((c) => c.id === s.checkId)?.title ?? s.checkId,
    status: s.status,
    severity: s.status === 'fail' ? (s.severity ?? 'high') : null,
    confidence: 'high',
    location,
    key,
    reason: s.reason ?? null,
    message: s.message,
    evidence: s.evidence ?? ['x1'],
    revisionsEvaluated: [],
    revisionsFailed: [],
    condition: s.condition ?? null,
    fingerprint: fingerprint(s.checkId, report.target.url, location, key),
    suppression: null,
  };
}

/** The report with one check's results replaced. */
export function replaceResults(
  report: ScanReport,
  checkId: string,
  results: readonly ResultSpec[],
): ScanReport {
  const at = report.results.findIndex((r) => r.checkId === checkId);
  const rest = report.results.filter((r) => r.checkId !== checkId);
  const fresh = results.map((s) => makeResult(report, { ...s, checkId }));
  return { ...report, results: [...rest.slice(0, at), ...fresh, ...rest.slice(at)] };
}

/**
 * The demo report with every status present and hostile server text in
 * messages, keys, locations and conditions:
 * TRN06 inconclusive, TRN07 error, TRN12 fail + error + inconclusive (fail wins),
 * LEG13 not applicable, ACT01 fail.
 */
export function hostileReport(): ScanReport {
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

/**
 * The same scan taken again: new timestamps, new exchange IDs and reworded
 * messages, same checks, targets, locations and keys.
 */
export function rescan(report: ScanReport): ScanReport {
  return {
    ...report,
    generatedAt: '2031-01-02T03:04:05.678Z',
    durationMs: report.durationMs + 1234,
    results: report.results.map((r) => ({
      ...r,
      message: `${r.message} (again)`,
      evidence: r.evidence.map((id): ExchangeId => `x${Number(id.slice(1)) + 1000}`),
    })),
  };
}

/** The report as if taken of another target. */
export function retarget(report: ScanReport, url: string): ScanReport {
  return {
    ...report,
    target: { ...report.target, url },
    results: report.results.map((r) => ({
      ...r,
      fingerprint: fingerprint(r.checkId, url, r.location, r.key),
    })),
  };
}
