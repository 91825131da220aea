/** The official SDKs' stdio servers: 1.x (initialize only) and 2.x (serveStdio, both eras per connection). */
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { scanCommand, stdioStatuses } from './helpers.js';

const fixture = (f: string) => join(import.meta.dirname, '..', 'fixtures', 'stdio', f);
const toolNames = (p: { kind: string; value?: { items: readonly unknown[] } }) =>
  p.kind === 'ok' ? p.value!.items.map((t) => (t as { name: string }).name) : p.kind;

describe('official SDK stdio servers', () => {
  it('SDK 1.x: legacy 2025-11-25 over the initialize fallback, every STDIO check clean', async () => {
    const s = await scanCommand([fixture('sdk1-server.mjs')]);
    expect(s.evidence.detection.targetClass).toBe('reachable');
    expect(s.evidence.detection.revision.known).toEqual(['2025-11-25']);
    expect(s.evidence.detection.revision.eras).toEqual(['legacy']);
    expect(s.evidence.stdio!.dualEra).toBe(false);
    // SDK 1.x answers server/discover with a JSON-RPC error and stays up.
    expect(
      s.evidence.detection.discover.kind === 'ok' &&
        s.evidence.detection.discover.value.response?.error?.code,
    ).toBe(-32601);
    expect(stdioStatuses(s)).toEqual({
      STDIO01: 'pass',
      STDIO02: 'pass',
      STDIO03: 'not_applicable',
      STDIO04: 'pass',
      STDIO05: 'not_applicable',
      STDIO06: 'pass',
    });
    expect(s.status('MCPP-LEG01')).toBe('pass');
    // The bogus-version initialize on its own launch, answered with 2025-11-25.
    expect(s.status('MCPP-LEG02')).toBe('pass');
    expect(s.evidence.stdio!.launches.map((l) => l.probe)).toEqual(['x.launch', 'x.launch.bogus']);
    expect(s.status('MCPP-LEG03')).toBe('pass');
    // Message shape judged on the stdio transcript (inconclusive before: no HTTP replies).
    expect(s.status('MCPP-TRN14')).toBe('pass');
    expect(toolNames(s.evidence.inventory!.tools)).toEqual(['echo']);
    expect((s.evidence.inventory!.serverInfo as { name: string }).name).toBe('sdk1-stdio-fixture');
  }, 30_000);

  it('SDK 2.x serveStdio: dual-era (modern on the first launch, initialize on a second), clean', async () => {
    const s = await scanCommand([fixture('sdk2-server.mjs')]);
    expect(s.evidence.detection.revision.known).toEqual(['2025-11-25', '2026-07-28']);
    expect(s.evidence.detection.revision.eras).toEqual(['modern', 'legacy']);
    expect(s.evidence.stdio!.dualEra).toBe(true);
    expect(s.evidence.stdio!.launches.map((l) => l.probe)).toEqual([
      'x.launch',
      'x.launch.legacy',
      'x.launch.bogus',
    ]);
    expect(s.status('MCPP-LEG02')).toBe('pass');
    expect(stdioStatuses(s)).toEqual({
      STDIO01: 'pass',
      STDIO02: 'pass',
      STDIO03: 'not_applicable',
      STDIO04: 'pass',
      STDIO05: 'pass',
      STDIO06: 'pass',
    });
    // The dual-era results are split by era.
    expect(
      s.results
        .filter((r) => r.checkId === 'MCPP-STDIO01')
        .map((r) => r.era)
        .sort(),
    ).toEqual(['legacy', 'modern']);
    expect(s.status('MCPP-TRN16')).toBe('pass');
    expect(s.status('MCPP-TRN14')).toBe('pass');
    expect(toolNames(s.evidence.inventory!.tools)).toEqual(['echo']);
  }, 30_000);

  it('inside --sandbox both SDK servers judge exactly as outside it, and leave nothing running', async () => {
    const verdicts = (x: Awaited<ReturnType<typeof scanCommand>>) =>
      x.results.map((r) => `${r.checkId}:${r.era ?? ''}:${r.status}:${r.key ?? ''}`).sort();
    for (const f of ['sdk1-server.mjs', 'sdk2-server.mjs']) {
      const plain = await scanCommand([fixture(f)]);
      const boxed = await scanCommand([fixture(f)], { sandbox: 'strict' });
      expect(boxed.evidence.stdio!.sandbox.applied).toBe(true);
      expect(verdicts(boxed)).toEqual(verdicts(plain));
      expect(boxed.status('MCPP-STDIO07')).toBe('pass');
    }
  }, 60_000);
});
