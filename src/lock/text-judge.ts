/**
 * How changed text is graded (PIN03): a `TextJudge` says what a piece of server text does to a
 * model that reads it; `severity: null` when the text looks benign. The judge itself is the
 * tool-surface checks' (src/surface/judge.ts).
 */
import { judgeText } from '../surface/judge.js';

export type JudgedSeverity = 'critical' | 'high' | 'medium' | 'low' | 'info';

export interface TextJudgeContext {
  readonly itemKind: string;
  readonly itemName: string;
  readonly field: string;
}

export interface TextJudgement {
  readonly severity: JudgedSeverity | null;
  readonly signals: string[];
}

export type TextJudge = (text: string, ctx: TextJudgeContext) => TextJudgement;

const RANK: readonly JudgedSeverity[] = ['critical', 'high', 'medium', 'low', 'info'];

/** Zero-width and bidirectional controls, word joiners, BOM, and Unicode tag characters. */
const HIDDEN = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]|[\u{E0000}-\u{E007F}]/u;

/**
 * The judge PIN03 grades changed text with: the tool-surface checks' own (docs/tool-surface.md),
 * plus one signal that matters more in a change than in a first look: invisible characters that
 * were not there when the text was reviewed.
 */
export const activeTextJudge: TextJudge = (text, ctx) => {
  const judged = judgeText(text, ctx);
  if (!HIDDEN.test(text)) return judged;
  const severity = RANK.find((r) => r === judged.severity || r === 'high') ?? 'high';
  return { severity, signals: [...judged.signals, 'hidden-characters'] };
};
