/**
 * Merging a check's verdicts across the candidate revisions it was evaluated for
 * (docs/model/revisions.md#merging-the-verdicts), and stamping the check's ID and the revisions on
 * each result. A check that did not read `ctx.revision` gave one list of verdicts for every
 * revision; its merge has one answer per location, found without grouping per revision.
 */
import type {
  Check,
  CheckResult,
  Era,
  InconclusiveReason,
  Severity,
  Status,
  Verdict,
} from '../checks/define-check.js';
import { SEVERITIES } from '../checks/define-check.js';
import type { Evidence } from '../evidence/types.js';
import type { Revision } from '../spec/revisions.js';
import { MODERN_REVISION, sortRevisions } from '../spec/revisions.js';

const STATUS_PRECEDENCE: readonly Status[] = ['fail', 'error', 'inconclusive', 'pass', 'not_applicable'];

export function summaryStatus(statuses: readonly Status[]): Status {
  for (const s of STATUS_PRECEDENCE) if (statuses.includes(s)) return s;
  return 'not_applicable';
}

export function highestSeverity(list: readonly (Severity | null)[]): Severity | null {
  for (const s of SEVERITIES) if (list.includes(s)) return s;
  return null;
}

/** A check's verdicts for one revision, and whether they depend on it (the check read `ctx.revision`). */
export interface Once {
  readonly verdicts: readonly Verdict[];
  readonly readRevision: boolean;
}

/** The revisions of a result without any (`any` checks, or none failed): one shared, frozen list. */
export const NO_REVISIONS: readonly Revision[] = Object.freeze([]);

const eraOf = (r: Revision): Era => (r === MODERN_REVISION ? 'modern' : 'legacy');

/** The one era of the revisions evaluated; null when none (`any` checks) or both. */
function eraOfAll(revisions: readonly Revision[]): Era | null {
  const first = revisions[0];
  if (first === undefined) return null;
  const era = eraOf(first);
  for (const r of revisions) if (eraOf(r) !== era) return null;
  return era;
}

/** The result of a verdict; `evaluated` and `failed` are kept, not copied (callers hand over their own). */
export function stamp(
  check: Check,
  v: Verdict,
  evaluated: readonly Revision[],
  failed: readonly Revision[],
  condition: string | null,
): CheckResult {
  return withFields(v, {
    checkId: check.meta.id,
    revisionsEvaluated: evaluated,
    revisionsFailed: failed,
    condition,
    era: eraOfAll(evaluated),
  });
}

/**
 * `{ ...base, ...fields }`, the same keys in the same order, built by assignment. On Node 20 (V8
 * 11.3) an object spread and then given keys its source lacks gets a hidden class of its own,
 * every time: ~0.5 KB a key added and ~20 µs an object, where assignment reuses one class.
 */
export function withFields<T extends object, U extends object>(base: T, fields: U): T & U {
  const out: Record<string, unknown> = {};
  for (const k in base) out[k] = (base as Record<string, unknown>)[k];
  for (const k in fields) out[k] = (fields as Record<string, unknown>)[k];
  return out as T & U;
}

/**
 * See docs/model/revisions.md#merging-the-verdicts: evaluate per revision, then per location:
 * a fail under a known revision fails; all pass passes; all fail (only
 * unconfirmed revisions) is a conditional fail; anything else is
 * inconclusive (`revision_dependent`).
 */
export function mergeRevisions(
  check: Check,
  ev: Evidence,
  known: readonly Revision[],
  unconfirmed: readonly Revision[],
  run: (revision: Revision) => Once,
): CheckResult[] {
  const all = sortRevisions([...known, ...unconfirmed]);
  const perRevision = new Map<Revision, readonly Verdict[]>();
  // Checks are pure: one that did not read `ctx.revision` gives the same verdicts for every revision,
  // so it is evaluated once (most checks; the evidence is the same for each).
  let shared: readonly Verdict[] | null = null;
  for (const r of all) {
    if (shared) {
      perRevision.set(r, shared);
      continue;
    }
    const once = run(r);
    if (!once.readRevision && r === all[0]) {
      const merged = mergeShared(check, ev, all, known, once.verdicts);
      if (merged) return merged;
    }
    perRevision.set(r, once.verdicts);
    if (!once.readRevision) shared = once.verdicts;
  }
  return mergeGroups(check, ev, all, known, perRevision);
}

/** `all` split by era when the server speaks both (each era is merged apart), in order of first appearance. */
function chunksOf(ev: Evidence, all: readonly Revision[]): (readonly Revision[])[] {
  const eras = ev.detection.revision.eras;
  if (!(eras.includes('modern') && eras.includes('legacy'))) return [all];
  const era = eraOf(all[0]!);
  const first = all.filter((r) => eraOf(r) === era);
  return first.length === all.length ? [all] : [first, all.filter((r) => eraOf(r) !== era)];
}

/** Verdicts grouped by location and key, in order of first appearance. */
function groupsOf(verdicts: readonly Verdict[]): (readonly Verdict[])[] {
  if (verdicts.length === 1) return [verdicts];
  const groups = new Map<string, Verdict[]>();
  for (const v of verdicts) {
    const k = `${v.location}\u0000${v.key ?? ''}`;
    const g = groups.get(k);
    if (g) g.push(v);
    else groups.set(k, [v]);
  }
  return [...groups.values()];
}

