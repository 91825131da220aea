/** The Markdown client table and framework line; every string escaped as in ./markdown.ts. */
import { clientCounts, clientWhy, frameworkLine, VERDICT_WORDS } from './clients-words.js';
import { escapeMarkdown as e, escapeMarkdownCell as cell } from '../escape/markdown.js';
import type { ScanReport } from './model.js';

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
  ];
}

export function frameworkMarkdownLine(report: ScanReport): string[] {
  return report.framework ? [e(frameworkLine(report.framework)), ''] : [];
}
