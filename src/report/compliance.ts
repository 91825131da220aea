/**
 * The compliance document: a requirements table in the style of hand-written
 * "MCP specification compliance" pages, one row per check, grouped by family,
 * with the status a reader of such a page expects (Done, Partly, Missing, …).
 * It ends with what a pre-login scan cannot verify, so a clean table is never
 * read as "fully compliant". Every string taken from the report is escaped;
 * only this file's literals and the registry's own prose are Markdown.
 */
import { checkLinker } from './doc-links.js';
import type { CheckLinker } from './doc-links.js';
import type { Reason } from '../checks/define-check.js';
import { findCheck } from '../checks/index.js';
import { UNOBSERVABLE_BEFORE_LOGIN } from './compliance-unobservable.js';
import {
  escapeMarkdown as e,
  escapeMarkdownCell as cell,
  markdownLinkDestination,
} from '../escape/markdown.js';
import { parseHttpUrl } from '../targets/target.js';
import { familyOf, isCheckId } from './html/groups.js';
import type { ReportResult, ScanReport } from './model.js';
import { formatGrade } from './rating.js';
import { groupByCheck } from './summary.js';

export type ComplianceLabel =
  | 'Done'
  | 'Partly'
  | 'Missing'
  | 'n/a'
  | 'not verifiable before login'
  | 'not verified'
  | 'not verified (scanner error)';

export interface ComplianceStatus {
  readonly label: ComplianceLabel;
  /** Plain text (escape before use): the reason(s), or that a failure was accepted by configuration. */
  readonly detail: string | null;
}

/** Inconclusive reasons that only a token (the user's login) would settle. */
export const PRE_LOGIN_REASONS: readonly string[] = [
  'needs_token',
  'needs_second_token',
  'needs_narrow_token',
  'auth_wall',
];

const REASON_TEXT: Readonly<Record<Reason, string>> = {
  revision: 'not in the revisions the server speaks',
  transport: 'not on this transport',
  no_auth: 'no authorization in use',
  feature_absent: 'feature not offered',
  target_scope: 'not for this kind of host',
  target_class: 'target not scanned as MCP',
  mode_disabled: 'needs a higher scan mode',
  needs_token: 'needs a token',
  needs_second_token: 'needs a second token',
  needs_narrow_token: 'needs a narrow-scope token',
  needs_designation: 'needs a designated tool',
  needs_callback_host: 'needs a callback host',
  auth_wall: 'behind the authorization wall',
  revision_dependent: 'depends on the revision in use',
  fetch_failed: 'a request failed',
  rate_limited: 'rate limited',
  target_stopped_answering: 'the server stopped answering',
  tls_unverified: 'TLS could not be verified',
  probe_unavailable: 'probe unavailable',
  opaque_token: 'opaque token',
  ambiguous: 'ambiguous evidence',
  internal: 'scanner error',
};

/** A reason in words; a reason this version does not know (a report from elsewhere) as it is. */
export function reasonText(reason: string | null): string {
  if (reason === null) return 'no reason given';
  return Object.hasOwn(REASON_TEXT, reason) ? REASON_TEXT[reason as Reason] : reason;
}

const FAMILY_TITLES: Readonly<Record<string, string>> = {
  TRN: 'Transport security and HTTP hygiene',
  LEG: 'Legacy (handshake-era) wire',
  MOD: 'Modern wire (2026-07-28)',
  STDIO: 'Local stdio servers',
  AUTHN: 'Challenge and unauthenticated exposure',
  PRM: 'Protected Resource Metadata (RFC 9728)',
  ASM: 'Authorization-server metadata and tokens',
  SCP: 'Scopes',
  CIMD: 'Client ID Metadata Documents',
  ACT: 'Active security probes',
  TOOL: 'Tool, prompt, resource and instruction surface',
  PIN: 'Drift against a baseline',
  CFG: 'Client configuration hygiene',
  ERR: 'Scanner health',
};

const uniq = <T>(xs: readonly T[]): T[] => [...new Set(xs)];
const reasonsOf = (rs: readonly ReportResult[]) => uniq(rs.map((r) => reasonText(r.reason))).join('; ');
const where = (r: ReportResult) => `${r.location}\u0000${r.key ?? ''}`;

