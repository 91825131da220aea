/**
 * The client matrix and the framework in plain words, shared by every format (each escapes the
 * result for itself: rule details quote server-supplied values such as tool names).
 */
import type { CellStatus } from '../clients/types.js';
import type { ReportClient, ReportFramework } from './clients-model.js';

export const VERDICT_WORDS: Readonly<Record<CellStatus, string>> = {
  connects: 'connects',
  blocked: 'blocked',
  degraded: 'connects with limits',
  unknown: 'unknown',
};

/** Why the cell is what it is, in words: the first deciding rule's finding, without internal IDs. */
export function clientWhy(c: ReportClient): string {
  if (c.verdict === 'connects') return 'every rule the scan can decide is met';
  return c.rules[0]?.detail ?? c.reason;
}

/** `3 blocked, 1 with limits, 5 connect, 1 unknown`: the non-zero counts. */
export function clientCounts(clients: readonly ReportClient[]): string {
  const n = (v: CellStatus) => clients.filter((c) => c.verdict === v).length;
  const parts: [number, string][] = [
    [n('blocked'), 'blocked'],
    [n('degraded'), 'with limits'],
    [n('connects'), n('connects') === 1 ? 'connects' : 'connect'],
    [n('unknown'), 'unknown'],
  ];
  return parts
    .filter(([k]) => k > 0)
    .map(([k, w]) => `${k} ${w}`)
    .join(', ');
}

/** `framework: NAME RANGE (high confidence 0.89; signals: …)`, or `framework: unknown (why)`. */
export function frameworkLine(f: ReportFramework): string {
  if (!f.name) return `framework: unknown (${f.note})`;
  const range = f.versionRange ? ` ${f.versionRange}` : '';
  const signals = f.signals.map((s) => s.says).join('; ');
  return `framework: ${f.name}${range} (${f.level} confidence ${f.confidence}; signals: ${signals})`;
}
