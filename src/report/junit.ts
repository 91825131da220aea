/**
 * JUnit XML for CI test reporters: one <testsuite> per target, one
 * <testcase> per check. A check's status is the aggregate of its results,
 * with the report summary's precedence (fail > error > inconclusive > pass >
 * not_applicable); nothing here decides pass, fail or severity.
 *
 * JUnit has a single "skipped" state, so inconclusive and not_applicable are
 * told apart by the skipped message prefix and a `status:` line in
 * <system-out>. Per-testcase <properties> would be neater but is outside the
 * common (Ant/Surefire) schema that strict consumers validate against.
 */
import type { Status } from '../checks/define-check.js';
import { highestSeverity, summaryStatus } from '../engine/merge-revisions.js';
import { xmlAttr, xmlText } from '../escape/xml.js';
import type { ReportResult, ScanReport } from './model.js';
import type { ReportClient } from './clients-model.js';
import { clientWhy } from './clients-words.js';
import type { LedgerEntry } from './ledger.js';
import { ledgerLine } from './ledger.js';

function attrs(pairs: readonly (readonly [string, string | number])[]): string {
  return pairs.map(([k, v]) => ` ${k}="${xmlAttr(String(v))}"`).join('');
}

interface CheckCase {
  readonly id: string;
  readonly title: string;
  readonly status: Status;
  readonly results: readonly ReportResult[];
}

interface Counts {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
}

function casesOf(report: ScanReport): CheckCase[] {
  const ids = [...new Set([...report.checks.map((c) => c.id), ...report.results.map((r) => r.checkId)])];
  return ids.map((id) => {
    const results = report.results.filter((r) => r.checkId === id);
    const title = report.checks.find((c) => c.id === id)?.title ?? results[0]?.title ?? id;
    // A declared check with no results cannot happen in a built report; treat it as not applicable.
    return { id, title, status: summaryStatus(results.map((r) => r.status)), results };
  });
}

function familyOf(id: string): string {
  return /^MCPP-([A-Z]+)\d+$/.exec(id)?.[1] ?? 'MCPP';
}

/** One line per result: what, where, why, and which exchanges show it. */
function resultLine(r: ReportResult): string {
  const head = [
    r.status,
    r.severity ? `[${r.severity}]` : null,
    r.reason ? `(${r.reason})` : null,
    r.location,
  ]
    .filter(Boolean)
    .join(' ');
  const key = r.key !== null ? ` key=${r.key}` : '';
  const condition = r.condition ? ` (${r.condition})` : '';
  const evidence = r.evidence.length ? ` evidence: ${r.evidence.join(' ')}` : '';
  return `${head}${key}: ${r.message}${condition}${evidence}`;
}

function headline(results: readonly ReportResult[]): string {
  const first = results[0]?.message ?? '';
  return results.length > 1 ? `${first} (+${results.length - 1} more)` : first;
}

function reasons(results: readonly ReportResult[]): string {
  return [...new Set(results.map((r) => r.reason ?? 'unspecified'))].join(', ');
}

function renderCase(c: CheckCase, counts: Counts): string[] {
  const open = `    <testcase${attrs([
    ['classname', familyOf(c.id)],
    ['name', `${c.id} ${c.title}`],
    ['time', '0'],
  ])}`;
  counts.tests++;
  if (c.status === 'pass') return [`${open}/>`];
  const main = c.results.filter((r) => r.status === c.status);
  const body: string[] = [];
  switch (c.status) {
    case 'fail':
      counts.failures++;
      body.push(
        `      <failure${attrs([
          ['type', highestSeverity(main.map((r) => r.severity)) ?? 'unknown'],
          ['message', headline(main)],
        ])}>${xmlText(main.map(resultLine).join('\n'))}</failure>`,
      );
      break;
    case 'error':
      counts.errors++;
      body.push(
        `      <error${attrs([
          ['type', reasons(main)],
          ['message', headline(main)],
        ])}>${xmlText(main.map(resultLine).join('\n'))}</error>`,
      );
      break;
    case 'inconclusive':
    case 'not_applicable':
      counts.skipped++;
      body.push(`      <skipped${attrs([['message', `${c.status}: ${reasons(main)}`]])}/>`);
      break;
  }
  // The status line makes every non-passing case machine-distinguishable; other non-pass results are kept too.
  const rest =
    c.status === 'fail' || c.status === 'error' ? c.results.filter((r) => r.status !== c.status) : c.results;
  const lines = [`status: ${c.status}`, ...rest.filter((r) => r.status !== 'pass').map(resultLine)];
  body.push(`      <system-out>${xmlText(lines.join('\n'))}</system-out>`);
  return [`${open}>`, ...body, '    </testcase>'];
}

/**
 * One testcase per client of the matrix (classname `client`): blocked is a failure, unknown is
 * skipped, connects and degraded pass (a degraded client's limits are in its <system-out>).
 */
