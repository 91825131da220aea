/**
 * The contract every check follows: static meta (what the catalogue row says)
 * plus a pure `evaluate(evidence, ctx)` that returns one or more results.
 * Checks never do I/O and never throw on missing evidence: they return
 * `inconclusive` with a reason. The engine decides applicability (revision,
 * transport, mode, target class) before a check is called.
 */
import type { Citation } from '../spec/citations.js';
import type { ChainPolicy } from './chain-hops.js';
import type { Revision } from '../spec/revisions.js';
import type { Evidence, ExchangeId, Mode, Probe, SectionName, Transport } from '../evidence/types.js';

export type Severity = 'critical' | 'high' | 'medium' | 'low' | 'info';
export const SEVERITIES: readonly Severity[] = ['critical', 'high', 'medium', 'low', 'info'];

export type Status = 'pass' | 'fail' | 'not_applicable' | 'inconclusive' | 'error';

export type NotApplicableReason =
  'revision' | 'transport' | 'no_auth' | 'feature_absent' | 'target_scope' | 'target_class';

export type InconclusiveReason =
  | 'mode_disabled'
  | 'needs_token'
  | 'needs_second_token'
  | 'needs_narrow_token'
  | 'needs_designation'
  | 'needs_callback_host'
  | 'auth_wall'
  | 'revision_dependent'
  | 'fetch_failed'
  | 'rate_limited'
  | 'target_stopped_answering'
  | 'tls_unverified'
  | 'probe_unavailable'
  | 'opaque_token'
  | 'ambiguous';

export type Reason = NotApplicableReason | InconclusiveReason | 'internal';

export type Keyword =
  | 'MUST'
  | 'MUST NOT'
  | 'REQUIRED'
  | 'SHOULD'
  | 'SHOULD NOT'
  | 'MAY'
  | 'RECOMMENDED'
  | 'effective MUST'
  | 'derived'
  | 'policy';

/** The check families, in the order the registry and the reports list them. */
export const FAMILIES = [
  'TRN',
  'LEG',
  'MOD',
  'STDIO',
  'AUTHN',
  'PRM',
  'ASM',
  'SCP',
  'CIMD',
  'ACT',
  'TOOL',
  'PIN',
  'CFG',
  'ERR',
] as const;

export type Family = (typeof FAMILIES)[number];

/** Transports a check runs on; `as` marks authorization-server documents and origins. */
export type CheckTransport = Transport | 'as';

export type Tier = Mode | 'token';

export type Confidence = 'high' | 'medium' | 'low';

export type CheckId = `MCPP-${Family}${number}${number}`;

/**
 * An evidence section a check reads: `sessions` must be present (the engine answers for the
 * check when it is not: auth wall, failed probe, absent — docs/model/evidence.md#sections);
 * `sessions?` may be absent and is handed over as it is.
 */
export type SectionRequirement = SectionName | `${SectionName}?`;

type OptionalOf<R> = R extends `${infer S}?` ? S : never;
type RequiredOf<R> = R extends `${string}?` ? never : R;

/** What `evaluate` receives: exactly the sections the check requires, required ones non-null. */
export type Given<R extends readonly SectionRequirement[]> = {
  readonly [K in RequiredOf<R[number]> & SectionName]: NonNullable<Evidence[K]>;
} & { readonly [K in OptionalOf<R[number]> & SectionName]: Evidence[K] };

/** The rating scope a check is graded in (docs/rating.md); `none` for lint checks and scanner health. */
export type CheckScope = 'protocol' | 'authorization' | 'none';

