/**
 * Runs one check against evidence: decides applicability (target class,
 * transport, tier, revision), calls the pure `evaluate` once per applicable
 * revision, and merges per-revision verdicts by the rules in docs/model/revisions.md#merging-the-verdicts.
 * A check that throws becomes an `error` result; nothing escapes.
 */
import type {
  Check,
  CheckContext,
  CheckResult,
  Given,
  SectionRequirement,
  Tier,
  Verdict,
} from '../checks/define-check.js';
import { contextOf } from '../checks/define-check.js';
import type { Evidence, TargetClass } from '../evidence/types.js';
import type { Revision } from '../spec/revisions.js';
import { sortRevisions } from '../spec/revisions.js';
import type { Once } from './merge-revisions.js';
import { mergeRevisions, NO_REVISIONS, stamp } from './merge-revisions.js';
import { declaresKey } from './declared-keys.js';
import { explainMissing, missingSection, project } from './sections.js';

const TIER_RANK: Record<Tier, number> = { passive: 0, safe: 1, intrusive: 2, token: 3 };

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

/** What the engine's context for a check reads: set before each evaluation, cleared after. */
interface Slot {
  revision: Revision | null;
  ev: Evidence | null;
  readRevision: boolean;
}

/**
 * One context per check for the whole process, pointed at each evaluation in turn: a context is
 * eight closures and an object, and a scan evaluated ~140 checks, some once per revision.
 * Evaluation is synchronous and checks keep nothing of their context, so one per check suffices.
 */
const contexts = new WeakMap<Check, { readonly ctx: CheckContext; readonly slot: Slot }>();

function contextFor(check: Check): { readonly ctx: CheckContext; readonly slot: Slot } {
  let entry = contexts.get(check);
  if (entry === undefined) {
    const slot: Slot = { revision: null, ev: null, readRevision: false };
    const ctx = contextOf(check.meta, {
      get revision() {
        slot.readRevision = true;
        return slot.revision;
      },
      explainAbsent: (section, c) => explainMissing(section, slot.ev!, c),
    });
    entry = { ctx, slot };
    contexts.set(check, entry);
  }
  return entry;
}

function runOnce(check: Check, ev: Evidence, revision: Revision | null): Once {
  const { ctx, slot } = contextFor(check);
  slot.revision = revision;
  slot.ev = ev;
  slot.readRevision = false;
  try {
    const { requires, keys } = check.meta;
    // A required section that is missing has one standard answer: the check is not called.
    const standard = missingSection(requires, ev, ctx);
    if (standard) return { verdicts: [standard], readRevision: slot.readRevision };
    const out = check.evaluate(project(requires, ev) as Given<readonly SectionRequirement[]>, ctx);
    const list = Array.isArray(out) ? (out as readonly Verdict[]) : [out as Verdict];
    if (list.length === 0) throw new Error(`${check.meta.id} returned no verdict`);
    for (const v of list) {
      if (v.key !== null && !declaresKey(keys, v.key))
        throw new Error(`${check.meta.id} returned the undeclared key "${v.key}"`);
    }
    return { verdicts: list, readRevision: slot.readRevision };
  } finally {
    // The context outlives the scan: it must not keep its evidence alive.
    slot.ev = null;
  }
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
      return runOnce(check, ev, null).verdicts.map((v) => stamp(check, v, NO_REVISIONS, NO_REVISIONS, null));
    }
    return mergeRevisions(check, ev, known, unconfirmed, (r) => runOnce(check, ev, r));
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
