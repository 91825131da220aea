/**
 * Hidden runs that hide nothing (TOOL02 low instead of medium): typography in its place, and an
 * HTML comment whose text the judge reads nothing in. A soft hyphen between two letters is a
 * hyphenation hint; a left-to-right or right-to-left mark beside a right-to-left letter keeps
 * "(שקל)" in order; "<!-- generated from calc.yaml, do not edit -->" is a build note. A comment
 * that addresses the model, orders or quotes an order, however mildly, stays medium, and the
 * normalised projection the judge reads drops these characters, so no word hides behind them.
 */
import type { HiddenRun } from './hidden.js';
import { judgeText } from './judge.js';
import { AGENT } from './lexicon.js';
import { normalise } from './normalise.js';

const LETTER = /\p{L}/u;
const RTL = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const SHY = '\u00ad';
const MARKS = new Set(['\u200e', '\u200f', '\u061c']);

/** Where the text is: the item and field the comment is judged as. */
export interface RunPlace {
  readonly itemKind: string;
  readonly itemName: string;
  readonly field: string;
}

function typographic(text: string, run: HiddenRun): boolean {
  const body = text.slice(run.start, run.end);
  const before = text.slice(Math.max(0, run.start - 2), run.start);
  const after = text.slice(run.end, run.end + 2);
  const last = [...before].at(-1) ?? '';
  const next = [...after][0] ?? '';
  if ([...body].every((c) => c === SHY)) return LETTER.test(last) && LETTER.test(next);
  if ([...body].every((c) => MARKS.has(c))) return RTL.test(last) || RTL.test(next);
  return false;
}

/** The run hides nothing: typography in its place, or a comment the judge reads nothing in. */
export function inertRun(text: string, run: HiddenRun, place: RunPlace): boolean {
  if (run.category === 'format') return typographic(text, run);
  if (run.category !== 'html-comment') return false;
  const body = text.slice(run.start, run.end).replace(/^<!--/, '').replace(/-->$/, '');
  // "note for the agent" orders nothing yet, but it speaks to the model out of the user's view.
  return !AGENT.test(normalise(body).text) && judgeText(body, place).severity === null;
}
