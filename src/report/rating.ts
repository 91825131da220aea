/**
 * The letter grade (docs/rating.md, policy `rating-v1`): computed only from the
 * report's results, deterministic and versioned. It summarises; the check
 * results remain the authoritative output. docs/rating.md explains the policy.
 */
import type { Tier } from '../checks/define-check.js';
import { CHECKS, findCheck } from '../checks/index.js';
import type { ReportResult, Unrated } from './model.js';
import type {
  AppliedCap,
  Letter,
  MinGrade,
  Rating,
  RatingScope,
  ScopeLetter,
  ScopeRating,
} from './rating-types.js';
import { RATING_POLICY } from './rating-types.js';

export { RATING_POLICY };
export type { Letter, MinGrade, Rating, RatingScope } from './rating-types.js';

type Graded = Exclude<ScopeLetter, 'N/G'>;
import { activeResults } from './suppress.js';
import { capsFor, firm, ids, metaLookup } from './rating-caps.js';
import type { CapContext, MetaView } from './rating-caps.js';
import { deductionsFor } from './rating-deductions.js';
import { checkStatus, groupByCheck } from './summary.js';

export interface RatingOptions {
  /** A user token was supplied (the report does not record it yet); adds `+token` to the basis. */
  readonly tokenSupplied?: boolean;
}

/** The scope a check is graded in (its meta's `rating.scope`); null for ungraded and unknown checks. */
export function scopeOf(checkId: string): RatingScope | null {
  const scope = findCheck(checkId)?.meta.rating.scope;
  return scope === undefined || scope === 'none' ? null : scope;
}

const LETTERS: readonly Graded[] = ['A', 'B', 'C', 'D', 'F'];
const ORDER: readonly MinGrade[] = ['F', 'D', 'C', 'B', 'A', 'A+'];
const DEFAULT_TIERS: ReadonlySet<Tier> = new Set(['passive', 'safe']);
/** Inconclusive for a tier the user did not enable: never makes a letter provisional (docs/rating.md#provisional-letters). */
const NOT_ENABLED = new Set(['mode_disabled', 'needs_token', 'needs_second_token', 'needs_narrow_token']);
const LABEL: Readonly<Record<RatingScope, string>> = {
  protocol: 'protocol & transport',
  authorization: 'authorization',
};

export function scoreLetter(score: number): Graded {
  return score >= 90 ? 'A' : score >= 80 ? 'B' : score >= 65 ? 'C' : score >= 50 ? 'D' : 'F';
}

function lower(a: Graded, b: Graded): Graded {
  return LETTERS.indexOf(a) >= LETTERS.indexOf(b) ? a : b;
}

/** True when `letter` meets `--min-grade`; N/G never does. Provisional letters compare by their letter. */
export function gradeAtLeast(letter: Letter, min: MinGrade): boolean {
  return letter !== 'N/G' && ORDER.indexOf(letter) >= ORDER.indexOf(min);
}

/** `B?`, `A+`, `N/G`. */
export function formatGrade(r: Pick<Rating, 'letter' | 'provisional'>): string {
  return r.letter === 'N/G' ? 'N/G' : `${r.letter}${r.provisional ? '?' : ''}`;
}

