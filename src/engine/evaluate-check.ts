/**
 * Runs one check against evidence: decides applicability (target class,
 * transport, tier, revision), calls the pure `evaluate` once per applicable
 * revision, and merges per-revision verdicts by the rules in docs/model/revisions.md#merging-the-verdicts.
 * A check that throws becomes an `error` result; nothing escapes.
 */
import type {
  Check,
  CheckResult,
  Era,
  Given,
  InconclusiveReason,
  SectionRequirement,
  Severity,
  Status,
  Tier,
  Verdict,
} from '../checks/define-check.js';
import { makeContext, SEVERITIES } from '../checks/define-check.js';
import type { Evidence, TargetClass } from '../evidence/types.js';
import type { Revision } from '../spec/revisions.js';
import { MODERN_REVISION, sortRevisions } from '../spec/revisions.js';
import { declaresKey } from './declared-keys.js';
import { explainMissing, missingSection, project } from './sections.js';

const TIER_RANK: Record<Tier, number> = { passive: 0, safe: 1, intrusive: 2, token: 3 };

const STATUS_PRECEDENCE: readonly Status[] = ['fail', 'error', 'inconclusive', 'pass', 'not_applicable'];

export function summaryStatus(statuses: readonly Status[]): Status {
  for (const s of STATUS_PRECEDENCE) if (statuses.includes(s)) return s;
  return 'not_applicable';
}

export function highestSeverity(list: readonly (Severity | null)[]): Severity | null {
  for (const s of SEVERITIES) if (list.includes(s)) return s;
  return null;
}

function single(
  check: Check,
  v: Omit<Verdict, 'confidence' | 'severity' | 'evidence' | 'key' | 'location'> & Partial<Verdict>,
): CheckResult {
  return {
    checkId: check.meta.id,
    status: v.status,
    severity: v.severity ?? null,
    confidence: v.confidence ?? check.meta.confidence ?? 'high',
    location: v.location ?? 'endpoint',
    key: v.key ?? null,
    reason: v.reason,
    message: v.message,
    evidence: v.evidence ?? [],
    revisionsEvaluated: [],
    revisionsFailed: [],
    condition: null,
  };
}

/** A check's verdicts for one revision, and whether they depend on it (the check read `ctx.revision`). */
interface Once {
  readonly verdicts: readonly Verdict[];
  readonly readRevision: boolean;
}

function runOnce(check: Check, ev: Evidence, revision: Revision | null): Once {
  let readRevision = false;
  // One context object that reports the read, not a copy of it with a getter added: a second
  // object and a copy of every property for each of the ~180 checks of a scan.
  const ctx = makeContext(
    check.meta,
    revision,
    (section, c) => explainMissing(section, ev, c),
    () => {
      readRevision = true;
    },
  );
  const { requires, keys } = check.meta;
  // A required section that is missing has one standard answer: the check is not called.
  const standard = missingSection(requires, ev, ctx);
  if (standard) return { verdicts: [standard], readRevision };
  const out = check.evaluate(project(requires, ev) as Given<readonly SectionRequirement[]>, ctx);
  const list = Array.isArray(out) ? (out as readonly Verdict[]) : [out as Verdict];
  if (list.length === 0) throw new Error(`${check.meta.id} returned no verdict`);
  for (const v of list) {
    if (v.key !== null && !declaresKey(keys, v.key))
      throw new Error(`${check.meta.id} returned the undeclared key "${v.key}"`);
  }
  return { verdicts: list, readRevision };
}

function transportApplies(check: Check, ev: Evidence): boolean {
  const t = ev.detection.transport;
  if (t === null) return true; // unknown (auth wall): let the check decide from evidence
  return check.meta.transports.includes(t);
}

/**
 * Revisions the check is evaluated for: A ∩ (K ∪ U). A transport-shape check (sessions, the GET
 * stream, 202 for notifications) applies whenever its transport shape is observed, whatever
 * version was negotiated (docs/model/revisions.md#transport-shape-and-protocol-level): when the server speaks none of the
 * check's revisions over that shape, it is judged by the earliest revision whose transport text
 * defines the shape.
 */
