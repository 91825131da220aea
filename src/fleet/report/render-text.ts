/**
 * The per-target table for a terminal: `fleet report --format text` and the end of every fleet
 * run (`scan --targets`, `--registry`, `--discovered`, shards). One line per target, worst
 * first: grade, failing results by severity, the target (and its client and configuration file
 * for discovered servers), the outcome or why it was not reached, what changed since the
 * previous run, and its report file. Server strings are escaped to one line and cut to a width.
 */
import { escapeTerminalLine } from '../../escape/terminal.js';
import type { FleetReport, TargetRow } from './model.js';
import { driftWords, outcomeWords } from './row-words.js';
import { gradeLabel } from './rows.js';

export interface FleetTextOptions {
  /** Extension of the per-target report files (beside the table); null: no report column. */
  readonly reportExt: string | null;
  /** Rows shown; the rest are counted. */
  readonly maxRows?: number;
}

const cut = (s: string, n: number): string => {
  const chars = [...s];
  return chars.length > n ? `${chars.slice(0, n - 1).join('')}…` : s;
};

const one = (s: string | null, n: number): string => cut(escapeTerminalLine(s ?? ''), n);

/** A path cut from the left, so its file name stays. */
function tail(s: string | null, n: number): string {
  const chars = [...escapeTerminalLine(s ?? '')];
  return chars.length > n ? `…${chars.slice(chars.length - n + 1).join('')}` : chars.join('');
}

function targetCell(t: TargetRow): string {
  return t.name ? `${one(t.name, 32)} ${one(t.target, 48)}` : one(t.target, 60);
}

const count = (n: number): string => (n ? String(n) : '·');

/** The table's lines, header first, columns padded to their widest cell. */
export function targetTableLines(r: FleetReport, opts: FleetTextOptions): string[] {
  const rows = r.targets.items.slice(0, opts.maxRows ?? r.targets.items.length);
  const clients = rows.some((t) => t.client !== null || t.configFile !== null);
  const head = [
    'grade',
    'crit',
    'high',
    'med',
    'low',
    'target',
    ...(clients ? ['client', 'config file'] : []),
    'outcome',
    'since previous run',
    ...(opts.reportExt === null ? [] : ['report']),
  ];
  const cells = rows.map((t) => [
    gradeLabel(t),
    count(t.failing.critical),
    count(t.failing.high),
    count(t.failing.medium),
    count(t.failing.low),
    targetCell(t),
    ...(clients ? [one(t.client, 16), tail(t.configFile, 48)] : []),
    one(outcomeWords(t), 72),
    driftWords(t),
    ...(opts.reportExt === null ? [] : [`${t.report}.${opts.reportExt}`]),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => [...c[i]!].length)));
  // Counts are right-aligned; the last column is not padded.
  const line = (c: readonly string[]) =>
    c
      .map((s, i) =>
        i === c.length - 1
          ? s
          : i >= 1 && i <= 4
            ? s.padStart(widths[i]!)
            : s + ' '.repeat(widths[i]! - [...s].length),
      )
      .join('  ')
      .trimEnd();
  const out = [line(head), ...cells.map(line)];
  const more = r.targets.total - rows.length;
  if (more > 0) out.push(`… and ${more} more`);
  return out;
}

/** `fleet report --format text`: the run, the grades, then the table. */
export function renderFleetText(r: FleetReport, opts: FleetTextOptions): string {
  const t = escapeTerminalLine;
  const lines = [
    `mcp-posture fleet report: run ${t(r.run.id)} · started ${t(r.run.startedAt)} · ${r.run.scans} targets` +
      (r.previous ? ` · compared with run ${t(r.previous.id)}` : ' · no earlier run'),
    `grades: ${r.grades.map((g) => `${g.grade} ${g.count}`).join(' · ')}`,
    '',
    ...targetTableLines(r, opts),
  ];
  return `${lines.join('\n')}\n`;
}
