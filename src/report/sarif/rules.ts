/**
 * SARIF rule descriptors (reportingDescriptor, §3.49), one per check that
 * appears in a report. Text comes from the check's meta, looked up by ID, so
 * it is scanner-authored and may go into markdown as is.
 */
import type { Confidence, Severity } from '../../checks/define-check.js';
import { findCheck } from '../../checks/index.js';
import { markdownLinkDestination, markdownLinkText } from '../../escape/markdown.js';
import type { ReportCheck, ScanReport } from '../model.js';
import type { SarifLevel, SarifRule } from './types.js';

/** GitHub reads `level` for non-security tools and `security-severity` (a string) for security ones. */
export const LEVEL_OF: Readonly<Record<Severity, SarifLevel>> = {
  critical: 'error',
  high: 'error',
  medium: 'warning',
  low: 'note',
  info: 'note',
};

export const SECURITY_SEVERITY: Readonly<Record<Severity, string>> = {
  critical: '9.5',
  high: '8.0',
  medium: '5.5',
  low: '3.0',
  info: '0.0',
};

/** What a rule needs, whether the check is known to this build or only to the report's. */
interface RuleSource {
  readonly id: string;
  readonly title: string;
  readonly requirement: string;
  readonly keyword: string | null;
  readonly rationale: string | null;
  readonly remediation: string;
  readonly severity: Severity;
  readonly confidence: Confidence;
  readonly citations: readonly { readonly key: string; readonly url: string }[];
}

export interface RuleOptions {
  /** Absolute base URL the `<ID>.md` doc pages are resolved against. */
  readonly docsBaseUrl: string | undefined;
}

/** `MCPP-TRN01` → `trn`. */
export function familyOf(id: string): string {
  return /^MCPP-([A-Z]+)\d+$/i.exec(id)?.[1]?.toLowerCase() ?? 'other';
}

/**
 * Rule `name`: one identifier of capitalised chunks, each a capital then
 * lower-case letters or digits (the form the SARIF validator expects), so
 * acronyms are folded (`HTTPS` → `Https`) and one-letter words dropped.
 */
export function pascalCase(title: string): string {
  return title
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1 || /\p{N}/u.test(w))
    .map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase())
    .join('')
    .replace(/^\p{N}+/u, '');
}

export function docsUrl(id: string, base: string): string {
  // Without the trailing slash URL resolution would replace the last path segment.
  return new URL(`${encodeURIComponent(id)}.md`, base.endsWith('/') ? base : `${base}/`).href;
}

function sourceOf(id: string, report: ScanReport): RuleSource {
  const meta = findCheck(id)?.meta;
  if (meta)
    return {
      id: meta.id,
      title: meta.title,
      requirement: meta.requirement,
      keyword: meta.keyword,
      rationale: meta.rationale,
      remediation: meta.remediation,
      severity: meta.severity,
      confidence: meta.confidence ?? 'high',
      citations: meta.citations,
    };
  // A report saved by another build can name a check this build does not know.
  const rc: ReportCheck | undefined = report.checks.find((c) => c.id === id);
  const title = rc?.title ?? report.results.find((r) => r.checkId === id)?.title ?? id;
  return {
    id,
    title,
    requirement: title,
    keyword: rc?.keyword ?? null,
    rationale: null,
    remediation: rc?.remediation ?? 'See the check documentation.',
    severity: rc?.severity ?? 'info',
    confidence: 'high',
    citations: rc?.citations ?? [],
  };
}

const SPEC_HOME = 'https://modelcontextprotocol.io/specification';

/** Check IDs in report order: declared checks first, then any result-only stragglers. */
export function ruleIds(report: ScanReport): string[] {
  return [...new Set([...report.checks.map((c) => c.id), ...report.results.map((r) => r.checkId)])];
}

export function buildRule(id: string, report: ScanReport, opts: RuleOptions): SarifRule {
  const s = sourceOf(id, report);
  // Without a hosted docs site the rule's first citation (the spec or RFC clause) is its documentation.
  const helpUri = opts.docsBaseUrl ? docsUrl(s.id, opts.docsBaseUrl) : (s.citations[0]?.url ?? SPEC_HOME);
  const facts = `${s.keyword ? `Keyword: ${s.keyword}. ` : ''}Default severity: ${s.severity}.`;
  const text = [s.requirement, facts];
  const md = [s.requirement, `*${facts}*`];
  if (s.rationale) {
    text.push(`Why it matters: ${s.rationale}`);
    md.push(`**Why it matters.** ${s.rationale}`);
  }
  text.push(`How to fix: ${s.remediation}`);
  md.push(`**How to fix.** ${s.remediation}`);
  if (s.citations.length) {
    text.push(['References:', ...s.citations.map((c) => `- ${c.key}: ${c.url}`)].join('\n'));
    md.push(
      [
        '**References**',
        '',
        ...s.citations.map((c) => `- [${markdownLinkText(c.key)}](${markdownLinkDestination(c.url)})`),
      ].join('\n'),
    );
  }
  if (opts.docsBaseUrl) {
    text.push(`Documentation: ${helpUri}`);
    md.push(`[Full documentation](${markdownLinkDestination(helpUri)})`);
  } else {
    text.push(`Documentation: docs/checks/${s.id}.md in the mcp-posture package.`);
    md.push(`Documentation: \`docs/checks/${s.id}.md\` in the mcp-posture package.`);
  }
  return {
    id: s.id,
    name: pascalCase(s.title) || s.id,
    shortDescription: { text: s.title },
    fullDescription: { text: s.requirement },
    helpUri,
    help: { text: text.join('\n\n'), markdown: md.join('\n\n') },
    defaultConfiguration: { level: LEVEL_OF[s.severity] },
    properties: {
      tags: ['security', familyOf(s.id), 'mcp'],
      precision: s.confidence,
      'security-severity': SECURITY_SEVERITY[s.severity],
    },
  };
}
