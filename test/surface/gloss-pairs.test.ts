/**
 * The glossaries by concept (src/surface/gloss/): for each glossed language, pairs of sentences
 * written for this test (test/surface/gloss-pairs/), one concept each, in wording of their own
 * (registers, verb forms, synonyms): the poisoned sentence is judged high or critical, its honest
 * twin (a negation, a description, a mention, the user's own choice) is not.
 */
import { describe, expect, it } from 'vitest';

import { judgeSegments } from '../../src/surface/signals.js';
import type { GlossPair } from './gloss-pairs/types.js';
import { PAIRS as ZH } from './gloss-pairs/zh.js';
import { PAIRS as DE } from './gloss-pairs/de.js';
import { PAIRS as ES } from './gloss-pairs/es.js';
import { PAIRS as FR } from './gloss-pairs/fr.js';
import { PAIRS as IT } from './gloss-pairs/it.js';
import { PAIRS as JA } from './gloss-pairs/ja.js';
import { PAIRS as PT } from './gloss-pairs/pt.js';

const HIGH = ['high', 'critical'];

function judge(p: GlossPair, text: string) {
  return judgeSegments([{ text, field: 'description' }], {
    itemKind: 'tool',
    itemName: p.tool,
    siblings: [...(p.siblings ?? [])],
  });
}

const LANGUAGES: readonly (readonly [string, readonly GlossPair[]])[] = [
  ['ja', JA],
  ['it', IT],
  ['fr', FR],
  ['es', ES],
  ['pt', PT],
  ['zh', ZH],
  ['de', DE],
];

for (const [language, pairs] of LANGUAGES)
  describe(`${language} glossary by concept`, () => {
    it.each(pairs.map((p) => [p.concept, p] as const))('poisoned: %s', (_, p) => {
      const j = judge(p, p.poisoned);
      expect(HIGH).toContain(j.severity);
      expect(j.signals).toContain(`read-in:${language}`);
    });
    it.each(pairs.map((p) => [p.concept, p] as const))('honest twin: %s', (_, p) => {
      expect(HIGH).not.toContain(judge(p, p.honest).severity);
    });
  });
