/**
 * The sandbox is tried before anything is launched (docs/stdio.md#sandbox): built exactly as a
 * launch would be, with the supervisor reporting what a server inside would see instead of
 * starting one. Each promise is then checked against that report — first process of a new PID
 * namespace with a /proc of its own, no network interface but loopback and the host's loopback listener out of reach, the
 * hidden directories empty but for the mapped paths, nothing writable but HOME — so a sandbox tool
 * that silently did less (an old version, a wrapper that ignores its options) is refused too.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Readable } from 'node:stream';

import type { LaunchSpec } from '../server-child.js';
import type { SupervisedChild } from '../supervised-child.js';
import type { SandboxLayout } from './layout.js';
import { within } from './layout.js';

/** How long the probe may take (a loaded machine starts Node slowly). */
const PREFLIGHT_MS = 15_000;

/** Opens the sandbox for a launch spec, telling the supervisor `firstLine` instead of a launch. */
export type ProbeOpener = (spec: LaunchSpec, firstLine: unknown) => SupervisedChild;

/** Null when the sandbox holds every promise, else what it failed. */
export async function preflight(open: ProbeOpener, layout: SandboxLayout): Promise<string | null> {
  const workDir = mkdtempSync(join(tmpdir(), 'mcp-posture-preflight-'));
  const home = join(workDir, 'home');
  const cwd = join(workDir, 'cwd');
  mkdirSync(home);
  mkdirSync(cwd);
  const listener = createServer((s) => s.destroy());
  try {
    const port = await new Promise<number>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(0, '127.0.0.1', () => resolve((listener.address() as AddressInfo).port));
    });
    const spec: LaunchSpec = {
      command: '',
      args: [],
      env: {},
      cwd,
      throwawayCwd: true,
      home,
      workDir,
      marker: randomUUID(),
    };
    const readOnly = [
      '/',
      '/usr',
      '/etc',
      ...layout.hidden,
      ...layout.mapped.filter((m) => m.dir).map((m) => m.target),
    ];
    const child = open(spec, { probe: { hidden: layout.hidden, readOnly, home, port } });
    let ended = '';
    child.onExit((e) => (ended = e.signal ? `signal ${e.signal}` : `exit code ${String(e.code)}`));
    const stderr = head(child.stderr, 2_000);
    child.stdout?.resume();
    if (!(await child.waitSandboxExit(PREFLIGHT_MS))) {
      child.killAll();
      await child.waitSandboxExit(1_000);
    }
    const report = child.probeReport;
    if (report === null) {
      const said = stderr().trim().replace(/\s+/g, ' ');
      return `the sandbox did not start${ended ? ` (${ended})` : ''}${said ? `: ${said}` : ''}`;
    }
    return verify(report, layout, spec);
  } catch (err) {
    return `the sandbox could not be tried: ${err instanceof Error ? err.message : String(err)}`;
  } finally {
    listener.close();
    rmSync(workDir, { recursive: true, force: true });
  }
}

function verify(report: Record<string, unknown>, layout: SandboxLayout, spec: LaunchSpec): string | null {
  if (report['pid'] !== 1) return 'the server would not be the first process of a new PID namespace';
  if (report['proc'] !== '1') return "/proc shows another PID namespace's processes";
  const ifaces = Array.isArray(report['ifaces']) ? report['ifaces'].map(String) : ['?'];
  const foreign = ifaces.filter((i) => i !== 'lo');
  if (foreign.length > 0) return `the network namespace still has interfaces: ${foreign.join(', ')}`;
  if (report['connected'] !== false) return "a listener on the host's loopback was reachable";
  const writable = Array.isArray(report['writable']) ? report['writable'].map(String) : [];
  const extra = writable.filter((w) => w !== spec.home);
  if (extra.length > 0) return `the filesystem is writable at ${extra.join(', ')}`;
  if (!writable.includes(spec.home)) return 'the throwaway HOME is not writable';
  const entries = (report['entries'] ?? {}) as Record<string, unknown>;
  for (const h of layout.hidden) {
    const seen = entries[h];
    if (!Array.isArray(seen)) return `${h} could not be read inside the sandbox`;
    const allowed = expectedEntries(h, [...layout.mapped.map((m) => m.target), spec.home, spec.cwd]);
    const shown = seen.map(String).filter((e) => !allowed.has(e));
    if (shown.length > 0) return `${h} is not hidden (it shows ${shown.slice(0, 3).join(', ')})`;
  }
  return null;
}

/** The names a hidden directory may show: the first step towards each path mapped into it. */
function expectedEntries(hidden: string, paths: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const p of paths) if (within(hidden, p) && p !== hidden) names.add(relative(hidden, p).split('/')[0]!);
  return names;
}

/** The first `max` characters a stream yields. */
function head(stream: Readable | null, max: number): () => string {
  let text = '';
  stream?.setEncoding('utf8');
  stream?.on('data', (c: string) => {
    if (text.length < max) text += c.slice(0, max - text.length);
  });
  return () => text;
}
