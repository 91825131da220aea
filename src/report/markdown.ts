/**
 * The Markdown report, sized for a pull-request comment: a summary line, the
 * failing checks as a table, what changed since a previous scan or a baseline,
 * and the rest collapsed. Every string taken from the report goes through
 * escapeMarkdown; the only raw Markdown and HTML here are this file's literals.
 */
import { SEVERITIES } from '../checks/define-check.js';
import { diffReports } from './diff.js';
import { escapeMarkdown as e, escapeMarkdownCell as cell } from '../escape/markdown.js';
import { findingsOf } from './findings.js';
import type { Finding } from './findings.js';
import { entryRef, passedCheckIds } from './html/groups.js';
import { groupInconclusive } from './reason-groups.js';
import { probeWords } from './terminal-words.js';
import type { BaselineSummary, ReportResult, ScanReport } from './model.js';
import { checkLinker } from './doc-links.js';
import type { CheckLinker } from './doc-links.js';
import { packageLine } from './package-line.js';
import { formatGrade } from './rating.js';
import { clientTable, frameworkMarkdownLine } from './markdown-clients.js';

export interface MarkdownOptions {
  /** An earlier report of the same target, compared as `mcp-posture diff` does. */
  readonly previous?: ScanReport;
  /**
   * Baseline comparison: result fingerprints (or entry references) new and fixed since the baseline.
   * Defaults to the comparison recorded in the report (`report.baseline`).
   */
  readonly baseline?: BaselineView;
  /** Where the check doc pages live (default `docs/checks`, relative). */
  readonly docsBaseUrl?: string;
}

export interface BaselineView {
  readonly new: readonly string[];
  readonly fixed: readonly string[];
  /** Entries whose check is now inconclusive, errored or did not run. */
  readonly unverifiable?: readonly string[];
}

/** Stale entries are the fixed ones; an entry without a fingerprint is shown by its reference. */
function baselineOf(b: BaselineSummary | null): BaselineView | undefined {
  if (!b) return undefined;
  const ref = (e: BaselineSummary['stale'][number]) => e.fingerprint ?? entryRef(e);
  return { new: b.newFailures, fixed: b.stale.map(ref), unverifiable: b.unverifiable.map(ref) };
}

/** Marks the comment so CI can find and update it instead of posting another. */
export const MARKDOWN_MARKER = '<!-- mcp-posture-report -->';

/** GitHub refuses comments over 65,536 characters; long lists are cut well before that. */
const MAX_ROWS = 50;

export function renderMarkdown(report: ScanReport, opts: MarkdownOptions = {}): string {
  const { active, suppressed } = findingsOf(report);
  const link = checkLinker(e, opts.docsBaseUrl);
  const words = probeWords(report);
  const finding = (r: ReportResult) => place(r, words);
  const out: string[] = [MARKDOWN_MARKER, summaryLine(report), ''];
  const u = report.target.unreached;
  // Why the target could not be scanned comes before anything else.
  if (u) out.push(`> **${e(u.why)}**`, `> next: ${e(u.next)}`, '');
  if (report.target.package) out.push(e(packageLine(report.target.package)), '');
  out.push(...frameworkMarkdownLine(report));
  out.push(...failTable(report, active, link, finding), ...clientTable(report));
  if (opts.previous) out.push(...previousDiff(report, opts.previous, link));
  const baseline = opts.baseline ?? baselineOf(report.baseline);
  if (baseline) out.push(...baselineDiff(report, baseline, opts.previous, link));
  out.push(...unsettled(report, link), ...suppressedBlock(suppressed, link, finding));
  out.push(...suppressionNotes(report));
  const passed = passedCheckIds(report);
  if (passed.length) out.push(`**Passed (${passed.length}):** ${passed.map(e).join(', ')}`, '');
  const t = report.tool;
  out.push(
    `<sub>${e(t.name)} ${e(t.version)} · catalogue ${e(t.catalogueVersion)} · mode ${e(report.mode)} · ${e(report.target.url)} · ${e(report.generatedAt)}</sub>`,
  );
  return out.join('\n') + '\n';
}