/**
 * The merge of verdicts that are the same for every revision: each location has one status for
 * all of them, so it passes, fails (conditionally when no revision is known), or keeps its one
 * status. The same results as mergeGroups, which needs a group per revision. Null (so the caller
 * merges group by group) when a location's verdicts hold no status the precedence names.
 */
function mergeShared(
  check: Check,
  ev: Evidence,
  all: readonly Revision[],
  known: readonly Revision[],
  verdicts: readonly Verdict[],
): CheckResult[] | null {
  const groups = groupsOf(verdicts);
  const results: CheckResult[] = [];
  for (const revs of chunksOf(ev, all)) {
    for (const group of groups) {
      const status = summaryStatus(group.map((v) => v.status));
      const rep = group.find((v) => v.status === status);
      if (rep === undefined) return null;
      // Each result gets its own list, as a merge per revision gives it.
      const evaluated = [...revs];
      if (status !== 'fail') {
        results.push(stamp(check, rep, evaluated, NO_REVISIONS, null));
        continue;
      }
      const condition =
        revs.some((r) => known.includes(r)) || revs.length === ev.detection.revision.candidates.length
          ? null
          : `applies if the server speaks ${sortRevisions(revs).join(', ')}`;
      // The highest severity of the same verdict under every revision is its own.
      results.push(stamp(check, rep, evaluated, [...revs], condition));
    }
  }
  return results;
}

/** The merge location by location, from each revision's verdicts. */
function mergeGroups(
  check: Check,
  ev: Evidence,
  all: readonly Revision[],
  known: readonly Revision[],
  perRevision: ReadonlyMap<Revision, readonly Verdict[]>,
): CheckResult[] {
  // Group by location+key so each location is merged on its own; a dual-era server's two eras
  // are merged apart, so its results say which era passed or failed.
  const eras = ev.detection.revision.eras;
  const splitEras = eras.includes('modern') && eras.includes('legacy');
  const groups = new Map<string, Map<Revision, Verdict[]>>();
  const order: string[] = [];
  for (const r of all) {
    for (const v of perRevision.get(r)!) {
      const k = `${v.location}\u0000${v.key ?? ''}${splitEras ? `\u0000${eraOf(r)}` : ''}`;
      if (!groups.has(k)) {
        groups.set(k, new Map());
        order.push(k);
      }
      const g = groups.get(k)!;
      const list = g.get(r);
      if (list) list.push(v);
      else g.set(r, [v]);
    }
  }

  // A location a revision produced no verdict for: that revision is silent there (treated as pass for that location
  // only when the same revision passed elsewhere); we simply skip silent revisions.
  const results: CheckResult[] = [];
  for (const k of order) {
    const g = groups.get(k)!;
    const revs = all.filter((r) => g.has(r));
    const statusOf = (r: Revision) => summaryStatus(g.get(r)!.map((v) => v.status));
    const pick = (r: Revision) => {
      const st = statusOf(r);
      return g.get(r)!.find((v) => v.status === st)!;
    };
    const failing = revs.filter((r) => statusOf(r) === 'fail');
    const failingKnown = failing.filter((r) => known.includes(r));
    const severityOf = (rs: readonly Revision[]) => highestSeverity(rs.map((r) => pick(r).severity));

    if (failingKnown.length > 0) {
      const rep = pick(failingKnown[0]!);
      results.push(stamp(check, { ...rep, severity: severityOf(failing) }, revs, failing, null));
      continue;
    }
    const statuses = revs.map(statusOf);
    if (statuses.every((s) => s === 'pass')) {
      results.push(stamp(check, pick(revs[revs.length - 1]!), revs, NO_REVISIONS, null));
      continue;
    }
    if (statuses.every((s) => s === 'not_applicable')) {
      results.push(stamp(check, pick(revs[revs.length - 1]!), revs, NO_REVISIONS, null));
      continue;
    }
    const decided = revs.filter((r) => statusOf(r) !== 'not_applicable');
    if (failing.length > 0 && failing.length === decided.length) {
      const rep = pick(failing[0]!);
      const candidates = ev.detection.revision.candidates;
      const condition =
        decided.length !== candidates.length
          ? `applies if the server speaks ${sortRevisions(failing).join(', ')}`
          : null;
      results.push(stamp(check, { ...rep, severity: severityOf(failing) }, revs, failing, condition));
      continue;
    }
    const errored = revs.find((r) => statusOf(r) === 'error');
    if (errored) {
      results.push(stamp(check, pick(errored), revs, NO_REVISIONS, null));
      continue;
    }
    if (failing.length === 0) {
      // No fail: an inconclusive revision keeps the result inconclusive (with its reason); a mix of
      // pass and not_applicable is a pass for the revisions the requirement applies to.
      const inc = revs.find((r) => statusOf(r) === 'inconclusive');
      const passed = revs.filter((r) => statusOf(r) === 'pass');
      results.push(stamp(check, pick(inc ?? passed[passed.length - 1]!), revs, NO_REVISIONS, null));
      continue;
    }
    const detail = revs.map((r) => `${r}: ${statusOf(r)}`).join('; ');
    const reason: InconclusiveReason = 'revision_dependent';
    const rep = pick(failing[0]!);
    results.push(
      stamp(
        check,
        {
          ...rep,
          status: 'inconclusive',
          severity: null,
          reason,
          message: `${rep.message} Verdict depends on the revision (${detail}); pin it with --spec.`,
        },
        revs,
        failing,
        null,
      ),
    );
  }
  return results;
}