function rateScope(scope: RatingScope, results: readonly ReportResult[], ctx: CapContext): ScopeRating {
  const perCheck = groupByCheck(results);
  const statuses = [...perCheck.values()].map(checkStatus);
  if (!statuses.some((s) => s === 'pass' || s === 'fail'))
    return {
      scope,
      letter: 'N/G',
      provisional: false,
      score: null,
      scoreLetter: null,
      deductions: [],
      caps: [],
      provisionalBy: [],
    };

  const deductions = deductionsFor(perCheck);
  const score = Math.max(0, 100 - deductions.reduce((n, d) => n + d.points, 0));
  const fromScore = scoreLetter(score);
  // Heuristic fails never cap (docs/model/severity.md#confidence-and-heuristics, docs/rating.md#caps).
  const firmFails = results.filter(firm);
  const all = capsFor(firmFails, ctx);
  const unconditional = capsFor(
    firmFails.filter((r) => r.condition === null),
    ctx,
  );
  const caps: AppliedCap[] = all.map((c) => ({
    ...c,
    conditionalOnly: !unconditional.some((u) => u.rule === c.rule),
  }));
  const letter = caps.reduce((l, c) => lower(l, c.letter), fromScore);
  const firmLetter = unconditional.reduce((l, c) => lower(l, c.letter), fromScore);

  const provisionalBy: string[] = [];
  if (firmLetter !== letter)
    provisionalBy.push(
      `cap ${letter} rests only on conditional fails (${caps
        .filter((c) => c.conditionalOnly)
        .flatMap((c) => c.checks)
        .join(', ')})`,
    );
  for (const [id, rs] of perCheck) {
    const status = checkStatus(rs);
    if (status !== 'inconclusive' && status !== 'error') continue;
    const meta = ctx.meta(id);
    if (meta.tier === null || !DEFAULT_TIERS.has(meta.tier)) continue;
    if (meta.severity !== 'high' && meta.severity !== 'critical') continue;
    const open = rs.filter(
      (r) => r.status === 'error' || (r.status === 'inconclusive' && !NOT_ENABLED.has(r.reason ?? '')),
    );
    if (open.length === 0) continue;
    const why = [
      ...new Set(open.map((r) => (r.status === 'error' ? 'error' : (r.reason ?? 'inconclusive')))),
    ];
    provisionalBy.push(`${id} (${meta.severity}, ${meta.tier}) is ${status}: ${why.join(', ')}`);
  }
  return {
    scope,
    letter,
    provisional: provisionalBy.length > 0,
    score,
    scoreLetter: fromScore,
    deductions,
    caps,
    provisionalBy,
  };
}

function describeScope(s: ScopeRating): string[] {
  const label = LABEL[s.scope];
  if (s.letter === 'N/G') return [`${label}: N/G (no check in the scope reached a verdict)`];
  const counted = s.deductions.filter((d) => d.points > 0 || d.mergedInto !== null);
  const lines = [
    `${label}: score ${s.score} (${s.scoreLetter})${
      counted.length
        ? `: ${counted
            .map((d) =>
              d.mergedInto
                ? `${d.checkId} counted with ${d.mergedInto}`
                : `${d.checkId} ${d.severity}${d.heuristic ? ' (heuristic, half)' : ''} -${d.points}`,
            )
            .join(', ')}`
        : ''
    }`,
  ];
  for (const c of s.caps)
    lines.push(
      `${label}: cap ${c.letter}: ${c.rule} (${c.checks.join(', ')})${c.conditionalOnly ? ' [conditional fails only]' : ''}`,
    );
  lines.push(`${label}: ${s.letter}${s.provisional ? '?' : ''}`);
  for (const p of s.provisionalBy) lines.push(`${label}: provisional: ${p}`);
  return lines;
}

function basisOf(report: Unrated, opts: RatingOptions): string {
  const tiers =
    report.mode === 'passive'
      ? ['passive']
      : report.mode === 'safe'
        ? ['passive', 'safe']
        : ['passive', 'safe', 'intrusive'];
  return [...tiers, ...(opts.tokenSupplied ? ['token'] : [])].join('+');
}

const REQUIRED_FOR_A_PLUS = CHECKS.filter((c) => c.meta.rating.requiredForAPlus !== undefined);

