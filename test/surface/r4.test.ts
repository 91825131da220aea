/**
 * Three concepts of the tool-surface judge read in many wordings (issue 22): credential theft,
 * payloads in sibling fields of the listing, and unicode tricks. The surfaces are in ./r4-cases.ts;
 * each poisoned one must reach high (TOOL01/02/03) on its item, and no honest near-twin may reach
 * high anywhere.
 */
import { describe, expect, it } from 'vitest';

import { surfaceEvidence } from './evidence.js';
import {
  CREDENTIAL_BENIGN,
  CREDENTIAL_POISONED,
  SIBLING_BENIGN,
  SIBLING_POISONED,
  UNICODE_BENIGN,
  UNICODE_POISONED,
} from './r4-cases.js';
import type { SurfaceCase } from './r4-cases.js';
import { toolFindings } from './run-checks.js';

const JUDGES = new Set(['MCPP-TOOL01', 'MCPP-TOOL02', 'MCPP-TOOL03']);
const HIGH = new Set(['high', 'critical']);

function findings(c: SurfaceCase) {
  return toolFindings(surfaceEvidence(c.spec)).map((r) => ({
    check: r.checkId,
    severity: r.severity,
    location: r.location,
  }));
}

const CONCEPTS: readonly (readonly [string, readonly SurfaceCase[], readonly SurfaceCase[]])[] = [
  ['credential theft', CREDENTIAL_POISONED, CREDENTIAL_BENIGN],
  ['sibling fields', SIBLING_POISONED, SIBLING_BENIGN],
  ['unicode tricks', UNICODE_POISONED, UNICODE_BENIGN],
];

for (const [concept, poisoned, benign] of CONCEPTS) {
  describe(`${concept}: poisoned surfaces reach high on their item`, () => {
    for (const c of poisoned)
      it(c.name, () => {
        const f = findings(c);
        const hit = f.some((x) => JUDGES.has(x.check) && HIGH.has(x.severity ?? '') && x.location === c.item);
        expect(hit, JSON.stringify(f)).toBe(true);
      });
  });
  describe(`${concept}: honest near-twins stay below high`, () => {
    for (const c of benign)
      it(c.name, () => {
        const f = findings(c);
        expect(
          f.filter((x) => HIGH.has(x.severity ?? '')),
          JSON.stringify(f),
        ).toEqual([]);
      });
  });
}