function revisionsToEvaluate(check: Check, ev: Evidence): { known: Revision[]; unconfirmed: Revision[] } {
  const applies = check.meta.revisions;
  if (applies === 'any') return { known: [], unconfirmed: [] };
  const r = ev.detection.revision;
  const known = r.known.filter((x) => applies.includes(x));
  const unconfirmed = r.unconfirmed.filter((x) => applies.includes(x));
  if (known.length === 0 && unconfirmed.length === 0 && shapeObserved(check, ev)) {
    return { known: [sortRevisions(applies)[0]!], unconfirmed: [] };
  }
  return { known, unconfirmed };
}

/**
 * The check's transport shape was seen on the handshake era: its transport was detected and the
 * server negotiated a version older than the check's revisions (a modern-only server has no
 * sessions or GET stream to judge, so it does not count).
 */
function shapeObserved(check: Check, ev: Evidence): boolean {
  const t = ev.detection.transport;
  const applies = check.meta.revisions;
  if (check.meta.transportShape !== true || applies === 'any' || t === null) return false;
  const earliest = sortRevisions(applies)[0]!;
  return check.meta.transports.includes(t) && ev.detection.revision.known.some((r) => r < earliest);
}

/**
 * A target that was not reached (no MCP answer: unreachable or not MCP) is not judged: its report
 * leads with why it was not reached (src/evidence/derive/unreached.ts). The class-independent
 * checks run there only on what did answer (a TLS handshake, a redirect), and only their findings
 * are kept: nothing passes on a target that was not reached (docs/model/targets.md).
 */
const CLASS_MESSAGE: Readonly<Record<Exclude<TargetClass, 'reachable'>, string>> = {
  unreachable: 'Target is unreachable.',
  not_mcp: 'Target does not speak MCP.',
  redirected: 'Target redirects to another origin.',
};

function classGate(check: Check, ev: Evidence): CheckResult[] | null {
  const cls = ev.detection.targetClass;
  if (cls === 'reachable') return null;
  if (cls === 'redirected' && check.meta.classIndependent) return null;
  const answered = ev.tls.some((t) => t.verified.kind === 'ok');
  // A check of the user's own client files (MCPP-CFG01) judges them whether or not the server answered.
  const ofClientFiles = check.meta.requires.includes('clientConfig');
  if (check.meta.classIndependent && (answered || ofClientFiles)) {
    const results = evaluateReached(check, ev);
    const findings = results.filter((r) => r.status === 'fail' || r.status === 'error');
    if (findings.length > 0) return findings;
  }
  return [
    single(check, {
      status: 'not_applicable',
      reason: 'target_class',
      message: CLASS_MESSAGE[cls],
    }),
  ];
}

export function evaluateCheck(check: Check, ev: Evidence): CheckResult[] {
  return classGate(check, ev) ?? evaluateReached(check, ev);
}

