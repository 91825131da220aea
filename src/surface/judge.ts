/**
 * The pure text judge: one string in, a severity and the signals that decided it out. Offline and
 * deterministic (no network, no model). Stable API: other code pins its behaviour.
 *
 * `signals` lists the families and features that fired (`secrecy`, `exfiltration`, `override`,
 * `cross-tool-override`, `ordering-over-other-tools`, `role-markers`, `imperative`,
 * `hidden-placement`, `addressee:agent`, `directive`, `target:<kind>`), then the counter-signals,
 * each prefixed `counter:`. Severity null means benign.
 */
import { judgeSegments } from './signals.js';

export type JudgeSeverity = 'critical' | 'high' | 'medium' | 'low' | 'info';

export interface JudgeTextContext {
  readonly itemKind: string;
  readonly itemName: string;
  readonly field: string;
}

export interface TextJudgement {
  readonly severity: JudgeSeverity | null;
  readonly signals: string[];
}

export function judgeText(text: string, context: JudgeTextContext): TextJudgement {
  const kind = context.field === 'instructions' ? 'server' : context.itemKind;
  const name = context.field === 'instructions' ? 'instructions' : context.itemName;
  const j = judgeSegments([{ text, field: context.field }], { itemKind: kind, itemName: name });
  return {
    severity: j.severity,
    signals: [...j.signals, ...j.counterSignals.map((c) => `counter:${c}`)],
  };
}
