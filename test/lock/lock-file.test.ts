/** The lock file: schema validation, refusals, safe and concurrent updates. */
import { mkdtempSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { prettyJson } from '../../src/lock/canonical.js';
import {
  emptyLock,
  entryFor,
  LockError,
  parseLock,
  readLock,
  serializeLock,
  updateLock,
} from '../../src/lock/file.js';
import { entry } from './pin-evidence.js';

const dir = () => mkdtempSync(join(tmpdir(), 'mcpp-lock-'));

describe('lock file', () => {
  it('a recorded entry round-trips and validates against schema/lock.schema.json', async () => {
    const file = join(dir(), 'mcp-posture.lock.json');
    const out = await updateLock(file, 'http://a.test/mcp', 'anonymous', entry(), true);
    expect(out).toEqual({ written: true, targets: 1 });
    const lock = readLock(file, false);
    expect(entryFor(lock, 'http://a.test/mcp', 'anonymous').baseline).toEqual(entry());
    expect(entryFor(lock, 'http://a.test/mcp', 'token')).toEqual({
      baseline: null,
      recordedContexts: ['anonymous'],
    });
    // Sorted and stable: serializing the parsed file gives the same bytes.
    expect(serializeLock(lock)).toBe(readFileSync(file, 'utf8'));
  });

  it('refuses a corrupted file and another schema version with a clear message, untouched', async () => {
    const d = dir();
    const corrupt = join(d, 'corrupt.json');
    writeFileSync(corrupt, '{"schemaVersion": 1, "targets": ');
    expect(() => readLock(corrupt, false)).toThrow(/not a lock file: not JSON/);
    await expect(updateLock(corrupt, 'http://a.test/mcp', 'anonymous', entry(), true)).rejects.toThrow(
      LockError,
    );
    expect(readFileSync(corrupt, 'utf8')).toBe('{"schemaVersion": 1, "targets": ');

    const future = join(d, 'future.json');
    writeFileSync(future, JSON.stringify({ schemaVersion: 2, targets: {} }));
    expect(() => readLock(future, false)).toThrow(
      /lock schema version 2 is not the version this mcp-posture reads \(1\)/,
    );

    expect(() =>
      parseLock(JSON.stringify({ schemaVersion: 1, targets: { x: { anonymous: { listable: 1 } } } }), 'f'),
    ).toThrow(/f: not a valid lock file: \/targets\/x\/anonymous/);
    expect(readdirSync(d).sort()).toEqual(['corrupt.json', 'future.json']);
  });

  it('a missing file is an error when comparing, an empty lock when recording', () => {
    const file = join(dir(), 'none.json');
    expect(() => readLock(file, false)).toThrow(/cannot read the lock file \(ENOENT\)/);
    expect(readLock(file, true)).toEqual(emptyLock());
  });

  it('keeps the other targets and contexts, and never replaces an entry with a failed scan', async () => {
    const file = join(dir(), 'l.json');
    await updateLock(file, 'http://a.test/mcp', 'anonymous', entry(), true);
    await updateLock(file, 'http://b.test/mcp', 'anonymous', entry(), true);
    await updateLock(file, 'http://a.test/mcp', 'token', entry({ authRequired: true }), true);
    const before = readFileSync(file, 'utf8');
    expect(
      await updateLock(file, 'http://a.test/mcp', 'anonymous', entry({ surface: null }), true),
    ).toMatchObject({
      written: false,
      reason: expect.stringMatching(/recorded entry was kept/),
    });
    expect(await updateLock(file, 'http://b.test/mcp', 'anonymous', entry(), false)).toMatchObject({
      written: false,
    });
    expect(readFileSync(file, 'utf8')).toBe(before);
    const lock = readLock(file, false);
    expect(Object.keys(lock.targets)).toEqual(['http://a.test/mcp', 'http://b.test/mcp']);
    expect(entryFor(lock, 'http://a.test/mcp', 'token').recordedContexts).toEqual(['anonymous', 'token']);
  });

  it('an unchanged surface keeps its entry and date: the file does not change', async () => {
    const file = join(dir(), 'u.json');
    await updateLock(file, 'http://a.test/mcp', 'anonymous', entry(), true);
    const before = readFileSync(file, 'utf8');
    const later = { ...entry(), recordedAt: '2026-02-02T00:00:00.000Z' };
    expect(await updateLock(file, 'http://a.test/mcp', 'anonymous', later, true)).toEqual({
      written: false,
      reason: 'http://a.test/mcp (anonymous) is unchanged since 2026-01-01T00:00:00.000Z',
    });
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(
      await updateLock(file, 'http://a.test/mcp', 'anonymous', entry({ authRequired: true }), true),
    ).toMatchObject({
      written: true,
    });
  });

  it('concurrent updates of different targets lose nothing', async () => {
    const file = join(dir(), 'c.json');
    const targets = Array.from({ length: 12 }, (_, i) => `http://t${i}.test/mcp`);
    await Promise.all(targets.map((t) => updateLock(file, t, 'anonymous', entry(), true)));
    const lock = readLock(file, false);
    expect(Object.keys(lock.targets).sort()).toEqual([...targets].sort());
    // No temporary file or guard is left behind.
    expect(readdirSync(join(file, '..'))).toEqual(['c.json']);
  });

  it('waits for another writer’s guard, then merges with what that writer wrote', async () => {
    const file = join(dir(), 'g.json');
    await updateLock(file, 'http://a.test/mcp', 'anonymous', entry(), true);
    // Another process holds the guard and is writing target b.
    writeFileSync(`${file}.lck`, '');
    let done = false;
    const pending = updateLock(file, 'http://c.test/mcp', 'anonymous', entry(), true).then((r) => {
      done = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 150));
    expect(done).toBe(false);
    const other = readLock(file, false);
    writeFileSync(
      file,
      serializeLock({ ...other, targets: { ...other.targets, 'http://b.test/mcp': { token: entry() } } }),
    );
    unlinkSync(`${file}.lck`);
    expect(await pending).toEqual({ written: true, targets: 3 });
    expect(Object.keys(readLock(file, false).targets)).toEqual([
      'http://a.test/mcp',
      'http://b.test/mcp',
      'http://c.test/mcp',
    ]);
  });

  it('the file form is the pretty canonical form: sorted keys, two spaces, final newline', () => {
    const text = serializeLock({ schemaVersion: 1, targets: { 'http://z/': { anonymous: entry() } } });
    expect(text).toBe(prettyJson(JSON.parse(text)));
    expect(text.indexOf('"schemaVersion"')).toBeLessThan(text.indexOf('"targets"'));
    expect(text.endsWith('}\n')).toBe(true);
  });
});
