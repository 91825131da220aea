/**
 * How PIN03 grades changed text (docs/pinning.md#how-changes-are-graded). A change is graded at
 * least as high as the tool-surface judge grades the text it adds, judged on that text alone and
 * in its new context (the whole new text, when it carries signals the old one did not), whichever
 * is higher; a change the judge finds benign is low. In the server's `instructions` the judge
 * allows guidance addressed to the model (that is what instructions are for), so there the added
 * text is also read as tool text would be: a new directive to the model is at least high, because
 * a directive that was not there at review time is what a rug pull adds.
 */
import type { ChangeSeverity } from './change-types.js';
import { higher } from './change-types.js';
import { addedText } from './text-diff.js';
import type { TextJudge, TextJudgeContext } from './text-judge.js';

export interface GradedText {
  readonly severity: ChangeSeverity;
  readonly signals: string[];
}

/** Signals of text that tells the model what to do (the judge's families, not its counter-signals). */
const DIRECTIVE_SIGNALS = [
  'imperative',
  'override',
  'secrecy',
  'exfiltration',
  'cross-tool-override',
  'ordering-over-other-tools',
  'role-markers',
];

/** The added text of `instructions`, read without the allowance instructions have: a new directive is high. */
function newDirective(added: string, judge: TextJudge): GradedText | null {
  if (added === '') return null;
  // Kind `server` without the `instructions` name: judged as any other server text.
  const j = judge(added, { itemKind: 'server', itemName: '', field: 'added-instructions' });
  if (j.severity === null || !j.signals.some((s) => DIRECTIVE_SIGNALS.includes(s))) return null;
  const severity = higher(j.severity, 'high') ? j.severity : 'high';
  return { severity, signals: [...j.signals.filter((s) => !s.startsWith('counter:')), 'new-directive'] };
}

export function gradeText(
  oldText: string,
  newText: string,
  judge: TextJudge,
  ctx: TextJudgeContext,
): GradedText {
  const added = addedText(oldText, newText);
  const candidates: GradedText[] = [];
  const onAdded = judge(added, ctx);
  if (onAdded.severity !== null) candidates.push({ severity: onAdded.severity, signals: onAdded.signals });
  // In context: signals split across kept and added words, which the whole new text carries and the old did not.
  const before = judge(oldText, ctx);
  const after = judge(newText, ctx);
  if (higher(after.severity, before.severity))
    candidates.push({
      severity: after.severity!,
      signals: after.signals.filter((s) => !before.signals.includes(s)),
    });
  if (ctx.field === 'instructions') {
    const d = newDirective(added, judge);
    if (d) candidates.push(d);
  }
  let best: GradedText = { severity: 'low', signals: [] };
  for (const c of candidates) if (higher(c.severity, best.severity)) best = c;
  return best;
}
