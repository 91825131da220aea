/**
 * `scan --stdio` on real, pinned MCP server packages (the reference servers of the official
 * organisation): each is detected, graded, and free of stdio-transport findings. The packages run
 * in the scanner's throwaway HOME and working directory, so their script is given by absolute path.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { runCli } from '../helpers/cli.js';
import { binOf, CORPUS } from '../surface/corpus.js';

const SERVERS = [
  '@modelcontextprotocol/server-everything',
  '@modelcontextprotocol/server-memory',
  '@modelcontextprotocol/server-filesystem',
];

const dir = mkdtempSync(join(tmpdir(), 'mcpp-real-stdio-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Report {
  outcome: string;
  target: { url: string; transport: string; revision: { value: string | null } };
  results: { checkId: string; status: string; severity: string | null; key?: string }[];
}

/** `scan --format json --stdio [--sandbox] -- node <the package's bin> <its arguments>`. */
function scanReal(pkg: string, opts: { sandbox?: boolean; dataDir?: string } = {}) {
  const server = CORPUS.find((s) => s.pkg === pkg)!;
  const env = Object.entries(server.env ?? {}).flatMap(([k, v]) => ['--env', `${k}=${v}`]);
  const args = server.args?.(opts.dataDir ?? dir) ?? [];
  // The data directory may lie in a hidden directory (a checkout under /tmp): the user maps it.
  const flags = opts.sandbox ? ['--sandbox', ...(opts.dataDir ? ['--sandbox-map', opts.dataDir] : [])] : [];
  return runCli([
    'scan',
    '--format',
    'json',
    '--stdio',
    ...flags,
    ...env,
    '--',
    process.execPath,
    binOf(server).path,
    ...args,
  ]);
}

describe('scan --stdio on real servers', () => {
  for (const pkg of SERVERS) {
    it(`${pkg}: detected and graded, no stdio-transport finding, nothing above info but TOOL18`, async () => {
      const r = await scanReal(pkg);
      expect(r.code, r.stderr).toBe(0);
      const report = JSON.parse(r.stdout) as Report;
      expect(report.outcome).toBe('graded');
      expect(report.target.transport).toBe('stdio');
      expect(report.target.revision.value).toBe('2025-11-25');
      const failed = report.results.filter((x) => x.status === 'fail');
      expect(failed.filter((x) => x.checkId.startsWith('MCPP-STDIO'))).toEqual([]);
      // The one finding above info is real: these servers run on SDK 1.x, which answers a call of an
      // unknown tool with an `isError` result instead of a JSON-RPC error (TOOL18, low).
      expect(failed.filter((x) => x.severity !== 'info').map((x) => x.checkId)).toEqual(['MCPP-TOOL18']);
      expect(failed.find((x) => x.checkId === 'MCPP-TOOL18')?.key).toBe('result');
      expect(report.results.filter((x) => x.status === 'error')).toEqual([]);
    }, 60_000);
  }

  it('inside --sandbox, server-memory and server-filesystem judge exactly as outside it', async () => {
    // The same directory in both runs (mapped read-only inside the sandbox).
    const dataDir = join(import.meta.dirname, '..', 'fixtures', 'stdio');
    const verdicts = (stdout: string) =>
      (JSON.parse(stdout) as Report).results.map((x) => `${x.checkId}:${x.status}:${x.key ?? ''}`).sort();
    for (const pkg of ['@modelcontextprotocol/server-memory', '@modelcontextprotocol/server-filesystem']) {
      const plain = await scanReal(pkg, { dataDir });
      const boxed = await scanReal(pkg, { dataDir, sandbox: true });
      expect(boxed.code, boxed.stderr).toBe(plain.code);
      const settings = (JSON.parse(boxed.stdout) as { settings: { sandbox: { applied: boolean } } }).settings;
      expect(settings.sandbox.applied).toBe(true);
      expect(verdicts(boxed.stdout)).toEqual(verdicts(plain.stdout));
    }
  }, 120_000);
});
