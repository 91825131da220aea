/** The terminal's client table: one row per client, its verdict and the rule in plain words. */
import type { ScanReport } from './model.js';
import { clientCounts, clientWhy, frameworkLine, VERDICT_WORDS } from './clients-words.js';
import { escapeTerminalLine } from '../escape/terminal.js';
import { ledgerLine, ledgerSummary } from './ledger.js';

/** The heading and rows of the CLIENTS section; empty for a report without a matrix. */
export function clientTableLines(report: ScanReport): string[] {
  const clients = report.clients ?? [];
  if (clients.length === 0) return [];
  const nameWidth = Math.max(...clients.map((c) => c.name.length));
  const verdictWidth = Math.max(...clients.map((c) => VERDICT_WORDS[c.verdict].length));
  const rows = clients.map((c) => {
    const name = c.name.padEnd(nameWidth);
    const verdict = VERDICT_WORDS[c.verdict].padEnd(verdictWidth);
    return `  ${name}  ${verdict}  ${escapeTerminalLine(clientWhy(c))}`;
  });
  return [`CLIENTS (${clientCounts(clients)})`, ...rows, ...ledgerTextLines(report)];
}

/** The registration ledger under the client table: a summary line, then one line per client. */
function ledgerTextLines(report: ScanReport): string[] {
  const entries = report.registrations;
  if (!entries) return [];
  if (entries.length === 0) return ['  registrations: no client was registered by this scan'];
  return [
    `  registrations: ${ledgerSummary(entries)}`,
    ...entries.map((e) => `    ${escapeTerminalLine(ledgerLine(e))}`),
  ];
}

/** `  framework: …`, escaped (signal text quotes nothing from the server, the note may). */
export function frameworkTextLine(report: ScanReport): string | null {
  return report.framework ? `  ${escapeTerminalLine(frameworkLine(report.framework))}` : null;
}
