/**
 * Clause splitting for the signal model (./signals.ts) and the checks that read clauses (TOOL04,
 * TOOL05, cross-server): sentences first, then clauses joined by conjunctions or a colon.
 */
import { shieldCodePipes } from './mention.js';
import { prefilter } from './prefilter.js';

/** At most this many clauses are read per item. */
export const MAX_CLAUSES = 4_000;

const SENTENCE_SPLIT = /(?<=[.!?])\s+|(?<=。)|\n+|;\s+|\s+[-–]\s+|\s*\|\s*/;
const SENTENCE_MARK = /[.!?\n;|\-–。]/;
const CLAUSE_SPLIT =
  /,\s+(?:but|and then|then|so|and|or)\s+|\s+(?:but|and then)\s+|(?<!^\s*(?:system|assistant)|\b(?:bcc|cc|to|from|subject|reply-to))\s*:\s+(?=[a-z])/;
const CLAUSE_MARK = /[,:]|\s(?:but|and then)\s/;

/** Sentences, then clauses: split on terminators, line breaks, semicolons and joining conjunctions. */
export function clauses(text: string): string[] {
  const out: string[] = [];
  // Each split pattern needs one of these characters (or words): without them, skip the split.
  const shielded = shieldCodePipes(text);
  const sentences = SENTENCE_MARK.test(shielded) ? shielded.split(SENTENCE_SPLIT) : [shielded];
  for (const sentence of sentences) {
    for (const c of CLAUSE_MARK.test(sentence) ? sentence.split(CLAUSE_SPLIT) : [sentence]) {
      const t = c.trim();
      if (t.length > 1) out.push(t);
      if (out.length >= MAX_CLAUSES) return out;
    }
  }
  return out;
}

/** A run of 41 or more letters and digits: no word a rule reads (a blob, or a hostile server's padding). */
const LONG_RUN = /[a-z0-9]{41,}/g;

/**
 * The clause as the rules read it: each long run stands as one letter, so their cost follows the
 * words and not the run's length (20 000 tools padded with a 100-letter word took twice the time).
 * Excerpts quote the clause as written.
 */
export const forRules = (c: string): string => (c.length > 40 ? c.replace(LONG_RUN, 'x') : c);

// The patterns' literal prefilter (./prefilter.ts).
prefilter(SENTENCE_MARK, CLAUSE_MARK);