/**
 * One check's results as one status. Precedence as in the report summary
 * (fail > error > inconclusive > pass); not-applicable results only count when
 * nothing else is left. A fail next to passes at other locations is Partly.
 */
export function complianceStatus(results: readonly ReportResult[]): ComplianceStatus {
  const applicable = results.filter((r) => r.status !== 'not_applicable');
  const fails = applicable.filter((r) => r.status === 'fail');
  if (fails.length) {
    const failing = new Set(fails.map(where));
    const partly = applicable.some((r) => r.status === 'pass' && !failing.has(where(r)));
    // Truthiness: a report saved before suppressions existed has no field at all.
    const accepted = fails.every((r) => !!r.suppression);
    return { label: partly ? 'Partly' : 'Missing', detail: accepted ? 'accepted by configuration' : null };
  }
  if (applicable.some((r) => r.status === 'error'))
    return { label: 'not verified (scanner error)', detail: null };
  const open = applicable.filter((r) => r.status === 'inconclusive');
  if (open.length) {
    const login = open.every((r) => r.reason !== null && PRE_LOGIN_REASONS.includes(r.reason));
    return { label: login ? 'not verifiable before login' : 'not verified', detail: reasonsOf(open) };
  }
  if (applicable.length) return { label: 'Done', detail: null };
  return { label: 'n/a', detail: results.length ? reasonsOf(results) : null };
}

function statusCell(s: ComplianceStatus): string {
  return s.detail ? `${s.label} (${e(s.detail)})` : s.label;
}

/**
 * Registry prose (requirements, the items of docs/model/README.md#what-a-scan-cannot-observe): `code` spans stay code spans when
 * they are plain, everything else is escaped. Never used on report text.
 */
function prose(text: string): string {
  const parts = text.split('`');
  return parts
    .map((p, i) => {
      if (i % 2 === 0) return e(p);
      // A code part is closed when another part follows it; an unclosed one is text.
      const closed = i + 1 < parts.length;
      return closed && /^[^|\r\n]+$/.test(p) ? `\`${p}\`` : e(closed ? `\`${p}\`` : `\`${p}`);
    })
    .join('');
}

