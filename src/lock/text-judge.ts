/**
 * How changed text is graded (PIN03): a `TextJudge` says what a piece of server text does to a
 * model that reads it. The tool-surface checks export the real judge (src/surface/judge.ts,
 * `judgeText`); until it is wired in, `defaultTextJudge` stands in: a small, conservative set of
 * signals that are unambiguous in tool text. `activeTextJudge` is the one place to swap it.
 * A judge answers `severity: null` when the text looks benign.
 */
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

const SIGNALS: readonly { readonly name: string; readonly severity: JudgedSeverity; readonly re: RegExp }[] =
  [
    { name: 'hidden-characters', severity: 'high', re: HIDDEN },
    {
      name: 'instruction-override',
      severity: 'high',
      re: /\b(ignore|disregard|forget)\s+(all\s+|any\s+)?(the\s+)?(previous|prior|above|earlier|other)\s+(instructions|prompts?|rules|tools?)\b/i,
    },
    {
      name: 'concealment',
      severity: 'high',
      re: /\b(do\s+not|don't|never)\s+(tell|inform|mention|reveal|show|notify)\b[^.]{0,40}\b(user|human|operator)\b/i,
    },
    { name: 'pseudo-markup', severity: 'high', re: /<\s*\/?\s*(important|system|instructions?|secret)\s*>/i },
    {
      name: 'sensitive-data',
      severity: 'critical',
      re: /\b(read|cat|open|send|upload|include|pass|forward|attach)(s|es|ing)?\b[^.]{0,60}(~\/\.ssh|\bid_rsa\b|\.env\b|\bcredentials?\b|\bapi[_ -]?keys?\b|\bpasswords?\b|\bprivate[_ -]keys?\b|\bsecrets?\b|\btokens?\b)/i,
    },
  ];

/** The stand-in judge: only signals that benign tool text does not carry. */
export const defaultTextJudge: TextJudge = (text) => {
  const hits = SIGNALS.filter((s) => s.re.test(text));
  const severity = RANK.find((r) => hits.some((h) => h.severity === r)) ?? null;
  return { severity, signals: hits.map((h) => h.name) };
};

/** The judge PIN03 uses. The lead swaps in src/surface/judge.ts's `judgeText` here. */
export const activeTextJudge: TextJudge = defaultTextJudge;
