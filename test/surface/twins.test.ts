/** Recall on the team's poisoned cases and discrimination against their benign twins. */
import { describe, expect, it } from 'vitest';

import { SEVERITIES } from '../../src/checks/define-check.js';
import type { Severity } from '../../src/checks/define-check.js';
import { surfaceEvidence } from './evidence.js';
import { toolFindings } from './run-checks.js';
import { FAMILIES } from './families.js';
import { TWINS } from './twins.js';

const CASES = [...TWINS, ...FAMILIES];

const atLeast = (s: Severity | null, min: Severity) =>
  s !== null && SEVERITIES.indexOf(s) <= SEVERITIES.indexOf(min);

describe('poisoned cases and benign twins', () => {
  const rows: string[] = [];
  let caught = 0;
  let separated = 0;
  for (const c of CASES) {
    it(`${c.family}: ${c.name}`, () => {
      const bad = toolFindings(surfaceEvidence(c.poisoned));
      const good = toolFindings(surfaceEvidence(c.twin));
      const hit = bad.some((f) => f.checkId === c.check && atLeast(f.severity, c.min));
      const twinHit = good.some((f) => f.checkId === c.check && atLeast(f.severity, c.min));
      const twinHigh = good.filter((f) => atLeast(f.severity, 'high'));
      if (hit) caught++;
      if (!twinHit && twinHigh.length === 0) separated++;
      rows.push(`${c.family}\t${c.name}\t${c.check}≥${c.min}\tcaught=${hit}\ttwin-quiet=${!twinHit}`);
      expect(
        hit,
        JSON.stringify(bad.map((f) => [f.checkId, f.severity, f.key, f.message.slice(0, 200)])),
      ).toBe(true);
      expect(
        twinHit,
        JSON.stringify(good.map((f) => [f.checkId, f.severity, f.key, f.message.slice(0, 200)])),
      ).toBe(false);
      expect(twinHigh).toEqual([]);
    });
  }
  it('prints recall and discrimination', () => {
    console.log(
      [
        `TWINS cases=${CASES.length} caught=${caught} twins-separated=${separated}`,
        ...rows.map((r) => `TWINS ${r}`),
      ].join('\n'),
    );
    expect(caught).toBe(CASES.length);
  });
});
