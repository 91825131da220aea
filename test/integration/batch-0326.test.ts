/**
 * Batches on a 2025-03-26 session (LEG12): the scanner's main session negotiates 2025-11-25, so the
 * batch is also sent on the ladder's 2025-03-26 session and judged by that revision.
 */
import { describe, expect, it } from 'vitest';

import { startFixtureServer } from '../../src/demo/fixture-server.js';
import { evaluateAll } from '../../src/engine/run.js';
import { collectEvidence } from '../../src/probe/scan.js';
import { startSdk1 } from '../fixtures/servers/sdk1.js';

async function leg12(url: string) {
  const ev = await collectEvidence({ url, requestTimeoutMs: 5_000 });
  const results = evaluateAll(ev).filter((r) => r.checkId === 'MCPP-LEG12');
  return { ev, results };
}

describe('LEG12 on a 2025-03-26 session', () => {
  it('SDK 1.x processes the batch on its 2025-03-26 session: only the 2025-11-25 session fails', async () => {
    const server = await startSdk1({ responseMode: 'json', hostValidation: true });
    try {
      const { ev, results } = await leg12(server.url);
      expect(ev.sessions!.version).toBe('2025-11-25');
      expect(ev.sessions!.batch0326?.kind).toBe('ok');
      expect(results.map((r) => [r.status, r.key, r.revisionsEvaluated])).toEqual([
        ['pass', null, ['2025-03-26']],
        ['fail', 'processed', ['2025-06-18', '2025-11-25']],
      ]);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('a server that rejects batches on 2025-03-26 fails rejected-0326 for that revision', async () => {
    const server = await startFixtureServer({ rejectBatchOn0326: true });
    try {
      const { results } = await leg12(server.url);
      // Before: judged on the 2025-11-25 session alone, which rejects batches as it should: a pass.
      expect(results.map((r) => [r.status, r.key, r.severity, r.revisionsFailed])).toEqual([
        ['fail', 'rejected-0326', 'medium', ['2025-03-26']],
        ['pass', null, null, []],
      ]);
    } finally {
      await server.close();
    }
  }, 60_000);
});
