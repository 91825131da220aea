/**
 * The text side of a diff: a unified diff of two texts line by line, the words the new text
 * added, and invisible characters made visible (`<U+200B>`), so a change that only adds a
 * zero-width character still shows. Bounded: inputs beyond the caps are compared as a whole.
 */
import { showInvisible } from '../escape/invisible.js';

const MAX_LINES = 400;
const MAX_WORDS = 1_000;
const MAX_DIFF_LINES = 60;

type Op = { readonly op: ' ' | '-' | '+'; readonly text: string };

/** The longest-common-subsequence edit script of two sequences (quadratic, for bounded inputs). */
function editScript(a: readonly string[], b: readonly string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ op: ' ', text: a[i]! });
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) out.push({ op: '-', text: a[i++]! });
    else out.push({ op: '+', text: b[j++]! });
  }
  while (i < n) out.push({ op: '-', text: a[i++]! });
  while (j < m) out.push({ op: '+', text: b[j++]! });
  return out;
}

function script(a: readonly string[], b: readonly string[], cap: number): Op[] {
  if (a.length > cap || b.length > cap)
    return [
      ...a.map((text) => ({ op: '-' as const, text })),
      ...b.map((text) => ({ op: '+' as const, text })),
    ];
  return editScript(a, b);
}

/** A unified diff (`-`/`+`/` ` lines, one line of context), invisible characters shown; capped. */
export function unifiedDiff(oldText: string, newText: string): string {
  const ops = script(oldText.split('\n'), newText.split('\n'), MAX_LINES);
  const changedAt = (k: number): boolean => ops[k] !== undefined && ops[k].op !== ' ';
  const keep = ops.map((_, k) => changedAt(k) || changedAt(k - 1) || changedAt(k + 1));
  const lines: string[] = [];
  let gap = false;
  ops.forEach((o, k) => {
    if (!keep[k]) {
      if (!gap) lines.push('@@');
      gap = true;
      return;
    }
    gap = false;
    lines.push(`${o.op}${showInvisible(o.text)}`);
  });
  if (lines.length > MAX_DIFF_LINES)
    return [...lines.slice(0, MAX_DIFF_LINES), `… ${lines.length - MAX_DIFF_LINES} more diff lines`].join(
      '\n',
    );
  return lines.join('\n');
}

/**
 * The changed lines of a unified diff on one line (`-old +new`), for a finding's message: reports
 * escape line breaks, so the full diff would not read as one. Capped at `max` characters.
 */
export function compactDiff(diff: string, max = 600): string {
  const changed = diff
    .split('\n')
    .filter((l) => l.startsWith('-') || l.startsWith('+'))
    .map((l) => `${l[0]}${l.slice(1).trim()}`);
  const text = changed.join(' ');
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The runs of words the new text has that the old one lacks, joined by a space (what to re-judge). */
export function addedText(oldText: string, newText: string): string {
  const words = (s: string) => s.split(/(\s+)/).filter((w) => w.length > 0 && !/^\s+$/.test(w));
  const ops = script(words(oldText), words(newText), MAX_WORDS);
  const runs: string[] = [];
  let run: string[] = [];
  for (const o of ops) {
    if (o.op === '+') run.push(o.text);
    else if (o.op === ' ' && run.length > 0) {
      runs.push(run.join(' '));
      run = [];
    }
  }
  if (run.length > 0) runs.push(run.join(' '));
  return runs.join('\n');
}
