/**
 * Speed: judging a large surface (about 200 tools, 1 MB of tools/list) stays linear; the ratio
 * to parsing the same JSON is printed (docs/tool-surface.md).
 */
import { describe, expect, it } from 'vitest';

import { bigTools } from './big-surface.js';
import { surfaceEvidence } from './evidence.js';
import { toolFindings } from './run-checks.js';

const time = (f: () => void, runs = 3): number => {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    f();
    best = Math.min(best, Number(process.hrtime.bigint() - t) / 1e6);
  }
  return best;
};

describe('surface scoring speed', () => {
  it('scores about 1 MB of tools/list linearly and prints the ratio to JSON.parse', () => {
    const small = bigTools(100, 2000, 'small');
    const large = bigTools(200, 2000, 'large');
    const json = JSON.stringify({ tools: large });
    expect(json.length).toBeGreaterThan(900_000);
    const parse = time(() => JSON.parse(json) as unknown);
    const evSmall = surfaceEvidence({ tools: small });
    const evLarge = surfaceEvidence({ tools: large });
    toolFindings(surfaceEvidence({ tools: bigTools(30, 2000, 'warm') })); // JIT warm-up
    // One run each: a second run would hit the normalisation memo.
    const tLarge = time(() => toolFindings(evLarge), 1);
    const tSmall = time(() => toolFindings(evSmall), 1);
    console.log(
      `SPEED bytes=${json.length} parse=${parse.toFixed(1)}ms score(200 tools)=${tLarge.toFixed(0)}ms ratio=${(tLarge / parse).toFixed(0)}x score(100 tools)=${tSmall.toFixed(0)}ms`,
    );
    // Linear: twice the surface costs about twice the time (a generous bound for a shared machine).
    expect(tLarge / tSmall).toBeLessThan(3.5);
  }, 120_000);
});