/** Cut at a word boundary (registry prose is never cut inside a code span: it is cut before it). */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max).replace(/\s+\S*$/, '');
  if ((cut.match(/`/g) ?? []).length % 2 === 1) cut = cut.slice(0, cut.lastIndexOf('`')).trimEnd();
  return `${cut.replace(/[,;:]$/, '')} …`;
}

/** A citation as a link when its URL is absolute http(s), as escaped text otherwise. */
function citationLink(c: { readonly key: string; readonly url: string }): string {
  const href = parseHttpUrl(c.url)?.href;
  if (!href) return e(c.key);
  return `[${cell(c.key, 120)}](${markdownLinkDestination(href)})`;
}

const MAX_CITATIONS = 2;
const MAX_RESULTS = 5;
const MAX_IDS = 8;

function citationsCell(citations: readonly { readonly key: string; readonly url: string }[]): string {
  if (!citations.length) return '';
  const more = citations.length > MAX_CITATIONS ? ` \\+${citations.length - MAX_CITATIONS}` : '';
  return citations.slice(0, MAX_CITATIONS).map(citationLink).join(', ') + more;
}

function idsOf(r: ReportResult): string {
  if (!r.evidence.length) return '';
  const shown = r.evidence.slice(0, MAX_IDS).map((id) => cell(id, 40));
  const more = r.evidence.length > MAX_IDS ? ` \\+${r.evidence.length - MAX_IDS}` : '';
  return `${shown.join(', ')}${more}: `;
}

function finding(r: ReportResult, withStatus: boolean): string {
  const extra = [
    r.key !== null ? `key ${cell(r.key, 80)}` : '',
    r.location !== 'endpoint' ? `at ${cell(r.location, 120)}` : '',
    r.condition !== null ? `applies if ${cell(r.condition, 160)}` : '',
    r.suppression
      ? `accepted: ${cell(r.suppression.reason, 160)}${r.suppression.expires ? ` until ${e(r.suppression.expires)}` : ''}`
      : '',
  ].filter(Boolean);
  const status = withStatus ? `_${e(r.status)}_ ` : '';
  return `${status}${idsOf(r)}${cell(r.message)}${extra.length ? ` (${extra.join('; ')})` : ''}`;
}

const ORDER = ['fail', 'error', 'inconclusive', 'pass', 'not_applicable'];

function evidenceCell(results: readonly ReportResult[]): string {
  const applicable = results.filter((r) => r.status !== 'not_applicable');
  const shown = (applicable.length ? applicable : results.slice(0, 1))
    .slice()
    .sort((a, b) => ORDER.indexOf(a.status) - ORDER.indexOf(b.status));
  const mixed = uniq(shown.map((r) => r.status)).length > 1;
  const lines = shown.slice(0, MAX_RESULTS).map((r) => finding(r, mixed));
  if (shown.length > MAX_RESULTS) lines.push(`… and ${shown.length - MAX_RESULTS} more in the JSON report`);
  return lines.join('<br>');
}

interface Row {
  readonly checkId: string;
  readonly results: readonly ReportResult[];
  readonly status: ComplianceStatus;
}

function requirementCell(row: Row, link: CheckLinker): string {
  const meta = isCheckId(row.checkId) ? findCheck(row.checkId)?.meta : undefined;
  const text = meta
    ? `${e(meta.keyword)}: ${prose(shorten(meta.requirement, 180))}`
    : cell(row.results[0]?.title ?? '', 180);
  return `${link(row.checkId)} ${text}`;
}

function citationsOf(report: ScanReport, checkId: string) {
  const inReport = report.checks.find((c) => c.id === checkId);
  if (inReport) return inReport.citations;
  return (isCheckId(checkId) ? findCheck(checkId)?.meta.citations : undefined) ?? [];
}

function table(report: ScanReport, rows: readonly Row[], link: CheckLinker): string[] {
  return [
    '| Requirement | Citation | Status | Evidence |',
    '| --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${requirementCell(r, link)} | ${citationsCell(citationsOf(report, r.checkId))} | ${statusCell(r.status)} | ${evidenceCell(r.results)} |`,
    ),
    '',
  ];
}

function header(report: ScanReport): string[] {
  const t = report.target;
  const rev = t.revision;
  const r = report.rating;
  const transport = [t.transport ?? 'transport unknown', t.scope].map(e).join(', ');
  const grade = `**${e(formatGrade(r))}**${r.qualifier ? ` (${e(r.qualifier)})` : ''}, ${e(r.policy)}, basis ${e(r.basis)}`;
  const out = [
    `# MCP specification compliance: ${e(t.url)}`,
    '',
    `Generated by ${e(report.tool.name)} from an outside scan of the server. Each row is one check of the catalogue; the evidence names the recorded HTTP exchanges (full requests and responses are in the JSON report) and the check's finding.`,
    '',
    `- **Target:** ${e(t.url)} (${transport})`,
    `- **Protocol revision:** ${e(rev.value ?? 'unknown')}, ${e(rev.source)}: ${cell(rev.how, 300)}`,
    `- **Date:** ${e(report.generatedAt)}, mode ${e(report.mode)}, ${report.settings.tokenSupplied ? 'with a token' : 'without a token (pre-login)'}`,
    `- **Tool:** ${e(report.tool.name)} ${e(report.tool.version)}, catalogue ${e(report.tool.catalogueVersion)}`,
    `- **Grade:** ${grade}`,
  ];
  if (report.outcome !== 'graded')
    out.push(`- **Outcome:** ${e(report.outcome)}; the requirements could not be judged.`);
  if (t.authWall && !report.settings.tokenSupplied)
    out.push(
      '- **Authorization wall:** the endpoint requires a token this scan did not have; what lies behind it is listed at the end.',
    );
  out.push(
    '',
    'Status: **Done** = every observation passed; **Partly** = failed at some locations, passed at others; **Missing** = failed; **n/a** = does not apply to this server (reason given); **not verifiable before login** = needs a token the scan did not have; **not verified** = the scan could not decide (reason given).',
    '',
  );
  return out;
}

function counts(rows: readonly Row[], notApplicable: number): string {
  const labels: ComplianceLabel[] = [
    'Done',
    'Partly',
    'Missing',
    'not verifiable before login',
    'not verified',
    'not verified (scanner error)',
  ];
  const parts = labels
    .map((l) => [l, rows.filter((r) => r.status.label === l).length] as const)
    .filter(([, n]) => n > 0)
    .map(([l, n]) => `${n} ${l}`);
  return `**${rows.length} requirements judged:** ${parts.join(', ') || 'none'}; ${notApplicable} not applicable.`;
}

function notApplicableSection(report: ScanReport, rows: readonly Row[], link: CheckLinker): string[] {
  if (!rows.length) return [];
  return [
    '## Not applicable to this target',
    '',
    `<details><summary>${rows.length} requirements do not apply to this server</summary>`,
    '',
    ...table(report, rows, link),
    '</details>',
    '',
  ];
}

/** The closing section: this scan's checks that a token would settle, then what a scan cannot observe (docs/model/README.md#what-a-scan-cannot-observe). */
function unobservableSection(report: ScanReport, rows: readonly Row[], link: CheckLinker): string[] {
  const open = rows.filter((r) => r.status.label === 'not verifiable before login');
  const out = [
    '## What a pre-login scan cannot verify',
    '',
    report.settings.tokenSupplied
      ? 'This scan used a token, so the checks above that a token reaches have run. The requirements below still need what their last column names; none of the statuses above covers them.'
      : "This scan ran without the user's login. The requirements below cannot be established from the outside without one, and none of the statuses above covers them: a clean table is not a claim of full compliance.",
    '',
    '### Left open in this scan for lack of a token',
    '',
  ];
  if (open.length)
    out.push(
      ...open.map(
        (r) =>
          `- ${link(r.checkId)} ${cell(r.results[0]?.title ?? '', 120)}: ${statusCell(r.status)}. ${cell(r.results.find((x) => x.status === 'inconclusive')?.message ?? '')}`,
      ),
      '',
    );
  else out.push('None: no check of this scan stayed inconclusive for lack of a token.', '');
  out.push(
    '### Never verifiable before login',
    '',
    '| Requirement | Citation | Why a pre-login scan cannot verify it | Reached by |',
    '| --- | --- | --- | --- |',
    ...UNOBSERVABLE_BEFORE_LOGIN.map(
      (u) =>
        `| ${prose(u.requirement)} | ${citationsCell(u.citations)} | ${prose(u.reason)} | ${prose(u.reachedBy)} |`,
    ),
  );
  return out;
}

export interface ComplianceOptions {
  /** Where the check doc pages live (default `docs/checks`, relative). */
  readonly docsBaseUrl?: string;
}

export function renderCompliance(report: ScanReport, opts: ComplianceOptions = {}): string {
  const link = checkLinker(e, opts.docsBaseUrl);
  const rows: Row[] = [...groupByCheck(report.results)].map(([checkId, results]) => ({
    checkId,
    results,
    status: complianceStatus(results),
  }));
  const judged = rows.filter((r) => r.status.label !== 'n/a');
  const out = [...header(report), counts(judged, rows.length - judged.length), ''];
  if (!rows.length) out.push('No requirement could be evaluated.', '');
  const families = uniq(judged.map((r) => familyOf(r.checkId)));
  for (const f of families) {
    const title = Object.hasOwn(FAMILY_TITLES, f) ? FAMILY_TITLES[f] : 'Other';
    out.push(
      `## ${title} (${e(f)})`,
      '',
      ...table(
        report,
        judged.filter((r) => familyOf(r.checkId) === f),
        link,
      ),
    );
  }
  out.push(
    ...notApplicableSection(
      report,
      rows.filter((r) => r.status.label === 'n/a'),
      link,
    ),
  );
  out.push(...unobservableSection(report, rows, link));
  return out.join('\n') + '\n';
}
