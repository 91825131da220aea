/**
 * `--sandbox` run by an unprivileged user (docs/stdio.md#sandbox): the built CLI runs as `nobody`
 * (through `setpriv` when the tests run as root, as here and in CI; as the user otherwise) and
 * builds the sandbox in a user namespace — with util-linux, and with bubblewrap where one is
 * available. A bubblewrap that ignores its options is caught by the trial run and refused.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Evidence } from '../../src/evidence/types.js';
import { findOnPath } from '../../src/probe/stdio/sandbox/tools.js';
import type { BuiltScanner } from '../helpers/hostile-run.js';
import { buildScanner } from '../helpers/hostile-run.js';
import { ESCAPE, escapeReport } from './helpers.js';

const asRoot = process.getuid?.() === 0;
/** Root drops to nobody; anyone else already is an unprivileged user. */
const AS_USER = asRoot ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', '--'] : [];
const BWRAP = process.env['MCP_POSTURE_TEST_BWRAP'] ?? findOnPath('bwrap', process.env['PATH']);

let built: BuiltScanner;
let dir: string;
let listener: Server;
let port = 0;
let connections = 0;

beforeAll(async () => {
  built = buildScanner();
  chmodSync(built.dir, 0o755);
  expectReadableByUser([join(built.dir, 'dist', 'cli', 'bin.js'), ESCAPE]);
  dir = mkdtempSync(join(tmpdir(), 'stdio-unprivileged-'));
  chmodSync(dir, 0o777);
  listener = createServer((s) => {
    connections++;
    s.destroy();
  });
  await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
  port = (listener.address() as AddressInfo).port;
}, 120_000);
afterAll(() => {
  built?.cleanup();
  rmSync(dir, { recursive: true, force: true });
  listener?.close();
});

/**
 * The unprivileged user must reach the built CLI and the fixture: a checkout below a directory it
 * cannot enter (`mktemp -d` makes them 0700) fails here with the reason, not later as a crash.
 */
function expectReadableByUser(files: readonly string[]): void {
  const probe = `for (const f of ${JSON.stringify(files)}) require('fs').accessSync(f, require('fs').constants.R_OK)`;
  const r = spawnSync(
    AS_USER[0] ?? process.execPath,
    [...AS_USER.slice(1), ...(AS_USER.length ? [process.execPath] : []), '-e', probe],
    {
      encoding: 'utf8',
    },
  );
  if (r.status !== 0)
    throw new Error(
      `the unprivileged user cannot read the checkout (${files.join(', ')}): make every parent directory of the checkout world-executable (chmod o+x), or check it out elsewhere\n${r.stderr}`,
    );
}

/** `node <built CLI> scan --sandbox … --stdio -- node <escape server>`, evidence saved to `saved`; its flags follow. */
function sandboxedScan(saved: string): string[] {
  const cli = join(built.dir, 'dist', 'cli', 'bin.js');
  return [process.execPath, cli, 'scan', '--sandbox', '--format', 'json', '--save-evidence', saved].concat([
    '--stdio',
    '--',
    process.execPath,
    ESCAPE,
  ]);
}

