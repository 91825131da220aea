import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { journalState, openJournalWriter, readJournal } from '../../src/fleet/journal.js';
import { failedRecord } from '../../src/fleet/record.js';
import type { FleetTarget } from '../../src/fleet/record.js';

const target = (n: number): FleetTarget => ({
  url: `https://t${n}.example/mcp`,
  name: null,
  source: 'file',
  registry: null,
});
const dir = mkdtempSync(join(tmpdir(), 'posture-journal-'));

async function lines(file: string): Promise<string[]> {
  const out: string[] = [];
  for await (const l of readJournal(file)) out.push(l.record.target.url);
  return out;
}

describe('journal', () => {
  it('appends whole lines and reads them back with their run', async () => {
    const file = join(dir, 'a.ndjson');
    const w = openJournalWriter(file, 'run-1');
    w.append(failedRecord(target(1), new Date(), 'x', 1));
    w.append(failedRecord(target(2), new Date(), 'y', 1));
    w.close();
    expect(readFileSync(file, 'utf8').split('\n')).toHaveLength(3);
    const state = await journalState(file);
    expect(state.runId).toBe('run-1');
    expect([...state.done]).toEqual([target(1).url, target(2).url]);
  });

  it('ignores a torn last line, and the next writer cuts it before appending', async () => {
    const file = join(dir, 'torn.ndjson');
    const w = openJournalWriter(file, 'run-2');
    w.append(failedRecord(target(1), new Date(), 'x', 1));
    w.close();
    // A kill in the middle of a write: half a line, no newline.
    appendFileSync(file, '{"v":1,"runId":"run-2","record":{"target":{"url":"https://t2');
    expect(await lines(file)).toEqual([target(1).url]);
    const again = openJournalWriter(file, 'run-2');
    again.append(failedRecord(target(3), new Date(), 'z', 1));
    again.close();
    expect(await lines(file)).toEqual([target(1).url, target(3).url]);
    expect(readFileSync(file, 'utf8')).not.toContain('https://t2');
  });

  it('refuses a journal of two runs and a file that is not a journal', async () => {
    const file = join(dir, 'two.ndjson');
    openJournalWriter(file, 'a').append(failedRecord(target(1), new Date(), 'x', 1));
    openJournalWriter(file, 'b').append(failedRecord(target(2), new Date(), 'x', 1));
    await expect(journalState(file)).rejects.toThrow(/more than one run/);
    const bad = join(dir, 'bad.ndjson');
    writeFileSync(bad, 'hello\n');
    await expect(journalState(bad)).rejects.toThrow(/line 1 is not JSON/);
    expect((await journalState(join(dir, 'missing.ndjson'))).runId).toBeNull();
  });

  it('reads a line keyed by a URL as typed through the target identity (journals of older versions)', async () => {
    const file = join(dir, 'typed.ndjson');
    const w = openJournalWriter(file, 'run-3');
    w.append(failedRecord({ ...target(1), url: 'HTTPS://T1.Example:443/mcp#x' }, new Date(), 'x', 1));
    w.close();
    expect([...(await journalState(file)).done]).toEqual([target(1).url]);
  });
});