/** How the rating treats a check: kept with the check, so a new check cannot miss the rating. */
export interface RatingPolicy {
  readonly scope: CheckScope;
  /** A link of the OAuth discovery chain: a MUST failing at medium or above caps the letter at C. */
  readonly discoveryChain?: boolean;
  /** Deducts once together with this check when both fail on the same location (the higher counts). */
  readonly mergesWith?: CheckId;
  /**
   * A firm fail of this check on the MCP origin caps its scope's letter whatever the score
   * (docs/rating.md#caps), a fail under one of `exceptKeys` aside.
   */
  readonly capsAt?: { readonly letter: 'A' | 'B' | 'C' | 'D' | 'F'; readonly exceptKeys?: readonly string[] };
  /** An A+ needs this check to pass on the MCP origin (docs/rating.md#the-a-letter); names what it shows. */
  readonly requiredForAPlus?: string;
}

export interface FrameworkFix {
  readonly fix: string;
  /** Where the option was read: the framework's file at the version the tests pin. */
  readonly source: string;
}

export interface CheckMeta {
  readonly id: CheckId;
  /** What passing means (catalogue "Title"). */
  readonly title: string;
  /** The requirement, paraphrased (catalogue "Requirement"). */
  readonly requirement: string;
  readonly keyword: Keyword;
  /** Revisions whose text the requirement comes from; `any` for RFC and policy checks. */
  readonly revisions: readonly Revision[] | 'any';
  readonly transports: readonly CheckTransport[];
  /** Lowest tier that gives a verdict. */
  readonly mode: Tier;
  readonly severity: Severity;
  readonly citations: readonly Citation[];
  /** Why a failure matters, for the doc page. */
  readonly rationale: string;
  readonly remediation: string;
  /**
   * The fix in a server framework's own terms (the option, middleware or setting), by framework
   * fingerprint id (src/fingerprint/signatures); a report shows it before `remediation` when the
   * framework, or one it is built on, is recognised (docs/fingerprints.md#framework-specific-fixes).
   */
  readonly fixes?: Readonly<Record<string, FrameworkFix>>;
  /** Probes and fields the check reads (catalogue "How observed"). */
  readonly evidence: string;
  /** Known false-positive traps (catalogue "Traps"). */
  readonly traps?: string;
  /** Where this implementation deliberately differs from the catalogue row, and why. */
  readonly notes?: string;
  readonly confidence?: Confidence;
  /** The evidence sections `evaluate` reads (docs/model/evidence.md#sections). */
  readonly requires: readonly SectionRequirement[];
  /**
   * What the check judges when it is not the MCP server itself: `authorization-server` checks
   * require the OAuth chain, and the engine gives them their standard answer without one (no
   * authorization in use: not_applicable `no_auth`; in use but not walked: inconclusive), in the
   * authorization server's words (docs/model/authorization.md#what-follows).
   */
  readonly judges?: 'authorization-server';
  readonly rating: RatingPolicy;
  /** Where its results sit on the authorization trust chain; absent when not part of it. */
  readonly chain?: ChainPolicy;
  /**
   * A transport-shape requirement (sessions, the GET stream, 202 for notifications): `revisions`
   * name where its transport text comes from, and it applies whenever that shape is observed,
   * whatever version was negotiated (docs/model/revisions.md#transport-shape-and-protocol-level).
   */
  readonly transportShape?: boolean;
  /** Also evaluated for unreachable, not-MCP and redirected targets (docs/model/targets.md#target-classes). */
  readonly classIndependent?: boolean;
  /**
   * Every result key the check can return, with what it means (like ESLint's messageIds). The
   * engine turns an undeclared key into an `error` result; the doc page lists them.
   */
  readonly keys: Readonly<Record<string, string>>;
  /**
   * The declared keys that fail at another severity than `severity`, policy kept with the check:
   * `ctx.fail` with such a key takes it, and what re-grades the check's findings outside a scan
   * (`lock diff`, `cimd lint`, the login's vetting of its client metadata) reads it through
   * `severityOfKey`. A result whose judgement grades it may still name its own severity.
   */
  readonly keySeverity?: Readonly<Record<string, Severity>>;
  /**
   * Why the default severity departs from the keyword's (a SHOULD at high, a policy check at
   * critical): one line, shown on the doc page.
   */
  readonly severityRationale?: string;
}

