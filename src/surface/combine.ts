/**
 * The learned scorer (./learned.ts) combined with the rule judgement of one item (./signals.ts),
 * in one call a judge or a check makes after the rules have spoken.
 *
 * The scorer reads every prose segment of the item and keeps its highest-scoring sentence. It
 * never acts against the rules silently and never grades on its own above medium:
 * - a counter-signal of the rules (negated, self-scoped, quoted, vendor guidance…) holds it: a
 *   rule finding keeps its severity and says that the score was held, and no finding is added;
 * - with no rule finding, a confident score adds a finding of its own (`learned`), low (medium is
 *   off in the committed thresholds), explained by the sentence and the n-grams that weighed most;
 * - a rule finding below high may be raised to high when the score passes `raise` (the rules saw
 *   an instruction, the scorer says it is of the poisoned kind). Off in the committed thresholds:
 *   on `dev` it lifted recall, but it also raised honest vendor guidance of real servers
 *   ("always prefer this tool over…") to high (docs/tool-surface.md, "Components");
 * - a finding at high or critical is left as it is; the score is added to its signals.
 */
import { escapeExcerpt } from '../escape/invisible.js';
import { explain, scoreText } from './learned.js';
import type { ClauseScore } from './learned.js';
import { mismatchesOf, mismatchSeverity } from './purpose.js';
import type { SurfaceItem } from './types.js';
import type { Family, JudgedSeverity, Judgement, Segment } from './reading.js';

export interface LearnedThresholds {
  /** At or above: a finding of its own at low. */
  readonly low: number;
  /** At or above: a finding of its own at medium. */
  readonly medium: number;
  /** At or above: a rule finding below high is raised to high. */
  readonly raise: number;
}

/**
 * Chosen on the `dev` split and the real-server corpus (docs/tool-surface.md, "Components"). Low
 * went from 0.90 to 0.96 when the scorer was retrained on the train split grown with the blind
 * batches (3 377 sentences): at 0.90 it flagged a real server's path constraint ("both source and
 * destination must be within allowed directories", server-filesystem) at 0.95.
 *
 * Medium is off (it was 0.97): the scorer adds a finding only where the rules read nothing at all,
 * so alone it says "these n-grams look poisoned" with no addressee, act or sink to show. A user
 * reads medium as "act on this"; a sentence of an honest server the rules find clean should not
 * reach it on word statistics alone. Alone it stays low, with its sentence and n-grams.
 */
export const LEARNED_THRESHOLDS: LearnedThresholds = { low: 0.96, medium: Infinity, raise: Infinity };

export interface CombinedJudgement extends Omit<Judgement, 'family'> {
  /**
   * The rules' family, `learned` for a finding the scorer added alone, `mismatch` for a parameter
   * that asks for what the tool's purpose does not need (./purpose.ts).
   */
  readonly family: Family | 'learned' | 'mismatch' | null;
}

const RANK: Readonly<Record<JudgedSeverity, number>> = { info: 0, low: 1, medium: 2, high: 3, critical: 4 };

function best(segments: readonly Segment[]): { score: ClauseScore; field: string } | null {
  let out: { score: ClauseScore; field: string } | null = null;
  for (const s of segments) {
    const r = scoreText(s.text);
    if (r && (out === null || r.probability > out.score.probability)) out = { score: r, field: s.field };
  }
  return out;
}

/** Combines the rule judgement of one item with the learned score of its segments. */
export function withLearned(
  j: Judgement,
  segments: readonly Segment[],
  t: LearnedThresholds = LEARNED_THRESHOLDS,
): CombinedJudgement {
  // High and critical are the rules' own; the scorer has nothing to add there.
  if (j.severity !== null && RANK[j.severity] >= RANK.high) return j;
  const b = best(segments);
  if (b === null) return j;
  const p = b.score.probability;
  const score = `learned:${p.toFixed(2)}`;
  const acts = j.severity === null ? p >= t.low : p >= t.raise;
  if (!acts) return j.severity === null ? j : { ...j, signals: [...j.signals, score] };
  if (j.counterSignals.length > 0)
    return j.severity === null
      ? j
      : { ...j, signals: [...j.signals, score], counterSignals: [...j.counterSignals, 'learned score held'] };
  const ngrams = `learned n-grams: ${explain(b.score.clause)
    .map((g) => `“${escapeExcerpt(g, 40)}”`)
    .join(' ')}`;
  if (j.severity === null)
    return {
      severity: p >= t.medium ? 'medium' : 'low',
      confidence: 'low',
      family: 'learned',
      signals: [score, ngrams],
      counterSignals: [],
      excerpts: [{ field: b.field, text: escapeExcerpt(b.score.clause, 200) }],
      targets: [],
    };
  return { ...j, severity: 'high', signals: [...j.signals, score, 'learned-raise', ngrams] };
}

/**
 * Joins the purpose/parameter mismatches of a tool (./purpose.ts) to its judgement: a finding at
 * or above the mismatch's severity keeps its family and lists the mismatch among its signals;
 * below it, the mismatch decides (family `mismatch`). Text the rules read as quoted or
 * exemplified holds a mismatch at medium.
 */
export function withPurpose(j: CombinedJudgement, item: SurfaceItem): CombinedJudgement {
  const found = mismatchesOf(item);
  if (found.length === 0) return j;
  const held = j.counterSignals.some((c) => c.startsWith('quoted or exemplified'));
  const rank = (m: (typeof found)[number]) => RANK[held ? 'medium' : mismatchSeverity(m)];
  const top = found.reduce((a, b) => (rank(b) > rank(a) ? b : a));
  const severity: JudgedSeverity = held ? 'medium' : mismatchSeverity(top);
  const signal = `purpose-mismatch:${escapeExcerpt(top.parameter, 64)} asks for ${top.demand} (purpose: ${top.purposes.join('+') || 'none named'})`;
  if (j.severity !== null && RANK[j.severity] >= RANK[severity])
    return { ...j, signals: [...j.signals, signal] };
  return {
    severity,
    confidence: j.severity === null ? 'low' : 'medium',
    family: 'mismatch',
    signals: [signal, ...j.signals],
    counterSignals: held ? [...j.counterSignals, 'mismatch held at medium'] : j.counterSignals,
    excerpts: [{ field: top.field, text: escapeExcerpt(top.clause, 200) }, ...j.excerpts].slice(0, 5),
    targets: j.targets,
  };
}
