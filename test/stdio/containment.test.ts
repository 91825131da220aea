/**
 * A stdio scan contains what it launches (docs/stdio.md#sandbox, #every-process-ends): a daemon
 * that double-forks into a session of its own is ended and recorded with and without --sandbox;
 * under --sandbox a canary in the real home cannot be read by its absolute path, nothing outside
 * HOME can be written, and a listener on the host's loopback cannot be reached.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Evidence } from '../../src/evidence/types.js';
import { buildReport } from '../../src/report/build-report.js';
import { renderText } from '../../src/report/text.js';
import { evaluateAll } from '../../src/engine/run.js';
import { ESCAPE, escapeReport, markedProcesses, scanCommand } from './helpers.js';

const tag = `${process.pid}-${Date.now()}`;
const canary = join(homedir(), `.mcp-posture-canary-${tag}`);
const tmpCanary = join(tmpdir(), `mcp-posture-canary-${tag}`);
const outside = [
  join(tmpdir(), `mcp-posture-escape-${tag}`),
  join(homedir(), `.mcp-posture-escape-${tag}`),
  join(import.meta.dirname, `escape-${tag}.txt`),
];
let listener: Server;
let port = 0;
let connections = 0;

beforeAll(async () => {
  writeFileSync(canary, 'canary-in-the-real-home');
  writeFileSync(tmpCanary, 'canary-in-tmp');
  listener = createServer((s) => {
    connections++;
    s.destroy();
  });
  await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
  port = (listener.address() as AddressInfo).port;
});
afterAll(() => {
  for (const f of [canary, tmpCanary, ...outside]) rmSync(f, { force: true });
  listener.close();
});

const escapeArgs = () => [
  ESCAPE,
  '--daemon',
  '--read',
  canary,
  '--read',
  tmpCanary,
  ...outside.flatMap((f) => ['--write', f]),
  '--write',
  '~/inside-home',
  '--connect',
  String(port),
];

describe('every process ends', () => {
  it('without --sandbox: a daemon in its own session is found by the launch marker, ended, recorded; STDIO07 fails', async () => {
    const s = await scanCommand([ESCAPE, '--daemon']);
    const launch = s.evidence.stdio!.launches[0]!;
    const seen = escapeReport(launch);
    expect(seen.daemon).toBe(true);
    const left = launch.shutdown.leftBehind!;
    expect(left.method).toBe('marker-sweep');
    expect(left.count).toBe(1);
    expect(left.commands[0]).toContain('setInterval');
    // It ignores SIGTERM: only SIGKILL ended it.
    expect(left.ended).toBe('sigkill');
    expect(launch.shutdown.groupSurvivors).toBe(false);
    expect(markedProcesses(seen.marker)).toEqual([]);
    expect(s.failKeys('MCPP-STDIO07')).toEqual(['left-behind']);
  }, 60_000);

  it('a well-behaved server leaves nothing: STDIO07 passes', async () => {
    const s = await scanCommand([ESCAPE]);
    const left = s.evidence.stdio!.launches[0]!.shutdown.leftBehind!;
    expect(left).toEqual({ method: 'marker-sweep', count: 0, commands: [], ended: null });
    expect(s.status('MCPP-STDIO07')).toBe('pass');
  }, 60_000);
});

describe('--sandbox', () => {
  let ev: Evidence;
  let seen: ReturnType<typeof escapeReport>;
  beforeAll(async () => {
    const s = await scanCommand(escapeArgs(), { sandbox: 'strict' });
    ev = s.evidence;
    seen = escapeReport(ev.stdio!.launches[0]!);
  }, 60_000);

  it('is applied, and says what it hid, mapped and left writable', () => {
    const sb = ev.stdio!.sandbox;
    expect(sb).toMatchObject({ requested: true, applied: true, mode: 'strict' });
    expect(sb.hidden).toEqual(expect.arrayContaining([homedir(), '/root', '/home', '/run']));
    expect(sb.hidden!.some((h) => tmpdir().startsWith(h))).toBe(true);
    expect(sb.writable).toEqual(['HOME', 'working directory']);
  });

  it('the daemon ends with the PID namespace, and is recorded; nothing with the marker is left', () => {
    expect(seen.daemon).toBe(true);
    // Inside a new PID namespace the server's pid is small; outside it is the host's.
    expect(seen.pid).toBeLessThan(1_000);
    const left = ev.stdio!.launches[0]!.shutdown.leftBehind!;
    expect(left.method).toBe('pid-namespace');
    expect(left.count).toBe(1);
    expect(left.commands[0]).toContain('setInterval');
    expect(markedProcesses(seen.marker)).toEqual([]);
  });

  it('a canary in the real home and one in the temporary directory cannot be read by their absolute paths', () => {
    expect(seen.reads).toEqual([
      { file: canary, ok: false, code: 'ENOENT' },
      { file: tmpCanary, ok: false, code: 'ENOENT' },
    ]);
  });

  it('nothing outside HOME can be written; HOME can', () => {
    const codes = seen.writes.map((w) => (w.ok ? 'ok' : w.code));
    expect(codes).toEqual(['EROFS', 'EROFS', 'EROFS', 'ok']);
    for (const f of outside) expect(existsSync(f)).toBe(false);
  });

  it("a listener on the host's loopback cannot be reached", () => {
    expect(seen.connect).toMatchObject({ ok: false });
    expect(connections).toBe(0);
  });

  it('the text report lists what was hidden', () => {
    const text = renderText(buildReport(ev, evaluateAll(ev)));
    const line = text.split('\n').find((l) => l.startsWith('  sandbox applied'));
    expect(line).toContain(`hidden: `);
    expect(line).toContain(homedir());
    expect(line).toContain('writable: HOME, working directory');
  });
});

describe('unsandboxed, for comparison', () => {
  it('the same server reads the canary and reaches the listener (the fixture is not toothless)', async () => {
    const before = connections;
    const s = await scanCommand(escapeArgs());
    const seen = escapeReport(s.evidence.stdio!.launches[0]!);
    expect(seen.reads[0]).toMatchObject({ ok: true, value: 'canary-in-the-real-home' });
    expect(seen.connect).toEqual({ ok: true });
    // Each launch of the scan (the handshake, LEG02's bogus-version initialize) runs the server once.
    expect(connections).toBe(before + s.evidence.stdio!.launches.length);
    expect(readFileSync(outside[0]!, 'utf8')).toBe('escaped');
    for (const f of outside) rmSync(f, { force: true });
  }, 60_000);
});
