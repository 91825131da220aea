/** The stdio plan names every probe a real stdio scan records, so --plan cannot drift from what runs. */
import { join } from 'node:path';

import { expect, it } from 'vitest';

import { buildStdioPlan } from '../../src/probe/stdio/plan.js';
import { FIXTURE, scanCommand } from './helpers.js';

it('every recorded stdio probe (and launch) is in the plan', async () => {
  const plan = new Set(
    buildStdioPlan({ command: 'node', args: [], env: {}, cwd: null }, 'safe', 'off').entries.map(
      (e) => e.probe,
    ),
  );
  const seen = new Set<string>();
  for (const args of [
    [FIXTURE],
    [FIXTURE, '--era', 'modern'],
    [join(import.meta.dirname, '..', 'fixtures', 'stdio', 'sdk2-server.mjs')],
  ]) {
    const s = await scanCommand(args);
    for (const l of s.evidence.stdio!.launches) {
      seen.add(l.probe);
      for (const x of l.exchanges) seen.add(x.probe);
    }
  }
  expect([...seen].filter((p) => !plan.has(p))).toEqual([]);
  expect(seen.has('x.launch.legacy')).toBe(true);
}, 30_000);
