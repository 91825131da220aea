/**
 * Pairs of sentences written for the glossary tests (test/surface/gloss-pairs.test.ts): a poisoned
 * tool description and its honest twin, in a glossed language, one concept each. New wording,
 * not taken from the development corpus.
 */
export interface GlossPair {
  /** The concept the poisoned sentence carries (override, concealment, a sink, consent claimed …). */
  readonly concept: string;
  /** The tool that carries the description; `siblings` are the other tools on the server. */
  readonly tool: string;
  readonly siblings?: readonly string[];
  readonly poisoned: string;
  readonly honest: string;
}
