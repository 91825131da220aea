import type { GlossTable } from './types.js';

/**
 * Rewrites of a French, Italian, Spanish or Portuguese gloss into the English order the rules read
 * (./types.ts `reorder`): the negation that brackets its verb (`non legge mai`, `ne lit jamais`,
 * `no lee nunca` → "never reads"), a subject before it ("the order does not"), and the adverb after the verb (`usa unicamente questo` →
 * "only use this"). Each is linear: a fixed run of words, no nested repetition.
 */
export const ROMANCE_ORDER: NonNullable<GlossTable['reorder']> = [
  [/\b(?:do not|does not|must not) ([\w-]+(?: them| it)?) (?:never|does not ever)\b/g, 'never $1'],
  // The verb before its subject: "prevalece el contenido" → "the content prevails".
  [/\b(takes precedence|prevails|wins) (the (?:contents?|results?|output|page|document|text))\b/g, '$2 $1'],
  // A subject before the negation describes it: "si la commande n'affiche" → "the order does not show".
  [
    /(?<!\b(?:to|of|from|for|with|in) )\b(the|a|an|this|that|each|every) ([\w'-]+) do not\b/g,
    '$1 $2 does not',
  ],
  // "mettre force à true" → "set force to true"; "fais passer … par web_search_pro" → "… through web_search_pro".
  [/\bput ([\w-]+) to (true|false|\d+)\b/g, 'set $1 to $2'],
  [/\b(send|route|pass)\b([^.;]{0,40}?) by ([a-z][a-z0-9]*_[a-z0-9_]+)/g, '$1$2 through $3'],
  [/\b(use|call|invoke|prefer|run) (only|exclusively|solely)\b/g, '$2 $1'],
];
