/**
 * The migration report (format `migration`): Markdown for a team moving a
 * server to MCP 2026-07-28. A legacy server gets what a 2026-07-28-only client
 * would hit, each item with what the scan observed and the changelog or spec
 * page behind it; a dual-era server gets the differences between its eras.
 * Every string from the report is escaped; the only Markdown is this file's.
 */
import { escapeMarkdown as e, escapeMarkdownCell as cell } from '../escape/markdown.js';
import type { EraDifference, MigrationItem } from './migration-items.js';
import { migrationSummary } from './migration-items.js';
import type { ScanReport } from './model.js';
import { checkLinker } from './doc-links.js';
import type { CheckLinker } from './doc-links.js';

export { migrationKind, migrationSummary } from './migration-items.js';

function link(c: { key: string; url: string }): string {
  return `[${e(c.key)}](${c.url})`;
}

function item(n: number, i: MigrationItem): string[] {
  const lines = [`### ${n}. ${i.title}`, '', i.text, ''];
  if (i.observed) {
    const ex = i.exchanges.length ? ` (exchanges ${i.exchanges.map(e).join(', ')})` : '';
    lines.push(`**Observed:** ${cell(i.observed, 400)}${ex}`, '');
  } else lines.push('**Observed:** applies to every legacy server.', '');
  lines.push(`**References:** ${i.citations.map(link).join(', ')}`, '');
  return lines;
}

function differences(list: readonly EraDifference[], checkRef: CheckLinker): string[] {
  if (list.length === 0)
    return [
      'No check reached different verdicts in the two eras: legacy and modern clients see the same behaviour.',
      '',
    ];
  const out = ['| Check | Legacy era | Modern era | Detail |', '|---|---|---|---|'];
  for (const d of list)
    out.push(
      `| ${checkRef(d.checkId)} ${cell(d.title, 120)} | ${e(d.legacy)} | ${e(d.modern)} | ${cell(d.detail, 300)} |`,
    );
  return [...out, ''];
}

export interface MigrationOptions {
  /** Where the check doc pages live (default `docs/checks`, relative). */
  readonly docsBaseUrl?: string;
}

export function renderMigration(report: ScanReport, opts: MigrationOptions = {}): string {
  const checkRef = checkLinker(e, opts.docsBaseUrl);
  const s = migrationSummary(report);
  const rev = report.target.revision;
  const out = [
    `# Migration to MCP 2026-07-28: ${e(report.target.url)}`,
    '',
    `- **Transport:** ${e(report.target.transport ?? 'unknown')}`,
    `- **Revisions:** ${e(rev.known.join(', ') || 'none proven')} (${e(rev.source)}; eras: ${e(rev.eras.join(', ') || 'none')})`,
    `- **Scanned:** ${e(report.generatedAt)} by ${e(report.tool.name)} ${e(report.tool.version)}, mode ${e(report.mode)}`,
    '',
  ];
  if (s.kind === 'legacy') {
    out.push(
      '## What a 2026-07-28-only client would hit',
      '',
      'The server speaks only initialize-era revisions. A client that speaks only 2026-07-28 (the current revision) cannot use it; clients that also speak legacy revisions fall back to `initialize`. Each item below is a change the server needs to serve modern clients, either alone (modern-only) or next to its legacy behaviour (dual-era).',
      '',
    );
    s.items.forEach((i, n) => out.push(...item(n + 1, i)));
  } else if (s.kind === 'dual-era') {
    out.push(
      '## Differences between the eras',
      '',
      'The server is dual-era: legacy clients use `initialize`, modern clients send per-request `_meta`. Checks evaluated in both eras:',
      '',
      ...differences(s.differences, checkRef),
    );
    const modernFails = new Set(
      report.results.filter((r) => r.era === 'modern' && r.status === 'fail').map((r) => r.checkId),
    );
    const legacyFails = new Set(
      report.results.filter((r) => r.era === 'legacy' && r.status === 'fail').map((r) => r.checkId),
    );
    out.push(
      `Failing in the modern era: ${[...modernFails].map(e).join(', ') || 'none'}. Failing in the legacy era: ${[...legacyFails].map(e).join(', ') || 'none'}.`,
      '',
    );
  } else if (s.kind === 'modern-only') {
    const mod19 = report.results.find((r) => r.checkId === 'MCPP-MOD19');
    out.push(
      '## Nothing to migrate',
      '',
      `The server speaks only 2026-07-28. Legacy (initialize-era) clients cannot use it${mod19 ? `; MCPP-MOD19 judges how it refuses them: ${cell(mod19.message, 300)}` : ''}.`,
      '',
    );
  } else {
    out.push(
      '## Era unknown',
      '',
      'The scan could not tell which protocol era the server speaks (for example behind an authorization wall without a token), so there is no migration advice. Scan again with `--token`.',
      '',
    );
  }
  return out.join('\n');
}
