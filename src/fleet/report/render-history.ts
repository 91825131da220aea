/** `mcp-posture history URL` as text or Markdown: one line per scan, oldest first, with what changed. */
import { escapeTerminalLine } from '../../escape/terminal.js';
import { escapeMarkdownCell } from '../../escape/markdown.js';
import type { HistoryScan, TargetHistory } from './model.js';

const list = (ids: readonly string[] | null): string =>
  ids === null ? '' : ids.length ? ids.join(', ') : '-';

function heading(h: TargetHistory, esc: (s: string) => string): string {
  const name = h.name ? ` (${esc(h.name)})` : '';
  const reg = h.registry
    ? ` · registry ${esc(h.registry.name)}${h.registry.version ? ` ${esc(h.registry.version)}` : ''}`
    : '';
  return `${esc(h.url)}${name}${reg} · ${h.scans.length} scan(s)`;
}

const gradeOf = (s: HistoryScan): string => (s.outcome === 'graded' ? (s.grade ?? '?') : s.outcome);

export function renderHistoryText(h: TargetHistory): string {
  const t = escapeTerminalLine;
  const lines = [`history of ${heading(h, t)}`, ''];
  for (const s of h.scans) {
    let line = `${t(s.startedAt)}  ${gradeOf(s).padEnd(11)}  ${String(s.failCount).padStart(3)} failing  run ${t(s.runId)}`;
    if (s.newChecks?.length) line += `\n${' '.repeat(26)}new: ${t(list(s.newChecks))}`;
    if (s.fixedChecks?.length) line += `\n${' '.repeat(26)}fixed: ${t(list(s.fixedChecks))}`;
    lines.push(line);
  }
  const last = h.scans.at(-1);
  if (last && last.failing.length) {
    lines.push('', 'failing in the latest scan:');
    for (const f of last.failing)
      lines.push(`  ${t(f.checkId).padEnd(13)} ${t(f.severity ?? '').padEnd(8)} ${t(f.location)}`);
  }
  return `${lines.join('\n')}\n`;
}

export function renderHistoryMarkdown(h: TargetHistory): string {
  const m = (s: string) => escapeMarkdownCell(s, 200);
  const lines = [
    `# History of ${heading(h, m)}`,
    '',
    '| started | grade | failing | new | fixed | run |',
    '| --- | --- | --- | --- | --- | --- |',
    ...h.scans.map(
      (s) =>
        `| ${m(s.startedAt)} | ${m(gradeOf(s))} | ${s.failCount} | ${m(list(s.newChecks))} | ${m(list(s.fixedChecks))} | ${m(s.runId)} |`,
    ),
    '',
  ];
  return lines.join('\n');
}
