/**
 * Expected-failures baseline (the comparison; reading a baseline file is ./baseline.ts), with the semantics of the MCP conformance
 * suite's `--expected-failures`: listed failures are tolerated, only NEW
 * failures fail the run, and a STALE entry (its finding no longer fails) also
 * fails the run, so a baseline can only burn down. An entry whose check is now
 * inconclusive or errored proves nothing either way: it is "unverifiable".
 */
import { normalizeCheckId } from '../config/check-id.js';
import { escapeTerminalLine } from '../escape/terminal.js';
import type { ReportResult, ScanReport } from './model.js';
import { activeResults, isSuppressed, targetMatches } from './suppress.js';

import type { Baseline, BaselineEntry } from './baseline-types.js';
import { BASELINE_VERSION } from './baseline-types.js';

export { BASELINE_VERSION, BaselineError } from './baseline-types.js';
export type { Baseline, BaselineEntry } from './baseline-types.js';

export function serializeBaseline(b: Baseline): string {
  return JSON.stringify(b, null, 2) + '\n';
}

interface EntryRef {
  readonly checkId: string | null;
  readonly key: string | undefined;
}

function refOf(e: BaselineEntry): EntryRef {
  const i = e.check.indexOf(':');
  return i > 0
    ? { checkId: normalizeCheckId(e.check.slice(0, i)), key: e.check.slice(i + 1) }
    : { checkId: normalizeCheckId(e.check), key: e.key };
}

function entryMatches(e: BaselineEntry, r: ReportResult): boolean {
  const ref = refOf(e);
  return (
    ref.checkId === r.checkId &&
    (e.fingerprint === undefined || e.fingerprint === r.fingerprint) &&
    (ref.key === undefined || ref.key === r.key) &&
    (e.location === undefined || e.location === r.location)
  );
}

export interface BaselineComparison {
  /** Failures the baseline does not list: these fail the run (at or above the threshold). */
  readonly newFailures: readonly ReportResult[];
  /** Failures the baseline lists: tolerated. */
  readonly expectedFailures: readonly ReportResult[];
  /** Entries whose finding no longer fails: these fail the run until removed. */
  readonly stale: readonly BaselineEntry[];
  /** Entries whose check is now inconclusive, errored or did not run: neither stale nor new. */
  readonly unverifiable: readonly BaselineEntry[];
}

export interface BaselineOptions {
  /** The target's config name, so entries naming it apply. */
  readonly targetName?: string | null;
}

const undecided = (r: ReportResult) => r.status === 'inconclusive' || r.status === 'error';

export function compareWithBaseline(
  report: ScanReport,
  baseline: Baseline,
  opts: BaselineOptions = {},
): BaselineComparison {
  const entries = baseline.entries.filter((e) =>
    targetMatches(e.target, report.target.url, opts.targetName ?? null),
  );
  const fails = report.results.filter((r) => r.status === 'fail');
  const counted = activeResults(fails);
  const listed = (r: ReportResult) => entries.some((e) => entryMatches(e, r));

  const stale: BaselineEntry[] = [];
  const unverifiable: BaselineEntry[] = [];
  for (const e of entries) {
    // A suppressed fail still fails: its entry is not stale.
    if (fails.some((r) => entryMatches(e, r))) continue;
    const own = report.results.filter((r) => entryMatches(e, r));
    const check = report.results.filter((r) => r.checkId === refOf(e).checkId);
    const cannotTell =
      report.outcome !== 'graded' ||
      own.some(undecided) ||
      (own.length === 0 && (check.length === 0 || check.some(undecided)));
    (cannotTell ? unverifiable : stale).push(e);
  }
  return {
    newFailures: counted.filter((r) => !listed(r)),
    expectedFailures: counted.filter(listed),
    stale,
    unverifiable,
  };
}

function entryOf(report: ScanReport, r: ReportResult, reason: string | undefined): BaselineEntry {
  return {
    target: report.target.url,
    check: r.checkId,
    ...(r.key !== null ? { key: r.key } : {}),
    location: r.location,
    fingerprint: r.fingerprint,
    ...(reason !== undefined ? { reason } : {}),
  };
}

const sortKey = (e: BaselineEntry) =>
  [e.target, e.check, e.location ?? '', e.key ?? '', e.fingerprint ?? ''].join('\u0000');

/**
 * A baseline of this report's current (unsuppressed) failures. Entries of other
 * targets in `previous` are kept, and reasons survive for findings still listed.
 */
export function writeBaseline(report: ScanReport, previous?: Baseline, opts: BaselineOptions = {}): Baseline {
  const prior = previous?.entries ?? [];
  const mine = (e: BaselineEntry) => targetMatches(e.target, report.target.url, opts.targetName ?? null);
  const seen = new Set<string>();
  const fresh: BaselineEntry[] = [];
  for (const r of report.results) {
    if (r.status !== 'fail' || isSuppressed(r) || seen.has(r.fingerprint)) continue;
    seen.add(r.fingerprint);
    const old = prior.find((e) => mine(e) && e.reason !== undefined && entryMatches(e, r));
    fresh.push(entryOf(report, r, old?.reason));
  }
  const entries = [...prior.filter((e) => !mine(e)), ...fresh].sort((a, b) =>
    sortKey(a) < sortKey(b) ? -1 : 1,
  );
  return { version: BASELINE_VERSION, entries };
}

function refText(e: BaselineEntry): string {
  const ref = refOf(e);
  return escapeTerminalLine(
    `${ref.checkId ?? e.check}${ref.key !== undefined ? `:${ref.key}` : ''}${e.location ? ` at ${e.location}` : ''}`,
  );
}

/** A short text block for the end of a run with `--baseline`. */
export function renderBaselineSummary(cmp: BaselineComparison): string {
  const lines = [
    `Baseline: ${cmp.newFailures.length} new, ${cmp.expectedFailures.length} expected, ${cmp.stale.length} stale, ${cmp.unverifiable.length} unverifiable.`,
  ];
  for (const r of cmp.newFailures)
    lines.push(
      `  new:          ${r.checkId} [${r.severity ?? '-'}] ${escapeTerminalLine(r.location)}${r.key ? ` (${escapeTerminalLine(r.key)})` : ''}`,
    );
  for (const e of cmp.stale)
    lines.push(`  stale:        ${refText(e)} no longer fails; remove it from the baseline`);
  for (const e of cmp.unverifiable)
    lines.push(`  unverifiable: ${refText(e)} (check inconclusive, errored or not run)`);
  return lines.join('\n') + '\n';
}
