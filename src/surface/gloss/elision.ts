/**
 * Elided forms for the French and Italian glossaries (./fr.ts, ./it.ts). An elided article or
 * pronoun is written onto the next word (`l'utilisateur`, `n'envoie`, `dell'utente`), so the
 * glossary needs the joined forms: for every form that starts with a vowel or `h`, each elision
 * (`l'` → `the %`) adds `l'form` under `the <english>`. Without them a stray `l'` stays in the
 * gloss, and two of them in a clause read like a quoted span (./mention.ts).
 */
import { prefilter } from '../prefilter.js';

/** English reading → forms, `|`-separated (./types.ts). */
type Words = Readonly<Record<string, string>>;

const OPENS_WITH_VOWEL = /^[aeiouhàâäéèêëîïôöùûüœæìíòóú]/;

/** Joins groups of words into one record; a reading given twice keeps all its forms. */
export function joinWords(...groups: readonly Words[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const g of groups)
    for (const [english, forms] of Object.entries(g))
      out[english] = out[english] === undefined ? forms : `${out[english]}|${forms}`;
  return out;
}

/**
 * The elided forms of `words`: for each `[elision, reading]` (`["l'", 'the %']`), every form that
 * opens with a vowel or `h` joined to the elision, read as `reading` with `%` the form's English.
 */
export function elide(
  words: Words,
  elisions: readonly (readonly [string, string])[],
): Record<string, string> {
  const groups: Record<string, string>[] = [];
  for (const [english, list] of Object.entries(words)) {
    const vowel = list
      .split('|')
      .map((f) => f.trim())
      .filter((f) => OPENS_WITH_VOWEL.test(f));
    if (vowel.length === 0) continue;
    for (const [elision, reading] of elisions)
      groups.push({ [reading.replace('%', english)]: vowel.map((f) => `${elision}${f}`).join('|') });
  }
  return joinWords(...groups);
}

/**
 * Noun–adjective pairs in the Romance order (`serveur externe`) read in the English order
 * (`external server`): every noun form followed by every adjective form.
 */
export function nounAdjective(nouns: Words, adjectives: Words): Record<string, string> {
  const split = (list: string) => list.split('|').map((f) => f.trim());
  const groups: Record<string, string>[] = [];
  for (const [noun, nForms] of Object.entries(nouns))
    for (const [adjective, aForms] of Object.entries(adjectives))
      groups.push({
        [`${adjective} ${noun}`]: split(nForms)
          .flatMap((n) => split(aForms).map((a) => `${n} ${a}`))
          .join('|'),
      });
  return joinWords(...groups);
}

// The patterns' literal prefilter (./prefilter.ts).
prefilter(OPENS_WITH_VOWEL);
