/**
 * An install with `--ignore-scripts` (the README's quick start) leaves better-sqlite3's native
 * module unbuilt: opening a SQLite history then says how to build it, or to use PostgreSQL,
 * instead of the module's own "bindings file" error. The module is replaced by one that fails
 * the way an unbuilt better-sqlite3 does (its constructor throws).
 */
import { join } from 'node:path';
import { tmpdir } from 'node:os';

import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('better-sqlite3');
  vi.resetModules();
});

describe('a SQLite history without the native module', () => {
  it('says to run npm rebuild better-sqlite3 or to give a PostgreSQL URL', async () => {
    vi.resetModules();
    vi.doMock('better-sqlite3', () => ({
      default: class {
        constructor() {
          throw new Error('Could not locate the bindings file. Tried: build/better_sqlite3.node');
        }
      },
    }));
    const { openHistory } = await import('../../src/fleet/db/open.js');
    await expect(openHistory(join(tmpdir(), 'never-created.sqlite'))).rejects.toThrow(
      /npm rebuild better-sqlite3.*PostgreSQL URL/,
    );
  });

  it('any other error is left as it is', async () => {
    vi.resetModules();
    vi.doMock('better-sqlite3', () => ({
      default: class {
        constructor() {
          throw new Error('unable to open database file');
        }
      },
    }));
    const { openHistory } = await import('../../src/fleet/db/open.js');
    await expect(openHistory(join(tmpdir(), 'never-created.sqlite'))).rejects.toThrow(
      /: unable to open database file$/,
    );
  });
});