function summaryLine(report: ScanReport): string {
  const s = report.summary;
  const rev = report.target.revision;
  const fails = SEVERITIES.map((sev) => `${s.failsBySeverity[sev]} ${sev}`).join(', ');
  const b = s.byStatus;
  const r = report.rating;
  return [
    `**${e(report.tool.name)}** grade **${e(formatGrade(r))}**${r.qualifier ? ` (${e(r.qualifier)})` : ''}`,
    `${b.fail} failing (${fails})`,
    `outcome **${e(report.outcome)}**`,
    `revision ${e(rev.value ?? 'unknown')} (${e(rev.source)})`,
    `${b.pass} pass, ${b.inconclusive} inconclusive, ${b.error} error, ${b.not_applicable} n/a of ${s.checks} checks`,
  ].join(' · ');
}

/** Message plus where and what exactly, in one cell; probe IDs in words, as the text report says them. */
function place(r: ReportResult, words: (s: string) => string = (x) => x): string {
  const extra = [
    r.key !== null ? `key ${cell(r.key, 80)}` : '',
    r.location !== 'endpoint' ? `at ${cell(r.location, 120)}` : '',
    r.condition !== null ? `applies if ${cell(r.condition, 160)}` : '',
  ].filter(Boolean);
  return cell(words(r.message)) + (extra.length ? ` (${extra.join('; ')})` : '');
}

/** A finding's places in one cell, one per line; the JSON report lists every place. */
const MAX_PLACES = 5;

function places(f: Finding, finding: (r: ReportResult) => string): string {
  if (f.places.length === 1) return finding(f.places[0]!);
  const shown = f.places
    .slice(0, MAX_PLACES)
    .map((r) => `${r.severity !== f.severity && r.severity ? `_${e(r.severity)}_: ` : ''}${finding(r)}`);
  const more = f.places.length > MAX_PLACES ? [`… and ${f.places.length - MAX_PLACES} more places`] : [];
  return [`**${f.places.length} places:**`, ...shown, ...more].join('<br>');
}

/** The first MAX_ROWS rows, then a note (after a blank line, so it does not join a table). */
function capped<T>(items: readonly T[], row: (item: T) => string): string[] {
  const rows = items.slice(0, MAX_ROWS).map(row);
  if (items.length > MAX_ROWS) rows.push('', `_… and ${items.length - MAX_ROWS} more in the JSON report._`);
  return rows;
}

function failTable(
  report: ScanReport,
  findings: readonly Finding[],
  link: CheckLinker,
  finding: (r: ReportResult) => string,
): string[] {
  if (findings.length === 0)
    return [report.outcome === 'graded' ? 'No failing checks.' : 'No failing checks were found.', ''];
  return [
    '| Severity | Check | Title | Finding |',
    '| --- | --- | --- | --- |',
    ...capped(
      findings,
      (f) =>
        `| ${e(f.severity ?? '')} | ${link(f.checkId)} | ${cell(f.title, 120)} | ${places(f, finding)} |`,
    ),
    '',
  ];
}

function item(r: ReportResult, link: CheckLinker, note = ''): string {
  return `- **${e(r.severity ?? r.status)}** ${link(r.checkId)} ${cell(r.title, 120)}: ${place(r)}${note}`;
}

function list(
  title: string,
  rs: readonly ReportResult[],
  link: CheckLinker,
  note?: (r: ReportResult) => string,
): string[] {
  return rs.length
    ? [`#### ${title} (${rs.length})`, '', ...capped(rs, (r) => item(r, link, note?.(r))), '']
    : [];
}

function previousDiff(report: ScanReport, previous: ScanReport, link: CheckLinker): string[] {
  const d = diffReports(previous, report);
  if (d.new.length + d.fixed.length + d.unverifiable.length === 0)
    return ['No new or fixed findings since the previous scan.', ''];
  const statusNow = new Map(report.results.map((r) => [r.fingerprint, r.status]));
  return [
    ...list('New since the previous scan', d.new, link),
    ...list(
      'Fixed since the previous scan',
      d.fixed,
      link,
      (r) => ` _(now ${e(statusNow.get(r.fingerprint) ?? 'not reported')})_`,
    ),
    ...list('No longer verifiable (inconclusive, errored or not run)', d.unverifiable, link),
  ];
}

