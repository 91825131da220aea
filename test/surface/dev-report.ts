/** Renders a measurement of the development corpus (./dev-measure.ts) as text, Markdown or JSON. */
import { FAMILIES, LANGUAGES, SPLITS } from './dev-corpus.js';
import type { Measurement, Tally } from './dev-measure.js';
import { pct } from './dev-measure.js';

const HEAD = ['split', 'poisoned', 'caught', 'under-graded', 'wrong item', 'not found'];
const HEAD2 = ['benign', 'benign high+', 'benign medium', 'benign low', 'pairs', 'discriminated'];

function splitRow(name: string, t: Tally): string[] {
  return [
    name,
    String(t.poisoned),
    `${t.caught} (${pct(t.caught, t.poisoned)})`,
    String(t.under),
    String(t.wrongItem),
    String(t.missed),
    String(t.benign),
    String(t.benignHigh),
    String(t.benignMedium),
    String(t.benignLow),
    String(t.pairs),
    `${t.discriminated} (${pct(t.discriminated, t.pairs)})`,
  ];
}

/** One cell of a confusion table: caught/poisoned, then under, wrong item, not found, benign high. */
function cell(t: Tally | undefined): string {
  if (!t || t.poisoned + t.benign === 0) return '–';
  return `${t.caught}/${t.poisoned} u${t.under} w${t.wrongItem} m${t.missed} h${t.benignHigh}`;
}

function confusion(m: Readonly<Record<string, Tally>>, keys: readonly string[]): string[][] {
  return keys
    .filter((k) => m[`all/${k}`])
    .map((k) => [k, ...[...SPLITS, 'all'].map((s) => cell(m[`${s}/${k}`]))]);
}

function table(head: readonly string[], rows: readonly (readonly string[])[], md: boolean): string {
  if (md) {
    const line = (r: readonly string[]) => `| ${r.map((x) => x.replace(/\|/g, '\\|')).join(' | ')} |`;
    return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
  }
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: readonly string[]) => r.map((x, i) => x.padEnd(widths[i] ?? 0)).join('  ');
  return [line(head), ...rows.map(line)].join('\n');
}

export interface Speed {
  readonly bytes: number;
  readonly parseMs: number;
  readonly rulesMs: number;
  readonly scorerMs: number | null;
}

export interface Ablation {
  readonly label: string;
  readonly bySplit: Readonly<Record<string, Tally>>;
}

export function render(
  m: Measurement,
  opts: { markdown: boolean; speed?: Speed; ablations?: readonly Ablation[] },
): string {
  const md = opts.markdown;
  const h = (s: string) => (md ? `#### ${s}` : `== ${s}`);
  const parts = Object.keys(m.bySplit).filter((s) => s.startsWith('test · '));
  const splits = [...SPLITS, ...parts, 'all'].map((s) => splitRow(s, m.bySplit[s]!));
  const cells = `Cells: caught/poisoned at the expected severity, u under-graded, w wrong item, m not found, h benign twins with a high or critical finding.`;
  const out = [
    h('Per split (the headline is `test`, never used for tuning)'),
    table([...HEAD, ...HEAD2], splits, md),
    '',
    h('Confusion by family'),
    cells,
    '',
    table(['family', ...SPLITS, 'all'], confusion(m.byFamily, FAMILIES), md),
    '',
    h('Confusion by language'),
    table(['language', ...SPLITS, 'all'], confusion(m.byLanguage, LANGUAGES), md),
  ];
  if (opts.ablations?.length) {
    out.push('', h('Components on `dev` (and `train`)'));
    const rows = opts.ablations.flatMap((a) =>
      (['train', 'dev'] as const).map((s) => splitRow(`${a.label} · ${s}`, a.bySplit[s]!)),
    );
    out.push(table(['judge · split', ...HEAD.slice(1), ...HEAD2], rows, md));
  }
  if (opts.speed) {
    const s = opts.speed;
    out.push('', h('Speed'));
    const mb = (s.bytes / 1e6).toFixed(2);
    const ratio = (t: number) => `${(t / s.parseMs).toFixed(0)}× JSON.parse`;
    const rows = [
      ['JSON.parse', `${s.parseMs.toFixed(1)} ms`, '1×'],
      ['TOOL checks (rules and scorer)', `${s.rulesMs.toFixed(0)} ms`, ratio(s.rulesMs)],
    ];
    if (s.scorerMs !== null)
      rows.push([
        'of which the learned scorer (every prose string)',
        `${s.scorerMs.toFixed(0)} ms`,
        ratio(s.scorerMs),
      ]);
    out.push(`${mb} MB of \`tools/list\` (200 tools, 8 described parameters each), one run after a warm-up:`);
    out.push('', table(['step', 'time', 'ratio'], rows, md));
  }
  return out.join('\n');
}

/** The case ids of a split's misses and noisy twins (train and dev only: `test` is never listed). */
export function listCases(m: Measurement, split: 'train' | 'dev'): string {
  return m.results
    .filter((r) => r.c.split === split && r.outcome !== 'caught' && r.outcome !== 'clean')
    .map(
      (r) =>
        `${r.outcome.padEnd(10)} ${r.c.id}  ${r.findings
          .map((f) => `${f.check.slice(5)}:${f.severity ?? '-'}@${f.location}`)
          .join(' ')}`,
    )
    .join('\n');
}

export function asJson(m: Measurement, ablations: readonly Ablation[] = [], speed?: Speed): unknown {
  return {
    bySplit: m.bySplit,
    byFamily: m.byFamily,
    byLanguage: m.byLanguage,
    ablations,
    speed: speed ?? null,
    cases: m.results
      .filter((r) => r.c.split !== 'test')
      .map((r) => ({ id: r.c.id, split: r.c.split, outcome: r.outcome, findings: r.findings })),
  };
}
