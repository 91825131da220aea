/**
 * Where a clause names a credential file or an endpoint as something to use (TOOL05), and where it
 * only names it: a clause that rejects, excludes or never needs it, in English or through its
 * gloss (./gloss/gloss.ts), and text it quotes or exemplifies (./mention.ts). A security note that
 * quotes "read ~/.ssh/id_rsa first" and a tool that "never needs ~/.aws/credentials" reference
 * nothing; the same words as an order still do.
 */
import { detectLanguage, gloss } from './gloss/gloss.js';
import { NEGATION } from './lexicon.js';
import { splitMentions } from './mention.js';

/** Not needed, not asked for: "never requires", "does not need", "shall never request". */
const NOT_NEEDED =
  /\b(never|not|no longer|doesn'?t|does not|won'?t|will not)\s+(ever\s+)?(requests?|asks? for|needs?|requires?|wants?)\b|\bno need (for|of|to)\b/;

/**
 * The part of a normalised clause that names things for use: empty when the clause turns them down,
 * the clause without what it quotes or exemplifies otherwise.
 */
export function usedPart(clause: string): string {
  const language = detectLanguage(clause);
  const read = language === null ? clause : gloss(clause, language);
  if (NEGATION.test(read) || NOT_NEEDED.test(read)) return '';
  return splitMentions(clause).outside;
}
