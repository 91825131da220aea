/**
 * Suppressions: accepted findings, each with a reason and an optional expiry.
 * A fail matching a live suppression stays in the report (marked) but no longer
 * counts for the summary, the exit code or the rating (docs/rating.md#suppressions). An
 * expired suppression suppresses nothing: the finding is a finding again and
 * the suppression is listed as expired so someone renews or deletes it.
 */
import { normalizeCheckId } from '../config/check-id.js';
import type { Suppression } from '../config/schema.js';
import { sameHref } from '../evidence/parse/url.js';
import { escapeTerminalLine } from '../escape/terminal.js';
import type { ReportResult, SuppressionSummary, Unrated } from './model.js';

export type { SuppressionSummary } from './model.js';
import { isSuppressed, summarize } from './summary.js';

export { isSuppressed };

export interface SuppressionOutcome<R extends Unrated> {
  readonly report: R;
  readonly suppressedCount: number;
  readonly expired: readonly Suppression[];
}

const DAY_MS = 86_400_000;

/** Live through the whole named day in UTC, so `expires: today` still applies today. */
export function isExpired(s: Suppression, now: Date): boolean {
  return s.expires !== undefined && now.getTime() >= Date.parse(`${s.expires}T00:00:00Z`) + DAY_MS;
}

/** A `target` filter names the target by URL or by its config name. */
export function targetMatches(filter: string | undefined, url: string, name: string | null): boolean {
  return filter === undefined || filter === name || sameHref(filter, url);
}

function matches(s: Suppression, r: ReportResult): boolean {
  return (
    normalizeCheckId(s.check) === r.checkId &&
    (s.location === undefined || s.location === r.location) &&
    (s.key === undefined || s.key === r.key)
  );
}

export interface SuppressOptions {
  /** The target's name in the config, so `target: "<name>"` filters match. */
  readonly targetName?: string | null;
}

export function applySuppressions<R extends Unrated>(
  report: R,
  suppressions: readonly Suppression[],
  now: Date,
  opts: SuppressOptions = {},
): SuppressionOutcome<R> {
  const forTarget = suppressions.filter((s) =>
    targetMatches(s.target, report.target.url, opts.targetName ?? null),
  );
  const live = forTarget.filter((s) => !isExpired(s, now));
  const used = new Set<Suppression>();
  const results: ReportResult[] = report.results.map((r) => {
    const hit = r.status === 'fail' ? live.find((s) => matches(s, r)) : undefined;
    if (hit) used.add(hit);
    return { ...r, suppression: hit ? { reason: hit.reason, expires: hit.expires ?? null } : null };
  });
  const applied = results.filter(isSuppressed).length;
  const expired = forTarget.filter((s) => isExpired(s, now));
  return {
    report: {
      ...report,
      summary: summarize(results),
      results,
      suppressions: { applied, expired, unused: live.filter((s) => !used.has(s)) },
    },
    suppressedCount: applied,
    expired,
  };
}

/** Results that still count: everything except suppressed fails. */
export function activeResults<R extends ReportResult>(results: readonly R[]): R[] {
  return results.filter((r) => !isSuppressed(r));
}

/** Lines for the end of a text report; empty when no suppression is involved. */
export function renderSuppressionNotice(summary: SuppressionSummary): string {
  const lines: string[] = [];
  if (summary.applied > 0)
    lines.push(`${summary.applied} finding${summary.applied === 1 ? '' : 's'} suppressed by configuration.`);
  for (const s of summary.expired)
    lines.push(
      `Suppression expired ${s.expires ?? ''}: ${escapeTerminalLine(s.check)}${s.key ? `:${escapeTerminalLine(s.key)}` : ''} (${escapeTerminalLine(s.reason)}); the finding counts again.`,
    );
  for (const s of summary.unused)
    lines.push(
      `Unused suppression: ${escapeTerminalLine(s.check)}${s.key ? `:${escapeTerminalLine(s.key)}` : ''} matched no failing result.`,
    );
  return lines.length ? lines.join('\n') + '\n' : '';
}
