/** Small helpers for the bench: statistics, number formatting, a plain-text table, output. */

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

export const ms = (v: number): string => (v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v)} ms`);
export const ratio = (v: number): string => `${v.toFixed(2)}x`;
export const mb = (kb: number): string => `${(kb / 1024).toFixed(0)} MB`;

/** The bench writes through process streams (console is reserved for the CLI). */
export const out = (line = ''): void => {
  process.stdout.write(`${line}\n`);
};
export const progress = (line: string): void => {
  process.stderr.write(`  … ${line}\n`);
};

export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const all = [header, ...rows];
  const widths = header.map((_, c) => Math.max(...all.map((r) => (r[c] ?? '').length)));
  const line = (r: readonly string[]): string =>
    r
      .map((cell, c) => cell.padEnd(widths[c]!))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** One line of the summary table. */
export interface BenchRow {
  readonly measurement: string;
  readonly value: string;
  readonly ratio: string;
  readonly goal: string;
  /** Whether the goal was met; absent for a row without a goal. */
  readonly pass?: boolean;
}

/** The verdict column: PASS, FAIL, or `-` for a row without a goal. */
export const verdict = (r: BenchRow): string => (r.pass === undefined ? '-' : r.pass ? 'PASS' : 'FAIL');

export interface BenchSection {
  readonly rows: readonly BenchRow[];
  /** Method and detail lines, printed before the summary. */
  readonly details: readonly string[];
  /** One line each: what limits the ratio. */
  readonly interpretation: readonly string[];
}
