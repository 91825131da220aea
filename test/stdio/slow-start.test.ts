/**
 * stdio under load (docs/stdio.md#detection): a server that is slow to start or to answer
 * `server/discover`, scanned while worker threads keep every core busy. The verdicts must not
 * depend on the load: the era-probe window opens at the child's first output (or after the start
 * allowance), and an answer that comes after the window is still read.
 */
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { FIXTURE, scanCommand } from './helpers.js';

/** Busy loops on every core until stopped: the load a busy CI runner or laptop puts on a scan. */
function spin(): () => Promise<void> {
  const stop = new Int32Array(new SharedArrayBuffer(4));
  const code = `const { workerData } = require('node:worker_threads');
    const flag = workerData; let x = 0;
    while (Atomics.load(flag, 0) === 0) { for (let i = 0; i < 1e5; i++) x += i; }`;
  const workers = Array.from(
    { length: availableParallelism() },
    () => new Worker(code, { eval: true, workerData: stop }),
  );
  return async () => {
    Atomics.store(stop, 0, 1);
    await Promise.all(workers.map((w) => w.terminate()));
  };
}

let stopLoad: () => Promise<void>;
beforeAll(() => {
  stopLoad = spin();
});
afterAll(async () => {
  await stopLoad();
});

const opening = (s: Awaited<ReturnType<typeof scanCommand>>) => s.evidence.stdio!.launches[0]!.opening;

describe('stdio under load: the era probe', () => {
  it('a server silent for 3 s after launch that answers 3 s later is answered in time (window from its first output)', async () => {
    const s = await scanCommand(
      [FIXTURE, '--era', 'dual', '--start-delay', '3000', '--discover-delay', '3000'],
      {
        eraWindow: { windowMs: 5_000, startAllowanceMs: 20_000 },
      },
    );
    expect(opening(s)).toMatchObject({ outcome: 'response', windowFrom: 'first-output' });
    expect(s.status('MCPP-STDIO06')).toBe('pass');
    expect(s.evidence.stdio!.dualEra).toBe(true);
    expect(s.evidence.detection.revision.known).toEqual(['2025-11-25', '2026-07-28']);
  }, 60_000);

  it('a server with no output before the start allowance: the window runs from the allowance', async () => {
    const s = await scanCommand([FIXTURE, '--era', 'dual', '--start-delay', '2500'], {
      eraWindow: { windowMs: 10_000, startAllowanceMs: 300 },
    });
    expect(opening(s)).toMatchObject({ outcome: 'response', windowFrom: 'start-allowance' });
    expect(s.status('MCPP-STDIO06')).toBe('pass');
  }, 60_000);

  it('a dual-era server answering after the window: late (info), and still dual-era', async () => {
    const s = await scanCommand([FIXTURE, '--era', 'dual', '--discover-delay', '4000'], {
      eraWindow: { windowMs: 300, startAllowanceMs: 300 },
    });
    expect(opening(s)).toMatchObject({ outcome: 'late' });
    // One result per era of a dual-era server, each `late` at info.
    const results = s.results.filter((x) => x.checkId === 'MCPP-STDIO06');
    expect(results.map((r) => [r.status, r.key, r.severity])).toEqual(
      results.map(() => ['fail', 'late', 'info']),
    );
    // The fallback initialize ran meanwhile on the same connection, and the late answer was read
    // (the bogus-version initialize, LEG02, on a launch of its own).
    expect(s.evidence.stdio!.launches.map((l) => l.probe)).toEqual(['x.launch', 'x.launch.bogus']);
    expect(s.evidence.detection.discover.kind).toBe('ok');
    expect(s.evidence.stdio!.dualEra).toBe(true);
    expect(s.evidence.detection.revision.known).toEqual(['2025-11-25', '2026-07-28']);
  }, 60_000);

  it('a modern-only server answering after the window: late, and listed on the modern wire', async () => {
    const s = await scanCommand([FIXTURE, '--era', 'modern', '--discover-delay', '3000'], {
      eraWindow: { windowMs: 300, startAllowanceMs: 300 },
    });
    expect(s.failKeys('MCPP-STDIO06')).toEqual(['late']);
    expect(s.evidence.detection.revision.known).toEqual(['2026-07-28']);
    expect(s.evidence.stdio!.dualEra).toBe(false);
    const tools = s.evidence.inventory!.tools;
    expect(tools.kind === 'ok' ? tools.value.items.map((t) => (t as { name: string }).name) : tools).toEqual([
      'echo',
    ]);
  }, 60_000);

  it('a server that never answers server/discover: timeout (low), measured from its first output', async () => {
    const s = await scanCommand([FIXTURE, '--flaw', 'silent-discover'], {
      eraWindow: { windowMs: 300, startAllowanceMs: 5_000 },
    });
    expect(opening(s)).toMatchObject({ outcome: 'timeout', windowFrom: 'first-output' });
    expect(s.failKeys('MCPP-STDIO06')).toEqual(['timeout']);
    expect(s.evidence.detection.revision.known).toEqual(['2025-11-25']);
  }, 60_000);
});