/** Entries that are fingerprints of a known result show that result; others are shown as they are. */
function baselineDiff(
  report: ScanReport,
  baseline: BaselineView,
  previous: ScanReport | undefined,
  link: CheckLinker,
): string[] {
  const known = new Map([...(previous?.results ?? []), ...report.results].map((r) => [r.fingerprint, r]));
  const added = (ref: string) => {
    const r = known.get(ref);
    return r ? item(r, link) : `- ${cell(ref, 120)}`;
  };
  const gone = (ref: string) => {
    const r = known.get(ref);
    return r
      ? `- ${link(r.checkId)} ${cell(r.title, 120)}${r.key !== null ? ` (key ${cell(r.key, 80)})` : ''} _(now ${e(r.status)})_`
      : `- ${cell(ref, 120)}`;
  };
  const unverifiable = baseline.unverifiable ?? [];
  const out: string[] = [];
  if (baseline.new.length)
    out.push(`#### New since the baseline (${baseline.new.length})`, '', ...capped(baseline.new, added), '');
  if (baseline.fixed.length)
    out.push(
      `#### Fixed since the baseline (${baseline.fixed.length})`,
      '',
      'These no longer fail: remove them from the baseline file.',
      '',
      ...capped(baseline.fixed, gone),
      '',
    );
  if (unverifiable.length)
    out.push(
      `#### Baseline entries not verifiable in this run (${unverifiable.length})`,
      '',
      ...capped(unverifiable, gone),
      '',
    );
  if (out.length === 0) out.push('No new or fixed findings since the baseline.', '');
  return out;
}

function details(summary: string, header: string, rows: string[]): string[] {
  const columns = header.split(' | ').length;
  return [
    `<details><summary>${summary}</summary>`,
    '',
    header,
    `|${' --- |'.repeat(columns)}`,
    ...rows,
    '',
    '</details>',
    '',
  ];
}

/** Errors one by one; inconclusive checks grouped by what would settle them, as the text report does. */
function unsettled(report: ScanReport, link: CheckLinker): string[] {
  const errors = report.results.filter((r) => r.status === 'error');
  const groups = groupInconclusive(report);
  const inconclusive = groups.reduce((n, g) => n + g.checkIds.length, 0);
  if (errors.length + inconclusive === 0) return [];
  const rows = [
    ...errors.map((r) => `| error | ${link(r.checkId)}: ${place(r)} |`),
    ...groups.map(
      (g) =>
        `| ${g.checkIds.length} inconclusive: ${cell(g.label, 160)} | ${g.checkIds.map(link).join(', ')}${g.details
          .map((d) => `<br>${cell(d.message, 200)}`)
          .join('')} |`,
    ),
  ];
  return details(
    `Inconclusive (${inconclusive}) and error (${errors.length}) checks`,
    '| Why | Checks |',
    capped(rows, (row) => row),
  );
}

/** Fails accepted by configuration: visible for review, with the reason, but not counted above. */
function suppressedBlock(
  findings: readonly Finding[],
  link: CheckLinker,
  finding: (r: ReportResult) => string,
): string[] {
  if (findings.length === 0) return [];
  return details(
    `Suppressed findings (${findings.length})`,
    '| Severity | Check | Finding | Suppressed because |',
    capped(findings, (f) => {
      const s = f.places[0]!.suppression;
      const why = s ? `${cell(s.reason, 160)}${s.expires ? ` (until ${e(s.expires)})` : ''}` : '';
      return `| ${e(f.severity ?? '')} | ${link(f.checkId)} | ${places(f, finding)} | ${why} |`;
    }),
  );
}

/** Expired and unused suppressions: configuration someone should renew or delete. */
function suppressionNotes(report: ScanReport): string[] {
  const { expired, unused } = report.suppressions;
  const out: string[] = [];
  if (expired.length)
    out.push(
      `**Expired suppressions (${expired.length})**, their findings count again: ${expired
        .map((s) => `${cell(entryRef(s), 120)} (${e(s.expires ?? '')})`)
        .join(', ')}`,
      '',
    );
  if (unused.length)
    out.push(
      `**Unused suppressions (${unused.length})**, matching no failing result: ${unused.map((s) => cell(entryRef(s), 120)).join(', ')}`,
      '',
    );
  return out;
}