function renderClientCase(c: ReportClient, counts: Counts): string[] {
  const open = `    <testcase${attrs([
    ['classname', 'client'],
    ['name', `${c.id} ${c.name} connects and logs in`],
    ['time', '0'],
  ])}`;
  counts.tests++;
  const lines = [
    `verdict: ${c.verdict}`,
    ...c.rules.map(
      (r) =>
        `${r.effect} ${r.status}: ${r.detail} fix: ${r.fix} source: ${r.source.url} (${r.source.checked})`,
    ),
    ...(c.evidence.length ? [`evidence: ${c.evidence.join(' ')}`] : []),
  ];
  const out = xmlText(lines.join('\n'));
  if (c.verdict === 'connects') return [`${open}/>`];
  const body: string[] = [];
  if (c.verdict === 'blocked') {
    counts.failures++;
    body.push(
      `      <failure${attrs([
        ['type', 'client-blocked'],
        ['message', clientWhy(c)],
      ])}>${out}</failure>`,
    );
  } else if (c.verdict === 'unknown') {
    counts.skipped++;
    body.push(`      <skipped${attrs([['message', `unknown: ${clientWhy(c)}`]])}/>`);
  }
  body.push(`      <system-out>${out}</system-out>`);
  return [`${open}>`, ...body, '    </testcase>'];
}

/** A registered client: a test case that fails when the scan could not delete it. */
function renderLedgerCase(x: LedgerEntry, counts: Counts): string[] {
  counts.tests++;
  const open = `    <testcase${attrs([
    ['classname', 'registration'],
    ['name', `${x.probe} client deleted`],
    ['time', '0'],
  ])}`;
  const out = `      <system-out>${xmlText(`${ledgerLine(x)}\nevidence: ${x.evidence.join(' ')}`)}</system-out>`;
  if (x.deleted) return [`${open}>`, out, '    </testcase>'];
  counts.failures++;
  return [
    `${open}>`,
    `      <failure${attrs([
      ['type', 'client-not-deleted'],
      ['message', x.detail],
    ])}/>`,
    out,
    '    </testcase>',
  ];
}

/** `2026-11-29T20:10:55.313Z` → `2026-11-29T20:10:55`, the (UTC) form the common JUnit schema accepts. */
function junitTimestamp(iso: string): string {
  return /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/.exec(iso)?.[0] ?? iso;
}

function renderSuite(report: ScanReport, id: number, total: Counts): string[] {
  const counts: Counts = { tests: 0, failures: 0, errors: 0, skipped: 0 };
  const cases = [
    ...casesOf(report).flatMap((c) => renderCase(c, counts)),
    ...(report.clients ?? []).flatMap((c) => renderClientCase(c, counts)),
    ...(report.registrations ?? []).flatMap((x) => renderLedgerCase(x, counts)),
  ];
  const t = report.target;
  const props: [string, string][] = [
    ['target', t.url],
    ['outcome', report.outcome],
    ['mode', report.mode],
    ['transport', t.transport ?? 'unknown'],
    ['revision', t.revision.value ?? 'unknown'],
    ['scope', t.scope],
    ['tool', `${report.tool.name} ${report.tool.version}`],
    ['catalogueVersion', report.tool.catalogueVersion],
  ];
  for (const k of ['tests', 'failures', 'errors', 'skipped'] as const) total[k] += counts[k];
  const out = [
    `  <testsuite${attrs([
      ['id', id],
      ['name', t.url],
      ['tests', counts.tests],
      ['failures', counts.failures],
      ['errors', counts.errors],
      ['skipped', counts.skipped],
      ['time', (report.durationMs / 1000).toFixed(3)],
      ['timestamp', junitTimestamp(report.generatedAt)],
    ])}>`,
    '    <properties>',
    ...props.map(
      ([name, value]) =>
        `      <property${attrs([
          ['name', name],
          ['value', value],
        ])}/>`,
    ),
    '    </properties>',
    ...cases,
  ];
  // An ungraded target has no failing checks; say so where a CI page shows it rather than look green.
  if (report.outcome !== 'graded')
    out.push(`    <system-err>${xmlText(`Target not graded: outcome ${report.outcome}.`)}</system-err>`);
  out.push('  </testsuite>');
  return out;
}

export function renderJunit(reports: readonly ScanReport[]): string {
  const total: Counts = { tests: 0, failures: 0, errors: 0, skipped: 0 };
  const suites = reports.flatMap((r, i) => renderSuite(r, i, total));
  const time = reports.reduce((s, r) => s + r.durationMs, 0) / 1000;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attrs([
      ['name', 'mcp-posture'],
      ['tests', total.tests],
      ['failures', total.failures],
      ['errors', total.errors],
      ['skipped', total.skipped],
      ['time', time.toFixed(3)],
    ])}>`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
