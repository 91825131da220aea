/**
 * The words around an encoded run (TOOL03): does the text tell the model to decode it and act on
 * it? Before the run ("decode this and do what it says:") or after it ("… is binding, and the
 * assistant shall apply it"), in the sentence that holds the run, in any language the judge
 * glosses (./gloss/gloss.ts). Decoding alone ("decode it to see the JSON") is not an order to act.
 */
import { detectLanguage, gloss } from './gloss/gloss.js';
import { normalise } from './normalise.js';
import { prefilter } from './prefilter.js';

/** Acting on what the run says, or declaring it binding. */
const ACT_ON =
  /\b(follow(ed|s)?|obey(ed|s)?|execute[sd]?|apply|applied|honou?r(ed)?|compl(y|ied) with|carr(y|ied) (it |this |them )?out|act(ed)? (on|upon)|do what it says|(u|you) know what to do|(is|are) (binding|mandatory|authoritative)|binding (on|for)|run (this|it|them)( first)?|interpret)\b/;
/** Acting, just before the run: "apply the following:", "binding: …". */
const ACT_BEFORE =
  /\b(follow|obey|execute|apply|interpret|do what it says|carry out|act on|comply( with)?|perform|do (it|this|that|them|so|as (it says|told|instructed))|(and|then|\+|&) do|make it happen|run (this|it|them))\b[^.;]{0,80}$|\b(binding|mandatory|authoritative)\b[^.;]{0,40}$/;
const SENTENCE_END = /[.!?。！？](?=\s|$)/g;

/** The text as the English rules read it: normalised, and glossed when it is in another language. */
function english(text: string): string {
  const n = normalise(text).text;
  const language = detectLanguage(n);
  return language === null ? n : gloss(n, language);
}

/** The part of `before` after its last sentence end, and of `after` up to its first. */
function sentenceAround(before: string, after: string): { before: string; after: string } {
  let cut = 0;
  for (const m of before.matchAll(SENTENCE_END)) cut = m.index + 1;
  SENTENCE_END.lastIndex = 0;
  const end = SENTENCE_END.exec(after);
  SENTENCE_END.lastIndex = 0;
  return { before: before.slice(cut), after: end === null ? after : after.slice(0, end.index) };
}

/** The text around [start, end) tells the model to decode the run and act on it. */
export function toldToObey(text: string, start: number, end: number): boolean {
  const s = sentenceAround(text.slice(Math.max(0, start - 160), start), text.slice(end, end + 160));
  const before = english(s.before);
  if (ACT_BEFORE.test(english(text.slice(Math.max(0, start - 120), start)))) return true;
  return ACT_ON.test(before) || ACT_ON.test(english(s.after));
}

// The patterns' literal prefilter (./prefilter.ts).
prefilter(ACT_ON, ACT_BEFORE);
