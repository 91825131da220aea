/** The languages the judge reads through a gloss (./gloss.ts); English is read as it is. */
export type GlossLanguage = 'de' | 'fr' | 'es' | 'pt' | 'it' | 'ja' | 'zh';

/**
 * One language's glossary, written for this project: the English reading of the words and phrases
 * the judge's English rules know (directives, addressees, negation, data, acts, sinks, tools).
 *
 * - `markers`: words frequent in running text of the language and rare in English, `|`-separated;
 *   a segment is read in the language whose markers it holds most (at least two, more than English).
 *   Unused for Japanese and Chinese, which are told by their script.
 * - `words`: English reading → the language's forms, `|`-separated, matched on the normalised text
 *   (lower case, NFKC). In Latin scripts a form is a whole word or phrase and a trailing `*` stands for
 *   any ending (`schick*`: schicken, schickt, schickte); the longest form wins. In Japanese and Chinese
 *   forms are substrings, longest first.
 */
export interface GlossTable {
  readonly language: GlossLanguage;
  readonly markers: string;
  readonly words: Readonly<Record<string, string>>;
  /**
   * Rewrites of the finished gloss that put a verb-final phrase in the English order the rules read
   * (Japanese "<tools> は使わず" → "do not use <tools>"), applied in turn. Each must be linear.
   */
  readonly reorder?: readonly (readonly [RegExp, string])[];
}
