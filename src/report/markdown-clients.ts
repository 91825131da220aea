/** The Markdown client table and framework line; every string escaped as in ./markdown.ts. */
import { clientCounts, clientWhy, frameworkLine, VERDICT_WORDS } from './clients-words.js';
import { escapeMarkdown as e, escapeMarkdownCell as cell } from '../escape/markdown.js';
import type { ScanReport } from './model.js';
import { ledgerSummary } from './ledger.js';

export function clientTable(report: ScanReport): string[] {
  const clients = report.clients ?? [];
  if (clients.length === 0) return [];
  return [
    `#### Clients (${e(clientCounts(clients))})`,
    '',
    '| Client | Verdict | Why | Fix |',
    '| --- | --- | --- | --- |',
    ...clients.map(
      (c) =>
        `| ${e(c.name)} | ${c.verdict === 'blocked' ? '**blocked**' : e(VERDICT_WORDS[c.verdict])} | ${cell(clientWhy(c), 200)} | ${cell(c.fixes[0] ?? '', 200)} |`,
    ),
    '',
    ...ledgerTable(report),
  ];
}

/** The registration ledger: every client the scan registered and whether it was deleted. */
function ledgerTable(report: ScanReport): string[] {
  const entries = report.registrations;
  if (!entries) return [];
  if (entries.length === 0) return ['No client was registered by this scan.', ''];
  return [
    `#### Registered clients (${e(ledgerSummary(entries))})`,
    '',
    '| Probe | Redirect URI | Deleted | Detail |',
    '| --- | --- | --- | --- |',
    ...entries.map(
      (x) =>
        `| ${cell(x.probe, 80)} | ${cell(x.redirectUri, 200)} | ${x.deleted ? 'yes' : '**no**'} | ${cell(x.detail, 300)} |`,
    ),
    '',
  ];
}

export function frameworkMarkdownLine(report: ScanReport): string[] {
  return report.framework ? [e(frameworkLine(report.framework)), ''] : [];
}