/** What keeps an unprovisional A from A+ (docs/rating.md#the-a-letter); empty when A+ holds. */
function missingForAPlus(
  report: Unrated,
  graded: readonly ScopeRating[],
  results: readonly ReportResult[],
  meta: (id: string) => MetaView,
  mcpLocations: ReadonlySet<string>,
): string[] {
  const missing: string[] = [];
  if (graded.some((s) => s.scoreLetter !== 'A')) missing.push('a score below 90');
  const above = ids(results.filter((r) => r.status === 'fail' && r.severity !== 'info'));
  if (above.length) missing.push(`fails above info (${above.join(', ')})`);
  // Checks an A+ needs passing on the MCP origin (meta `rating.requiredForAPlus`: TRN05, HSTS).
  for (const c of REQUIRED_FOR_A_PLUS) {
    const passes = results.some(
      (r) => r.checkId === c.meta.id && r.status === 'pass' && mcpLocations.has(r.location),
    );
    if (!passes && report.target.scope !== 'loopback')
      missing.push(
        `${c.meta.id.slice('MCPP-'.length)} (${c.meta.rating.requiredForAPlus}) does not pass on the MCP origin`,
      );
  }
  const open = ids(
    results.filter((r) => {
      const m = meta(r.checkId);
      return (
        r.status === 'inconclusive' &&
        m.tier !== null &&
        DEFAULT_TIERS.has(m.tier) &&
        (m.severity === 'high' || m.severity === 'critical')
      );
    }),
  );
  if (open.length) missing.push(`high-severity default-mode checks inconclusive (${open.join(', ')})`);
  const src = report.target.revision.source;
  if (src !== 'pinned' && src !== 'negotiated') missing.push(`revision source is ${src}`);
  return missing;
}

const NOT_GRADED_SCOPE: ScopeRating = {
  scope: 'protocol',
  letter: 'N/G',
  provisional: false,
  score: null,
  scoreLetter: null,
  deductions: [],
  caps: [],
  provisionalBy: [],
};

export function computeRating(report: Unrated, opts: RatingOptions = {}): Rating {
  const basis = basisOf(report, opts);
  const base = { policy: RATING_POLICY, basis } as const;
  if (report.outcome !== 'graded')
    return {
      ...base,
      letter: 'N/G',
      provisional: false,
      qualifier: report.outcome,
      scopes: { protocol: NOT_GRADED_SCOPE, authorization: null },
      reasons: [`target class ${report.target.class}: not graded (only TLS results are reported)`],
    };

  const meta = metaLookup(report);
  const origin = URL.canParse(report.target.url) ? new URL(report.target.url).origin : report.target.url;
  const ctx: CapContext = { meta, mcpLocations: new Set(['endpoint', `origin:${origin}`]) };
  const active = activeResults(report.results);
  const inScope = (s: RatingScope) => active.filter((r) => scopeOf(r.checkId) === s);

  const protocol = rateScope('protocol', inScope('protocol'), ctx);
  const authorization = report.target.authInUse
    ? rateScope('authorization', inScope('authorization'), ctx)
    : null;
  const reasons = [...describeScope(protocol)];
  if (authorization) reasons.push(...describeScope(authorization));
  else reasons.push('authorization: N/G (no authorization configured)');

  const graded = [protocol, authorization].filter((s): s is ScopeRating => s !== null && s.letter !== 'N/G');
  if (graded.length === 0)
    return {
      ...base,
      letter: 'N/G',
      provisional: false,
      qualifier: 'no verdicts',
      scopes: { protocol, authorization },
      reasons,
    };

  const letter = graded.map((s) => s.letter as Graded).reduce(lower);
  // A provisional scope cannot lower an F that a firm scope already gives.
  const provisional =
    graded.some((s) => s.provisional) &&
    !(letter === 'F' && graded.some((s) => s.letter === 'F' && !s.provisional));
  const qualifier =
    authorization === null || authorization.letter === 'N/G'
      ? 'authorization not graded'
      : protocol.letter === 'N/G'
        ? 'protocol & transport not graded'
        : null;

  let overall: Letter = letter;
  if (letter === 'A' && !provisional) {
    const gradedIds = new Set(graded.map((s) => s.scope));
    const relevant = active.filter((r) => {
      const s = scopeOf(r.checkId);
      return s !== null && gradedIds.has(s);
    });
    const missing = missingForAPlus(report, graded, relevant, meta, ctx.mcpLocations);
    if (missing.length === 0) overall = 'A+';
    else reasons.push(`not A+: ${missing.join('; ')}`);
  }
  reasons.push(
    `overall: ${formatGrade({ letter: overall, provisional })}${qualifier ? ` (${qualifier})` : ''}`,
  );
  return { ...base, letter: overall, provisional, qualifier, scopes: { protocol, authorization }, reasons };
}
