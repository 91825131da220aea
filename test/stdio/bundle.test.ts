/** A stdio scan's evidence survives the bundle: `evaluate` replays it to the same results. */
import { expect, it } from 'vitest';

import { evaluate } from '../../src/api.js';
import { parseEvidence } from '../../src/evidence/bundle.js';
import { serializeEvidence } from '../../src/evidence/bundle-write.js';
import { FIXTURE, scanCommand } from './helpers.js';

it('saved stdio evidence replays to the same results', async () => {
  const s = await scanCommand([FIXTURE, '--flaw', 'pretty']);
  const replayed = evaluate(parseEvidence(serializeEvidence(s.evidence)));
  expect(replayed.results).toEqual(s.results);
  expect(replayed.evidence.stdio?.launches[0]?.framingCounts['multiline']).toBeGreaterThan(0);
});
