/**
 * The stdio fixture server (test/fixtures/stdio/flawed-server.mjs) with one flaw switched on at a
 * time: each flaw fails exactly its check, and a well-behaved server passes all six.
 */
import { describe, expect, it } from 'vitest';

import { FIXTURE, scanCommand, stdioStatuses } from './helpers.js';

const CLEAN_LEGACY = {
  STDIO01: 'pass',
  STDIO02: 'pass',
  STDIO03: 'pass',
  STDIO04: 'pass',
  STDIO05: 'not_applicable',
  STDIO06: 'pass',
};
const CLEAN_MODERN = { ...CLEAN_LEGACY, STDIO05: 'pass' };

describe('stdio fixture: one flaw at a time', () => {
  it('a well-behaved legacy server passes every STDIO check and is detected as 2025-11-25', async () => {
    const s = await scanCommand([FIXTURE]);
    expect(stdioStatuses(s)).toEqual(CLEAN_LEGACY);
    expect(s.evidence.detection.transport).toBe('stdio');
    expect(s.evidence.detection.revision.known).toEqual(['2025-11-25']);
    expect(s.evidence.detection.revision.eras).toEqual(['legacy']);
    expect(s.evidence.stdio!.dualEra).toBe(false);
    // The fallback initialize ran on the same connection; the bogus-version initialize on its own launch.
    expect(s.evidence.stdio!.launches.map((l) => l.probe)).toEqual(['x.launch', 'x.launch.bogus']);
    expect(s.status('MCPP-LEG01')).toBe('pass');
    // LEG02 judges the stdio transcript: 1900-01-01 answered with the server's version.
    expect(s.status('MCPP-LEG02')).toBe('pass');
    const bogus = s.evidence.stdio!.initBogus;
    expect(bogus?.kind === 'ok' && bogus.value.response?.result).toMatchObject({
      protocolVersion: '2025-11-25',
    });
    expect(s.status('MCPP-LEG03')).toBe('pass');
    // HTTP-only checks do not apply.
    for (const id of ['MCPP-TRN01', 'MCPP-LEG04', 'MCPP-MOD01']) {
      const r = s.results.find((x) => x.checkId === id)!;
      expect([r.status, r.reason]).toEqual(['not_applicable', 'transport']);
    }
    const tools = s.evidence.inventory!.tools;
    expect(tools.kind === 'ok' ? tools.value.items.map((t) => (t as { name: string }).name) : tools).toEqual([
      'echo',
    ]);
  });

  it('a server that accepts any version fails LEG02 (echo) over stdio, and nothing else', async () => {
    const s = await scanCommand([FIXTURE, '--flaw', 'any-version']);
    expect(stdioStatuses(s)).toEqual(CLEAN_LEGACY);
    expect(s.status('MCPP-LEG02')).toBe('fail');
    expect(s.failKeys('MCPP-LEG02')).toEqual(['echo']);
    expect(s.status('MCPP-LEG01')).toBe('pass');
  });

  it('passive mode sends no bogus-version initialize: LEG02 is inconclusive (mode)', async () => {
    const s = await scanCommand([FIXTURE, '--flaw', 'any-version'], { mode: 'passive' });
    expect(s.evidence.stdio!.launches.map((l) => l.probe)).toEqual(['x.launch']);
    const r = s.results.find((x) => x.checkId === 'MCPP-LEG02')!;
    expect([r.status, r.reason]).toEqual(['inconclusive', 'mode_disabled']);
  });

  it('a modern-only server passes, STDIO05 included, and is not dual-era', async () => {
    const s = await scanCommand([FIXTURE, '--era', 'modern']);
    expect(stdioStatuses(s)).toEqual(CLEAN_MODERN);
    expect(s.evidence.detection.revision.known).toEqual(['2026-07-28']);
    expect(s.evidence.stdio!.dualEra).toBe(false);
    expect(s.evidence.stdio!.launches.map((l) => l.probe)).toEqual(['x.launch', 'x.launch.legacy']);
  });

  const cases: [string, string[], Record<string, string>, string, string | null][] = [
    ['a banner on stdout', ['--flaw', 'banner'], { STDIO01: 'fail' }, 'MCPP-STDIO01', 'startup-banner'],
    ['pretty-printed JSON', ['--flaw', 'pretty'], { STDIO02: 'fail' }, 'MCPP-STDIO02', 'multiline'],
    [
      'two messages on one line',
      ['--flaw', 'concatenated'],
      { STDIO02: 'fail' },
      'MCPP-STDIO02',
      'concatenated',
    ],
    ['CRLF line ends (tolerated)', ['--flaw', 'crlf'], {}, 'MCPP-STDIO02', null],
    [
      'output without a final newline',
      ['--flaw', 'no-final-newline'],
      { STDIO02: 'fail' },
      'MCPP-STDIO02',
      'no-final-newline',
    ],
    [
      'invalid UTF-8 on stderr',
      ['--flaw', 'stderr-invalid'],
      { STDIO03: 'fail' },
      'MCPP-STDIO03',
      'invalid-utf8',
    ],
    [
      'ignoring stdin close',
      ['--flaw', 'ignore-stdin-close'],
      { STDIO04: 'fail' },
      'MCPP-STDIO04',
      'sigterm',
    ],
    [
      'ignoring stdin close and SIGTERM',
      ['--flaw', 'ignore-sigterm'],
      { STDIO04: 'fail' },
      'MCPP-STDIO04',
      'sigkill',
    ],
    ['a crash on server/discover', ['--flaw', 'crash-discover'], { STDIO06: 'fail' }, 'MCPP-STDIO06', 'exit'],
    [
      'silence on server/discover',
      ['--flaw', 'silent-discover'],
      { STDIO06: 'fail' },
      'MCPP-STDIO06',
      'timeout',
    ],
  ];
  for (const [name, args, changed, id, key] of cases) {
    it(`${name}: fails exactly ${key ? `${id} (${key})` : 'nothing'}`, async () => {
      const s = await scanCommand([FIXTURE, ...args]);
      expect(stdioStatuses(s)).toEqual({ ...CLEAN_LEGACY, ...changed });
      if (key) expect(s.failKeys(id)).toEqual([key]);
      // Whatever the flaw, the fallback still found the legacy server.
      expect(s.evidence.detection.revision.known).toEqual(['2025-11-25']);
    }, 30_000);
  }

  it('a server-initiated request on the modern wire fails exactly STDIO05 (key = method)', async () => {
    const s = await scanCommand([FIXTURE, '--era', 'modern', '--flaw', 'server-request']);
    expect(stdioStatuses(s)).toEqual({ ...CLEAN_MODERN, STDIO05: 'fail' });
    expect(s.failKeys('MCPP-STDIO05')).toEqual(['sampling/createMessage']);
    // The scanner answered the request as a client without the feature would.
    const lines = s.evidence.stdio!.launches[0]!.lines;
    expect(
      lines.some((l) => l.dir === 'in' && l.text.includes('"id":"s1"') && l.text.includes('-32601')),
    ).toBe(true);
  });

  it('the same request in a legacy session is not judged', async () => {
    const s = await scanCommand([FIXTURE, '--flaw', 'server-request']);
    expect(stdioStatuses(s)).toEqual(CLEAN_LEGACY);
    // One per tools/list: the inventory listing's and `s.cursor`'s.
    expect(s.evidence.stdio!.launches[0]!.serverRequests.legacy).toEqual([
      'sampling/createMessage',
      'sampling/createMessage',
    ]);
  });

  it('crash on discover: the legacy era is reached on a second launch', async () => {
    const s = await scanCommand([FIXTURE, '--flaw', 'crash-discover']);
    expect(s.evidence.stdio!.launches.map((l) => [l.probe, l.opening.outcome])).toEqual([
      ['x.launch', 'exit'],
      ['x.launch.legacy', 'response'],
      ['x.launch.bogus', 'response'],
    ]);
    expect(s.evidence.stdio!.launches[0]!.exit?.code).toBe(1);
  });
});
