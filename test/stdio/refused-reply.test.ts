/**
 * A reply the scanner refuses is named (docs/stdio.md#bounds): recorded with the limit it
 * crossed, the wait of the request it answers ended at once, and the first line of the text
 * report says which reply and which limit.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import type { Evidence } from '../../src/evidence/types.js';
import { runCli } from '../helpers/cli.js';
import { FIXTURE, scanCommand } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'stdio-refused-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a reply nested 100,000 levels deep', () => {
  it('ends the wait at once with the depth limit, and the report says so on its first line', async () => {
    const saved = join(dir, 'deep.json');
    // Waits far longer than the bound below: only the refusal can end them in time.
    const r = await runCli([
      'scan',
      '--timeout',
      '30',
      '--save-evidence',
      saved,
      '--stdio',
      '--',
      process.execPath,
      FIXTURE,
      '--flaw',
      'deep-reply',
    ]);
    const ev = JSON.parse(readFileSync(saved, 'utf8')) as Evidence;
    const launch = ev.stdio!.launches[0]!;
    // server/discover, then the fallback initialize on the same connection: both refused.
    expect(launch.refused!.map((x) => [x.limit, x.id])).toEqual([
      ['depth', 1],
      ['depth', 2],
    ]);
    expect(launch.refused![0]!.detail).toBe('nested deeper than 64 levels');
    for (const x of launch.exchanges) {
      expect(x.error?.message).toBe('reply refused: nested deeper than 64 levels');
      expect(x.durationMs).toBeLessThan(2_000);
    }
    expect(launch.framingCounts['too-deep']).toBe(2);
    expect(launch.lines.find((l) => l.seq === launch.refused![0]!.seq)?.framing).toBe('too-deep');
    const first = r.stdout.split('\n')[0]!;
    // Which reply (to which request, on which line) and which limit, in words.
    expect(first).toMatch(
      /^cannot scan \S*node: the reply to server\/discover .*\(stdout line 2\) was refused at the depth limit: nested deeper than 64 levels$/,
    );
    expect(r.stdout).not.toContain('! the reply'); // said once, not twice
    // Not MCP as far as the scanner could read: the scan could not be done (exit 3), quickly.
    expect(r.code).toBe(3);
  }, 30_000);
});

describe('a reply over the per-message size', () => {
  it('is refused when it crosses the cap, before its newline arrives; carrying no id, it ends the wait in flight', async () => {
    const s = await scanCommand([FIXTURE, '--flaw', 'huge-line'], {
      limits: { maxStdoutBytes: 200 * 1024 * 1024 },
    });
    const launch = s.evidence.stdio!.launches[0]!;
    expect(launch.refused![0]).toMatchObject({ limit: 'message-bytes', id: null });
    expect(launch.refused![0]!.detail).toBe(`a line over ${4 * 1024 * 1024} bytes`);
    // The huge line is not a reply: it carries no id, so it ends whatever waited (the era probe).
    const discover = launch.exchanges[0]!;
    expect(discover.error?.code).toBe('too-large');
    expect(discover.answer).toBe(launch.refused![0]!.seq);
    const cut = launch.lines.find((l) => l.seq === launch.refused![0]!.seq)!;
    expect(cut).toMatchObject({ framing: 'too-long', truncated: true, bytes: 100 * (1 << 20) });
  }, 30_000);
});
