/**
 * The caps of the rating policy (docs/rating.md): conditions that hold a scope's letter down
 * whatever its score, in the policy table's order.
 */
import type { Keyword, Severity, Tier } from '../checks/define-check.js';
import { SEVERITIES } from '../checks/define-check.js';
import { CHECKS, findCheck } from '../checks/index.js';
import type { ReportResult, Unrated } from './model.js';
import type { ScopeLetter } from './rating-types.js';

type Graded = Exclude<ScopeLetter, 'N/G'>;

const MUST_KEYWORDS: ReadonlySet<Keyword> = new Set(['MUST', 'MUST NOT', 'REQUIRED']);

export interface MetaView {
  readonly severity: Severity;
  readonly keyword: Keyword | null;
  readonly tier: Tier | null;
}

/** The view of a report's check entry: entries are shared and frozen (build-report.ts), so are their views. */
const views = new WeakMap<Unrated['checks'][number], MetaView>();

export function metaLookup(report: Unrated): (id: string) => MetaView {
  const inReport = new Map(report.checks.map((c) => [c.id, c]));
  return (id) => {
    const c = inReport.get(id);
    if (c) {
      let view = views.get(c);
      if (view === undefined) {
        view = Object.freeze({ severity: c.severity, keyword: c.keyword as Keyword, tier: c.mode as Tier });
        views.set(c, view);
      }
      return view;
    }
    const m = findCheck(id)?.meta;
    return m
      ? { severity: m.severity, keyword: m.keyword, tier: m.mode }
      : { severity: 'info', keyword: null, tier: null };
  };
}

export const firm = (r: ReportResult) => r.status === 'fail' && r.confidence === 'high';
const failAt = (r: ReportResult, s: Severity) => r.status === 'fail' && r.severity === s;

interface CapRule {
  readonly letter: Graded;
  readonly rule: string;
  /** Triggering checks among the given firm fails (empty: not triggered). */
  readonly triggeredBy: (fails: readonly ReportResult[], ctx: CapContext) => string[];
}

export interface CapContext {
  readonly mcpLocations: ReadonlySet<string>;
  readonly meta: (id: string) => MetaView;
}

export const ids = (rs: readonly ReportResult[]) => [...new Set(rs.map((r) => r.checkId))].sort();

/** The caps checks hold in their meta (`rating.capsAt`): a firm fail on the MCP origin (TRN03 at F). */
const CHECK_CAPS: readonly CapRule[] = CHECKS.flatMap((c): CapRule[] => {
  const cap = c.meta.rating.capsAt;
  if (!cap) return [];
  const except = cap.exceptKeys ?? [];
  return [
    {
      letter: cap.letter,
      rule: `${c.meta.id.slice('MCPP-'.length)} fails on the MCP origin${except.length ? ` (not only ${except.join(', ')})` : ''}`,
      triggeredBy: (f, ctx) =>
        ids(
          f.filter(
            (r) =>
              r.checkId === c.meta.id &&
              ctx.mcpLocations.has(r.location) &&
              !(r.key !== null && except.includes(r.key)),
          ),
        ),
    },
  ];
});

// docs/rating.md#caps, in table order.
const CAP_RULES: readonly CapRule[] = [
  {
    letter: 'F',
    rule: 'a check fails at critical',
    triggeredBy: (f) => ids(f.filter((r) => failAt(r, 'critical'))),
  },
  ...CHECK_CAPS,
  {
    letter: 'D',
    rule: 'three or more checks fail at high',
    triggeredBy: (f) => {
      const high = ids(f.filter((r) => failAt(r, 'high')));
      return high.length >= 3 ? high : [];
    },
  },
  { letter: 'C', rule: 'a check fails at high', triggeredBy: (f) => ids(f.filter((r) => failAt(r, 'high'))) },
  {
    letter: 'C',
    rule: 'a discovery-chain MUST fails at medium or above',
    triggeredBy: (f, ctx) =>
      ids(
        f.filter((r) => {
          const kw = ctx.meta(r.checkId).keyword;
          return (
            findCheck(r.checkId)?.meta.rating.discoveryChain === true &&
            // Discovery-chain checks are MUST/REQUIRED rows; an unknown keyword is taken as such.
            (kw === null || MUST_KEYWORDS.has(kw)) &&
            r.severity !== null &&
            SEVERITIES.indexOf(r.severity) <= SEVERITIES.indexOf('medium')
          );
        }),
      ),
  },
  {
    letter: 'B',
    rule: 'a check fails at medium',
    triggeredBy: (f) => ids(f.filter((r) => failAt(r, 'medium'))),
  },
  { letter: 'A', rule: 'a check fails at low', triggeredBy: (f) => ids(f.filter((r) => failAt(r, 'low'))) },
];

export function capsFor(
  fails: readonly ReportResult[],
  ctx: CapContext,
): { letter: Graded; rule: string; checks: string[] }[] {
  return CAP_RULES.map((c) => ({ letter: c.letter, rule: c.rule, checks: c.triggeredBy(fails, ctx) })).filter(
    (c) => c.checks.length > 0,
  );
}