function evaluateReached(check: Check, ev: Evidence): CheckResult[] {
  const meta = check.meta;
  try {
    if (!transportApplies(check, ev)) {
      return [
        single(check, {
          status: 'not_applicable',
          reason: 'transport',
          message: `Applies to ${meta.transports.join(', ')}; the target speaks ${ev.detection.transport}.`,
        }),
      ];
    }
    if (meta.mode === 'token' && !ev.settings.tokenSupplied) {
      // A token check presupposes authorization: without any, there is nothing a token could show.
      if (!ev.auth.inUse) {
        return [
          single(check, {
            status: 'not_applicable',
            reason: 'no_auth',
            message: 'The target uses no authorization.',
          }),
        ];
      }
      return [
        single(check, {
          status: 'inconclusive',
          reason: 'needs_token',
          message: 'Needs an access token (--token).',
        }),
      ];
    }
    // A requirement of revisions the server does not speak does not apply, whatever the tier
    // (docs/model/outcomes.md#a-tier-that-is-not-enabled: mode_disabled is for requirements that apply but were not tested).
    const { known, unconfirmed } = revisionsToEvaluate(check, ev);
    if (meta.revisions !== 'any' && known.length === 0 && unconfirmed.length === 0) {
      return [
        single(check, {
          status: 'not_applicable',
          reason: 'revision',
          message: `Applies to ${sortRevisions(meta.revisions).join(', ')}; the server speaks ${describeRevisions(ev)}.`,
        }),
      ];
    }
    if (meta.mode !== 'token' && TIER_RANK[meta.mode] > TIER_RANK[ev.settings.mode]) {
      // An authorization-server requirement does not apply to a target without authorization,
      // whatever the tier (docs/model/authorization.md#what-follows), as for the token checks above.
      if (meta.transports.includes('as') && !ev.auth.inUse) {
        return [
          single(check, {
            status: 'not_applicable',
            reason: 'no_auth',
            message: 'The target uses no authorization.',
          }),
        ];
      }
      return [
        single(check, {
          status: 'inconclusive',
          reason: 'mode_disabled',
          message: `Needs --mode ${meta.mode}; this scan ran in ${ev.settings.mode} mode.`,
        }),
      ];
    }
    if (meta.revisions === 'any') {
      return runOnce(check, ev, null).verdicts.map((v) => stamp(check, v, [], [], null));
    }
    return mergeRevisions(check, ev, known, unconfirmed);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return [
      single(check, { status: 'error', reason: 'internal', message: `Check failed internally: ${message}` }),
    ];
  }
}

function describeRevisions(ev: Evidence): string {
  const r = ev.detection.revision;
  const set = sortRevisions([...r.known, ...r.unconfirmed]);
  return set.length ? set.join(', ') : 'no known revision';
}

const eraOf = (r: Revision): Era => (r === MODERN_REVISION ? 'modern' : 'legacy');

/** The one era of the revisions evaluated; null when none (`any` checks) or both. */
function eraOfAll(revisions: readonly Revision[]): Era | null {
  const first = revisions[0];
  if (first === undefined) return null;
  const era = eraOf(first);
  for (const r of revisions) if (eraOf(r) !== era) return null;
  return era;
}

function stamp(
  check: Check,
  v: Verdict,
  evaluated: readonly Revision[],
  failed: readonly Revision[],
  condition: string | null,
): CheckResult {
  return {
    ...v,
    checkId: check.meta.id,
    revisionsEvaluated: [...evaluated],
    revisionsFailed: [...failed],
    condition,
    era: eraOfAll(evaluated),
  };
}

/**
 * See docs/model/revisions.md#merging-the-verdicts: evaluate per revision, then per location:
 * a fail under a known revision fails; all pass passes; all fail (only
 * unconfirmed revisions) is a conditional fail; anything else is
 * inconclusive (`revision_dependent`).
 */
function mergeRevisions(
  check: Check,
  ev: Evidence,
  known: Revision[],
  unconfirmed: Revision[],
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
    const once = runOnce(check, ev, r);
    perRevision.set(r, once.verdicts);
    if (!once.readRevision) shared = once.verdicts;
  }

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
      results.push(stamp(check, pick(revs[revs.length - 1]!), revs, [], null));
      continue;
    }
    if (statuses.every((s) => s === 'not_applicable')) {
      results.push(stamp(check, pick(revs[revs.length - 1]!), revs, [], null));
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
      results.push(stamp(check, pick(errored), revs, [], null));
      continue;
    }
    if (failing.length === 0) {
      // No fail: an inconclusive revision keeps the result inconclusive (with its reason); a mix of
      // pass and not_applicable is a pass for the revisions the requirement applies to.
      const inc = revs.find((r) => statusOf(r) === 'inconclusive');
      const passed = revs.filter((r) => statusOf(r) === 'pass');
      results.push(stamp(check, pick(inc ?? passed[passed.length - 1]!), revs, [], null));
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