/** Runs `scan --sandbox` of the escape server as the unprivileged user, with `pathPrefix` first on PATH. */
async function scanAsUser(
  pathPrefix: string | null,
  tag: string,
): Promise<{ code: number | null; stderr: string; evidence: Evidence | null; canary: string }> {
  const home = mkdtempSync(join(dir, `home-${tag}-`));
  chmodSync(home, 0o755);
  const canary = join(home, 'canary');
  writeFileSync(canary, 'canary-in-the-home');
  const saved = join(dir, `${tag}.json`);
  const args = [
    ...AS_USER,
    ...sandboxedScan(saved),
    '--read',
    canary,
    '--write',
    join(dir, `escaped-${tag}`),
    '--write',
    '~/inside-home',
    '--connect',
    String(port),
  ];
  const env = {
    PATH: pathPrefix ? `${pathPrefix}:${process.env['PATH']}` : (process.env['PATH'] ?? ''),
    HOME: home,
  };
  const child = spawn(args[0]!, args.slice(1), { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const code = await new Promise<number | null>((done) => child.on('close', done));
  let evidence: Evidence | null = null;
  try {
    evidence = JSON.parse(readFileSync(saved, 'utf8')) as Evidence;
  } catch {
    evidence = null;
  }
  return { code, stderr, evidence, canary };
}

function expectContained(run: Awaited<ReturnType<typeof scanAsUser>>): void {
  const seen = escapeReport(run.evidence!.stdio!.launches[0]!);
  expect(seen.reads).toEqual([{ file: run.canary, ok: false, code: 'ENOENT' }]);
  // The directory written to lies in the hidden temporary directory: inside, it does not exist.
  expect(seen.writes.map((w) => (w.ok ? 'ok' : w.code))).toEqual(['ENOENT', 'ok']);
  expect(existsSync(seen.writes[0]!.file)).toBe(false);
  expect(seen.connect).toMatchObject({ ok: false });
  expect(connections).toBe(0);
}

describe('as an unprivileged user', () => {
  it('the sandbox is built in a user namespace (bubblewrap where installed, else util-linux) and holds', async () => {
    const run = await scanAsUser(null, 'system');
    expect(run.stderr).not.toContain('cannot be applied');
    const sb = run.evidence!.stdio!.sandbox;
    expect(sb.method).toBe(findOnPath('bwrap', process.env['PATH']) === null ? 'unshare' : 'bwrap');
    expect(sb).toMatchObject({ applied: true, user: null });
    expect(sb.detail).toMatch(/^(unshare|bwrap): user, mount, PID, network, IPC and UTS namespaces/);
    expectContained(run);
  }, 60_000);

  it('a bubblewrap that ignores its options is caught by the trial run: exit 2, nothing launched', async () => {
    const bin = mkdtempSync(join(dir, 'lying-'));
    chmodSync(bin, 0o755);
    // It runs the command as is: no namespace, no mount.
    writeFileSync(
      join(bin, 'bwrap'),
      '#!/bin/sh\nwhile [ "$1" != "--" ]; do shift; done\nshift\nexec "$@"\n',
    );
    writeFileSync(join(bin, 'unshare'), '#!/bin/sh\nexit 1\n');
    chmodSync(join(bin, 'bwrap'), 0o755);
    chmodSync(join(bin, 'unshare'), 0o755);
    const run = await scanAsUser(bin, 'lying');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--sandbox cannot be applied here, so nothing was launched');
    expect(run.stderr).toContain('bwrap: the server would not be the first process of a new PID namespace');
    expect(run.evidence).toBeNull();
  }, 60_000);
});

describe('as an unprivileged user, with bubblewrap (MCP_POSTURE_TEST_BWRAP or bwrap on PATH)', () => {
  it('bwrap: the sandbox is built by bubblewrap and holds', async () => {
    // The test setup stops the run when bwrap is missing; it is never skipped.
    expect(BWRAP, 'bwrap is not on PATH: apt-get install -y bubblewrap').not.toBeNull();
    const run = await scanAsUser(dirname(BWRAP!), 'bwrap');
    expect(run.stderr).not.toContain('cannot be applied');
    const sb = run.evidence!.stdio!.sandbox;
    expect(sb).toMatchObject({ applied: true, method: 'bwrap', user: null });
    expectContained(run);
  }, 60_000);
});

describe('on a host whose /tmp and /run are tmpfs mounts of their own', () => {
  it("they are hidden all the same (a copied tmpfs is not taken for the sandbox's own)", async () => {
    const saved = join(built.dir, 'tmpfs-host.json');
    // A private mount namespace stands for such a host: fresh tmpfs on /tmp and /run, a canary in /tmp.
    const inner = [
      'set -e',
      'mount -t tmpfs tmpfs /tmp',
      'mount -t tmpfs tmpfs /run',
      'echo canary > /tmp/canary',
      `exec "$@"`,
    ].join('; ');
    const args = [
      ...(asRoot ? [] : ['--map-root-user']),
      '--mount',
      '--propagation',
      'private',
      '--',
      '/bin/sh',
      '-c',
      inner,
      'sh',
      ...sandboxedScan(saved),
      '--read',
      '/tmp/canary',
    ];
    const unshare = findOnPath('unshare', process.env['PATH']);
    if (unshare === null) throw new Error('util-linux unshare is needed to stand for such a host');
    const child = spawn(unshare, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    await new Promise((done) => child.on('close', done));
    expect(stderr).not.toContain('cannot be applied');
    const ev = JSON.parse(readFileSync(saved, 'utf8')) as Evidence;
    expect(ev.stdio!.sandbox.applied).toBe(true);
    expect(escapeReport(ev.stdio!.launches[0]!).reads).toEqual([
      { file: '/tmp/canary', ok: false, code: 'ENOENT' },
    ]);
  }, 60_000);
});
