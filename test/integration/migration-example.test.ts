/**
 * docs/examples/migration-sdk1.md is the migration report of a real scan of the
 * SDK 1.x server, with the random port and the clock fixed. The test re-scans
 * and compares; to accept a change, run it with UPDATE_EXAMPLES=1 and review
 * the diff.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { scan } from '../../src/index.js';
import { renderMigration } from '../../src/report/migration.js';
import type { ScanReport } from '../../src/report/model.js';
import { startSdk1 } from '../fixtures/servers/sdk1.js';

const EXAMPLE = join(import.meta.dirname, '..', '..', 'docs', 'examples', 'migration-sdk1.md');
const FIXED_URL = 'http://127.0.0.1:3000/mcp';
const FIXED_TIME = '2026-01-01T00:00:00.000Z';

/** The scan with what differs between runs (port, time) pinned. */
function pinned(report: ScanReport): ScanReport {
  return { ...report, generatedAt: FIXED_TIME, target: { ...report.target, url: FIXED_URL } };
}

describe('migration example', () => {
  it('docs/examples/migration-sdk1.md is the migration report of the SDK 1.x server', async () => {
    const server = await startSdk1({ responseMode: 'json', hostValidation: true });
    let text: string;
    try {
      text = renderMigration(pinned((await scan({ url: server.url })).report));
    } finally {
      await server.close();
    }
    if (process.env['UPDATE_EXAMPLES'] === '1') writeFileSync(EXAMPLE, text);
    expect(text).toBe(readFileSync(EXAMPLE, 'utf8'));
    // What a 2026-07-28-only client would hit, each item with a changelog or spec reference.
    for (const title of ['No `server/discover`', 'Protocol sessions are gone', 'JSON-RPC batches'])
      expect(text).toContain(title);
    expect(text).toContain('2026-07-28/changelog');
  });
});