/** The severity a failure with `key` has by the check's meta (`keySeverity`, else `severity`). */
export function severityOfKey(
  meta: Pick<CheckMeta, 'severity' | 'keySeverity'>,
  key: string | null,
): Severity {
  return (key !== null ? meta.keySeverity?.[key] : undefined) ?? meta.severity;
}

/** One result of a check for one location. */
export interface CheckResult {
  readonly checkId: CheckId;
  readonly status: Status;
  /** Set on `fail` only. */
  readonly severity: Severity | null;
  readonly confidence: Confidence;
  readonly location: string;
  /** Sub-condition, e.g. `charset`, `accepted`. */
  readonly key: string | null;
  readonly reason: Reason | null;
  readonly message: string;
  readonly evidence: readonly ExchangeId[];
  readonly revisionsEvaluated: readonly Revision[];
  readonly revisionsFailed: readonly Revision[];
  /** For conditional fails (docs/model/revisions.md#conditional-fails): "applies if the server speaks …". */
  readonly condition: string | null;
  /** The era of the revisions evaluated (2026-07-28 modern, earlier legacy); null for `any` checks or a mix. */
  readonly era?: Era | null;
}

export type Era = 'modern' | 'legacy';

/** What a check returns before the engine stamps the ID and revision fields on it. */
export type Verdict = Omit<
  CheckResult,
  'checkId' | 'revisionsEvaluated' | 'revisionsFailed' | 'condition' | 'era'
>;

export interface VerdictOptions {
  readonly location?: string;
  readonly key?: string;
  readonly severity?: Severity;
  readonly confidence?: Confidence;
}

export interface CheckContext {
  /** The revision this evaluation is for (null for `any` checks). */
  readonly revision: Revision | null;
  readonly meta: CheckMeta;
  pass(message: string, evidence?: readonly ExchangeId[], opts?: VerdictOptions): Verdict;
  fail(message: string, evidence?: readonly ExchangeId[], opts?: VerdictOptions): Verdict;
  notApplicable(reason: NotApplicableReason, message: string, opts?: VerdictOptions): Verdict;
  inconclusive(
    reason: InconclusiveReason,
    message: string,
    evidence?: readonly ExchangeId[],
    opts?: VerdictOptions,
  ): Verdict;
  /** The right non-verdict for a probe that did not produce a value. */
  fromProbe(probe: Exclude<Probe<unknown>, { kind: 'ok' }>, what: string, opts?: VerdictOptions): Verdict;
  /**
   * The engine's standard non-verdict for a missing section (docs/model/evidence.md#sections), for a
   * check that reads the section as optional (`modern?`) because it decides some cases without
   * it, and needs it after all.
   */
  absent(section: SectionName): Verdict;
}

/** How the engine explains a missing section (engine/sections.ts); checks call it as `ctx.absent`. */
export type ExplainAbsent = (section: SectionName, ctx: CheckContext) => Verdict;

/** A check as registered: the engine hands `evaluate` only the sections in `meta.requires`. */
export interface Check {
  readonly meta: CheckMeta;
  evaluate(evidence: Given<readonly SectionRequirement[]>, ctx: CheckContext): Verdict | readonly Verdict[];
}

/** A check as written: `evaluate` is typed by the sections its meta requires. */
export interface CheckDefinition<R extends readonly SectionRequirement[]> {
  readonly meta: CheckMeta & { readonly requires: R };
  evaluate(evidence: Given<R>, ctx: CheckContext): Verdict | readonly Verdict[];
}

export function defineCheck<const R extends readonly SectionRequirement[]>(check: CheckDefinition<R>): Check {
  // The engine projects the evidence to `requires` before calling, so the narrower type holds.
  return check as unknown as Check;
}

