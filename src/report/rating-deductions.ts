/**
 * The deductions of the rating policy (docs/rating.md): each failing check deducts once, by
 * its highest failing severity, halved for heuristics; paired checks deduct once together.
 */
import type { Severity } from '../checks/define-check.js';
import { SEVERITIES } from '../checks/define-check.js';
import { findCheck } from '../checks/index.js';
import type { ReportResult } from './model.js';
import type { Deduction } from './rating-types.js';

const WEIGHT: Readonly<Record<Severity, number>> = { critical: 40, high: 20, medium: 8, low: 2, info: 0 };

export function deductionsFor(perCheck: ReadonlyMap<string, ReportResult[]>): Deduction[] {
  const out: Deduction[] = [];
  for (const [checkId, rs] of perCheck) {
    const fails = rs.filter((r) => r.status === 'fail' && r.severity !== null);
    if (fails.length === 0) continue;
    // Per result: weight of its severity, halved for heuristics; the check deducts its largest.
    let best: Deduction | null = null;
    for (const r of fails) {
      const heuristic = r.confidence !== 'high';
      const points = WEIGHT[r.severity!] / (heuristic ? 2 : 1);
      if (best === null || points > best.points)
        best = { checkId, severity: r.severity!, points, heuristic, mergedInto: null };
    }
    const highest = SEVERITIES.find((s) => fails.some((r) => r.severity === s))!;
    out.push({ ...best!, severity: highest });
  }
  return mergeSameAs(out, perCheck).sort((a, b) => b.points - a.points || a.checkId.localeCompare(b.checkId));
}

const issuerOf = (location: string) =>
  location.startsWith('as:') ? location.slice(3).split('#')[0]! : location;

/**
 * Two checks that test one flaw from two sides (a check's `rating.mergesWith`, e.g. CIMD13 and
 * ACT07) deduct once, the higher, when both fail on the same authorization server.
 */
function mergeSameAs(ds: Deduction[], perCheck: ReadonlyMap<string, ReportResult[]>): Deduction[] {
  const issuers = (id: string) =>
    new Set((perCheck.get(id) ?? []).filter((r) => r.status === 'fail').map((r) => issuerOf(r.location)));
  let out = ds;
  for (const a of ds) {
    const partner = findCheck(a.checkId)?.meta.rating.mergesWith;
    const b = partner ? out.find((d) => d.checkId === partner) : undefined;
    const current = out.find((d) => d.checkId === a.checkId);
    if (!b || !current || current.mergedInto !== null || b.mergedInto !== null) continue;
    const ia = issuers(a.checkId);
    if (![...issuers(b.checkId)].some((i) => ia.has(i))) continue;
    const [keep, drop] = current.points > b.points ? [current, b] : [b, current];
    out = out.map((d) => (d === drop ? { ...d, points: 0, mergedInto: keep.checkId } : d));
  }
  return out;
}
