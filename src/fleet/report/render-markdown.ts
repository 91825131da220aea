/**
 * `fleet report --format markdown` and a fleet run's `index.md` (a CI job summary or a PR
 * comment): the per-target table first, then the fleet's numbers. Every server string is escaped
 * (src/escape/markdown.ts); a report link is the target's file stem, a slug of safe characters.
 */
import { escapeMarkdownCell, markdownLinkDestination } from '../../escape/markdown.js';
import type { FleetReport, Limited } from './model.js';
import { driftWords, outcomeWords } from './row-words.js';
import { gradeLabel } from './rows.js';

export interface FleetMarkdownOptions {
  /** Extension of the per-target reports the table links to (beside the file); null: no links. */
  readonly reportExt?: string | null;
}

const e = (s: string | null | undefined, max = 200): string => escapeMarkdownCell(s ?? '', max);

function more<T>(l: Limited<T>): string[] {
  return l.total > l.items.length ? ['', `… and ${l.total - l.items.length} more.`] : [];
}

function table(head: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ];
}

/** The per-target table: one line per target, worst first. */
function targetLines(r: FleetReport, ext: string | null): string[] {
  const clients = r.targets.items.some((t) => t.client !== null || t.configFile !== null);
  const head = [
    'target',
    ...(clients ? ['client', 'config file'] : []),
    'outcome',
    'grade',
    'critical',
    'high',
    'medium',
    'low',
    'since the previous run',
    ...(ext === null ? [] : ['report']),
  ];
  const rows = r.targets.items.map((t) => [
    t.name ? `${e(t.name, 80)} (${e(t.target, 120)})` : e(t.target, 120),
    ...(clients ? [e(t.client), e(t.configFile, 160)] : []),
    e(outcomeWords(t), 200),
    e(gradeLabel(t)),
    ...(['critical', 'high', 'medium', 'low'] as const).map((k) => String(t.failing[k])),
    e(driftWords(t)),
    ...(ext === null ? [] : [`[${e(t.report)}](${markdownLinkDestination(`${t.report}.${ext}`)})`]),
  ]);
  return [
    `## Targets (${r.targets.total})`,
    '',
    ...(r.targets.total === 0 ? ['None.'] : table(head, rows)),
    ...more(r.targets),
  ];
}

export function renderFleetMarkdown(r: FleetReport, opts: FleetMarkdownOptions = {}): string {
  const lines: string[] = [
    '# mcp-posture fleet report',
    '',
    `Run ${e(r.run.id, 80)} started ${e(r.run.startedAt)} · ${r.run.scans} targets · source ${e(r.run.source)} · mode ${e(r.run.mode)}` +
      (r.run.shardCount > 1 ? ` · ${r.run.shardCount} shards` : ''),
    r.previous
      ? `Compared with run ${e(r.previous.id, 80)} (${e(r.previous.startedAt)}).`
      : 'No earlier run to compare with.',
    '',
    ...targetLines(r, opts.reportExt === undefined ? 'md' : opts.reportExt),
    '',
    '## Outcomes and grades',
    '',
    ...table(
      ['outcome', 'targets'],
      Object.entries(r.outcomes).map(([o, n]) => [e(o), String(n)]),
    ),
    '',
    ...table(
      ['grade', 'targets'],
      r.grades.map((g) => [e(g.grade), String(g.count)]),
    ),
    '',
    '## Most common failing checks',
    '',
    ...(r.topFailing.length
      ? table(
          ['check', 'title', 'severity', 'targets'],
          r.topFailing.map((c) => [e(c.checkId), e(c.title), e(c.severity), String(c.targets)]),
        )
      : ['No failing checks.']),
  ];
  for (const [title, list] of [
    ['New findings since the previous run', r.newFindings],
    ['Fixed since the previous run', r.fixedFindings],
  ] as const) {
    lines.push('', `## ${title} (${list.total})`, '');
    if (!r.previous) lines.push('No earlier run.');
    else if (list.total === 0) lines.push('None.');
    else
      lines.push(
        ...table(
          ['target', 'check', 'severity', 'location', 'message'],
          list.items.map((f) => [
            e(f.url),
            e(f.checkId),
            e(f.severity),
            e(f.location, 80),
            e(f.message, 160),
          ]),
        ),
        ...more(list),
      );
  }
  lines.push('', `## Surface drift (${r.drift.total} targets)`, '');
  if (!r.previous) lines.push('No earlier run.');
  else if (r.drift.total === 0) lines.push('No tool, prompt or resource definition changed.');
  else
    lines.push(
      ...table(
        ['target', 'added', 'removed', 'changed', 'items'],
        r.drift.items.map((d) => [
          e(d.url),
          String(d.added),
          String(d.removed),
          String(d.changed),
          e(d.items.map((i) => `${i.change} ${i.kind} ${i.name}`).join('; '), 240),
        ]),
      ),
      ...more(r.drift),
    );
  lines.push('', `## Not graded: unreachable, not MCP, redirected or failed (${r.notGraded.total})`, '');
  if (r.notGraded.total === 0) lines.push('None.');
  else
    lines.push(
      ...table(
        ['target', 'outcome', 'detail'],
        r.notGraded.items.map((n) => [e(n.url), e(n.outcome), e(n.detail, 160)]),
      ),
      ...more(r.notGraded),
    );
  lines.push('', `Generated ${e(r.generatedAt)} by mcp-posture.`, '');
  return lines.join('\n');
}