/** A check over the other checks' results rather than over evidence (ERR00). */
export interface AggregateCheck {
  readonly meta: CheckMeta;
  aggregate(results: readonly CheckResult[], ctx: CheckContext): Verdict;
}

export function defineAggregateCheck(check: AggregateCheck): AggregateCheck {
  return check;
}

/**
 * What a context reads when a check calls it: the revision (a getter, so the engine can tell
 * whether the check read it) and how a missing section is explained. The engine keeps one
 * context per check for the whole process and points its source at each evaluation in turn.
 */
export interface ContextSource {
  readonly revision: Revision | null;
  readonly explainAbsent?: ExplainAbsent | undefined;
}

export function makeContext(
  meta: CheckMeta,
  revision: Revision | null,
  explainAbsent?: ExplainAbsent,
  /** Called whenever the check reads `revision` (the engine shares the verdicts of a check that does not). */
  onRevisionRead?: () => void,
): CheckContext {
  return contextOf(meta, {
    get revision() {
      onRevisionRead?.();
      return revision;
    },
    explainAbsent,
  });
}

/** One verdict object, its fields in the order every report writes them. */
function verdictOf(
  meta: CheckMeta,
  status: Status,
  severity: Severity | null,
  reason: Reason | null,
  message: string,
  evidence: readonly ExchangeId[] | undefined,
  opts: VerdictOptions | undefined,
): Verdict {
  return {
    status,
    severity,
    confidence: opts?.confidence ?? meta.confidence ?? 'high',
    location: opts?.location ?? 'endpoint',
    key: opts?.key ?? null,
    reason,
    message,
    evidence: evidence === undefined ? [] : [...evidence],
  };
}

/** A context whose revision and explanations are read from `source` at each call. */
export function contextOf(meta: CheckMeta, source: ContextSource): CheckContext {
  const ctx: CheckContext = {
    get revision() {
      return source.revision;
    },
    meta,
    // One object per verdict (a spread of a base object made two), the evidence copied once.
    pass: (message, evidence, opts) => verdictOf(meta, 'pass', null, null, message, evidence, opts),
    fail: (message, evidence, opts) =>
      verdictOf(
        meta,
        'fail',
        opts?.severity ?? severityOfKey(meta, opts?.key ?? null),
        null,
        message,
        evidence,
        opts,
      ),
    notApplicable: (reason, message, opts) =>
      verdictOf(meta, 'not_applicable', null, reason, message, undefined, opts),
    inconclusive: (reason, message, evidence, opts) =>
      verdictOf(meta, 'inconclusive', null, reason, message, evidence, opts),
    fromProbe(probe, what, opts) {
      if (probe.kind === 'skipped') {
        const reason: InconclusiveReason =
          probe.reason === 'mode_disabled'
            ? 'mode_disabled'
            : probe.reason === 'auth_wall'
              ? 'auth_wall'
              : probe.reason === 'no_token'
                ? 'needs_token'
                : probe.reason === 'not_designated'
                  ? 'needs_designation'
                  : 'fetch_failed';
        return this.inconclusive(
          reason,
          `${what} was not sent (${probe.reason}${probe.detail ? `: ${probe.detail}` : ''}).`,
          [],
          opts,
        );
      }
      if (probe.error.code === 'stopped-answering') {
        return this.inconclusive(
          'target_stopped_answering',
          `${what} was not sent: ${probe.error.message.replace(/; not sent$/, '')}.`,
          probe.exchanges,
          opts,
        );
      }
      const reason: InconclusiveReason = probe.error.code === 'tls' ? 'tls_unverified' : 'fetch_failed';
      return this.inconclusive(
        reason,
        `${what} failed: ${probe.error.code} (${probe.error.message}).`,
        probe.exchanges,
        opts,
      );
    },
    absent: (section) =>
      source.explainAbsent
        ? source.explainAbsent(section, ctx)
        : ctx.inconclusive('probe_unavailable', `The evidence has no ${section} section.`),
  };
  return ctx;
}
