/**
 * Exclusivity over sibling tools and pre-call ordering (./concepts/exclusive.ts): exclusivity over
 * every other tool high; scoped guidance and ordering alone read at medium, never high; ordering with
 * data moved high; honest near-twins at low or below.
 */
import { describe, expect, it } from 'vitest';

import { caught, conceptTests, findings } from './concepts.js';
import { EXCLUSIVE, GUIDANCE, HONEST, ORDERING_WITH_DATA } from './concepts/exclusive.js';

describe('exclusivity and pre-call ordering concept', () => {
  conceptTests([...EXCLUSIVE, ...ORDERING_WITH_DATA], []);
  for (const c of GUIDANCE)
    it(`guidance at medium: ${c.name}`, () => {
      const { name, results } = findings(c);
      const own = results.filter((r) => r.checkId === 'MCPP-TOOL01' && r.location === `tool:${name}`);
      expect(own.map((r) => r.severity)).toEqual(['medium']);
      expect(caught(c)).toBe(false);
    });
  for (const c of HONEST)
    it(`honest: ${c.name}`, () => {
      const severities = findings(c).results.map((r) => r.severity);
      expect(severities.filter((s) => s === 'medium' || s === 'high' || s === 'critical')).toEqual([]);
    });
});
