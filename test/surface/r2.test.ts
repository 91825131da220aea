/**
 * Four concepts of the tool-surface judge read in many wordings (issue 22): money and privilege
 * changed behind the user's back, data moved to a sink with no secrecy word, a pre-call through a
 * sibling that reads something sensitive into a parameter, and browser hijack. The sentences are
 * in ./r2-cases.ts; each poisoned one must reach high on its item, and no honest near-twin may.
 */
import { describe, expect, it } from 'vitest';

import { judgeSegments } from '../../src/surface/signals.js';
import { EXFIL_BENIGN, EXFIL_POISONED, FINANCE_BENIGN, FINANCE_POISONED } from './r2-cases.js';
import type { Case } from './r2-cases.js';

const RANK = { info: 0, low: 1, medium: 2, high: 3, critical: 4 } as const;

function judge(c: Case) {
  const segments = typeof c.text === 'string' ? [{ text: c.text, field: 'description' }] : c.text;
  const name = c.item ?? 'the_tool';
  return judgeSegments(segments, {
    itemKind: 'tool',
    itemName: name,
    siblings: [name, ...(c.siblings ?? [])],
  });
}

const CONCEPTS: readonly (readonly [string, readonly Case[], readonly Case[]])[] = [
  ['finance and privilege', FINANCE_POISONED, FINANCE_BENIGN],
  ['data to a sink, no secrecy word', EXFIL_POISONED, EXFIL_BENIGN],
];

for (const [concept, poisoned, benign] of CONCEPTS) {
  describe(`${concept}: poisoned wordings reach high`, () => {
    for (const c of poisoned)
      it(c.name, () => {
        const j = judge(c);
        expect(j.severity !== null && RANK[j.severity] >= RANK.high, JSON.stringify(j)).toBe(true);
      });
  });
  describe(`${concept}: honest near-twins stay below high`, () => {
    for (const c of benign)
      it(c.name, () => {
        const j = judge(c);
        expect(j.severity === null || RANK[j.severity] < RANK.high, JSON.stringify(j)).toBe(true);
      });
  });
}
