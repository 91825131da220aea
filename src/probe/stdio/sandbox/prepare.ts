/**
 * `--sandbox`, decided once per scan before anything is launched (docs/stdio.md#sandbox).
 *
 * - `strict` (`--sandbox`): the server runs in new user (unprivileged scans), mount, PID, network,
 *   IPC and UTS namespaces with the filesystem of ./layout.ts, under the supervisor — built by a
 *   system `bwrap` for an unprivileged user where one is installed, else by util-linux (./unshare.ts),
 *   always by util-linux for root (so that the server runs as `nobody`). The sandbox is tried
 *   first (./preflight.ts); when no way holds every promise the scan is refused
 *   (`SandboxUnavailable`, exit 2) with the reasons and how to enable it.
 * - `best-effort` (`--sandbox=best-effort`): the same when it can be had; otherwise what was
 *   there before — no network where `unshare -n` works, else nothing — with a warning first.
 * - `off`: the server runs directly, in its own process group.
 *
 * The launch API takes paths to map read-only (`readOnly`), so a package installed into a
 * throwaway prefix can be launched inside the sandbox with its directory mapped.
 */
import { spawnSync } from 'node:child_process';
import { chownSync, mkdirSync } from 'node:fs';

import type { StdioSandbox } from '../../../evidence/stdio-types.js';
import type { StdioCommand } from '../../../targets/target.js';
import type { LaunchSpec, Launcher, ServerChild } from '../server-child.js';
import { DirectChild } from '../server-child.js';
import type { SandboxCommand } from '../supervised-child.js';
import { SupervisedChild } from '../supervised-child.js';
import { MARKER_NAME } from '../sweep.js';
import { bwrapCommand } from './bwrap.js';
import { enableHints, refusalMessage } from './diagnose.js';
import type { SandboxLayout } from './layout.js';
import { sandboxLayout } from './layout.js';
import { preflight } from './preflight.js';
import { SUPERVISOR_SOURCE } from './supervisor-source.js';
import { BWRAP, findOnPath, shellPath, utilLinuxTools } from './tools.js';
import type { NamespacePaths } from './unshare.js';
import { NOBODY, unshareCommand } from './unshare.js';

export type SandboxMode = 'off' | 'strict' | 'best-effort';

/** `--sandbox` was asked for and cannot be applied: nothing was launched (the CLI exits 2). */
export class SandboxUnavailable extends Error {}

export interface SandboxRequest {
  readonly mode: SandboxMode;
  readonly command: StdioCommand;
  /** Paths the server needs besides those on its command line, mapped read-only. */
  readonly readOnly?: readonly string[];
  /** How long what the server left running gets between SIGTERM and SIGKILL. */
  readonly graceMs: number;
  /** Told before anything is launched when `best-effort` could not have the sandbox. */
  readonly onWarning?: (message: string) => void;
}

export interface PreparedSandbox {
  readonly launcher: Launcher;
  readonly evidence: StdioSandbox;
}

type Backend = 'bwrap' | 'unshare';

const NOT_REQUESTED: StdioSandbox = {
  requested: false,
  applied: false,
  detail: 'not requested',
  mode: 'off',
  method: null,
};

export async function prepareSandbox(req: SandboxRequest): Promise<PreparedSandbox> {
  if (req.mode === 'off') return { launcher: new DirectLauncher([]), evidence: NOT_REQUESTED };
  const asRoot = process.getuid?.() === 0;
  const failures: string[] = [];
  let missing: readonly string[] = [];
  if (process.platform !== 'linux') failures.push(`not available on ${process.platform}`);
  else {
    const layout = sandboxLayout({
      command: req.command.command,
      args: req.command.args,
      cwd: req.command.cwd,
      pathEnv: process.env['PATH'],
      ...(req.readOnly ? { readOnly: req.readOnly } : {}),
    });
    for (const backend of backendsFor(asRoot)) {
      const launcher = namespaceLauncher(backend, layout, asRoot, req.graceMs);
      if ('missing' in launcher) {
        missing = launcher.missing;
        failures.push(`${backend}: not installed (${launcher.missing.join(', ')} missing)`);
        continue;
      }
      const why = await preflight((spec, line) => launcher.openWith(spec, line), layout);
      if (why === null) return { launcher, evidence: appliedEvidence(req, backend, layout, asRoot) };
      failures.push(`${backend}: ${why}`);
    }
  }
  if (req.mode === 'strict')
    throw new SandboxUnavailable(refusalMessage(failures, enableHints(asRoot, missing)));
  return bestEffort(req, failures);
}

/** bubblewrap for an unprivileged user where installed; root always builds it with util-linux. */
function backendsFor(asRoot: boolean): Backend[] {
  if (asRoot || findOnPath(BWRAP, process.env['PATH']) === null) return ['unshare'];
  return ['bwrap', 'unshare'];
}

function namespaceLauncher(
  backend: Backend,
  layout: SandboxLayout,
  asRoot: boolean,
  graceMs: number,
): NamespaceLauncher | { readonly missing: readonly string[] } {
  const supervisor = [process.execPath, '-e', SUPERVISOR_SOURCE, '--'];
  if (backend === 'bwrap') {
    const bwrap = findOnPath(BWRAP, process.env['PATH']);
    if (bwrap === null) return { missing: [BWRAP] };
    return new NamespaceLauncher((p) => bwrapCommand(bwrap, layout, p, supervisor), asRoot, graceMs);
  }
  const found = utilLinuxTools(process.env['PATH']);
  if ('missing' in found) return found;
  const shell = shellPath();
  return new NamespaceLauncher(
    (p) => unshareCommand(found.tools, shell, layout, p, supervisor, asRoot),
    asRoot,
    graceMs,
  );
}

/** Launches inside the sandbox: one new root mount point per launch, HOME owned by the server's user. */
class NamespaceLauncher implements Launcher {
  constructor(
    private readonly build: (paths: NamespacePaths) => SandboxCommand,
    private readonly asRoot: boolean,
    private readonly graceMs: number,
  ) {}

  open(spec: LaunchSpec): ServerChild {
    return this.openWith(spec, {
      command: spec.command,
      args: spec.args,
      env: spec.env,
      cwd: spec.cwd,
      graceMs: this.graceMs,
    });
  }

  openWith(spec: LaunchSpec, firstLine: unknown): SupervisedChild {
    const root = `${spec.workDir}/root`;
    mkdirSync(root, { recursive: true });
    if (this.asRoot) {
      chownSync(spec.home, NOBODY, NOBODY);
      if (spec.throwawayCwd) chownSync(spec.cwd, NOBODY, NOBODY);
    }
    const paths: NamespacePaths = { root, home: spec.home, cwd: spec.cwd, cwdWritable: spec.throwawayCwd };
    // The sandbox tool gets PATH and the marker only; the server's environment goes over fd 3.
    const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', [MARKER_NAME]: spec.marker };
    return new SupervisedChild(spec, this.build(paths), env, firstLine);
  }
}

/** Today's launch, optionally behind a prefix (`unshare -n --`). */
class DirectLauncher implements Launcher {
  constructor(private readonly prefix: readonly string[]) {}

  open(spec: LaunchSpec): ServerChild {
    return new DirectChild(spec, this.prefix);
  }
}

function appliedEvidence(
  req: SandboxRequest,
  backend: Backend,
  layout: SandboxLayout,
  asRoot: boolean,
): StdioSandbox {
  const users = asRoot ? '' : 'user, ';
  return {
    requested: true,
    applied: true,
    detail: `${backend}: ${users}mount, PID, network, IPC and UTS namespaces; read-only filesystem; no capabilities${asRoot ? '; run as nobody' : ''}`,
    mode: req.mode === 'strict' ? 'strict' : 'best-effort',
    method: backend,
    hidden: [...layout.hidden],
    mapped: layout.mapped.map((m) => (m.source === m.target ? m.target : `${m.target} (${m.source})`)),
    ...(layout.hiddenArgs.length ? { hiddenArgs: [...layout.hiddenArgs] } : {}),
    writable: req.command.cwd === null ? ['HOME', 'working directory'] : ['HOME'],
    user: asRoot ? 'nobody' : null,
  };
}

/** The sandbox could not be had: the network alone where `unshare -n` works, and a warning. */
function bestEffort(req: SandboxRequest, failures: readonly string[]): PreparedSandbox {
  const prefix = networkOnlyPrefix();
  const reason = failures.join('; ');
  const detail = prefix
    ? `only the network was removed (${prefix.slice(1, -1).join(' ')}): ${reason}`
    : `nothing was applied: ${reason}`;
  req.onWarning?.(
    `--sandbox=best-effort: the sandbox could not be applied, ${prefix ? 'so the server runs without network but with your files in reach' : 'so the server runs with the network and your files in reach'} (${reason})`,
  );
  return {
    launcher: new DirectLauncher(prefix ?? []),
    evidence: {
      requested: true,
      applied: false,
      detail,
      mode: 'best-effort',
      method: prefix ? 'unshare-net' : null,
    },
  };
}

/** `unshare -n --` (or `-r -n` for an unprivileged user) when it works here, else null. */
function networkOnlyPrefix(): string[] | null {
  if (process.platform !== 'linux') return null;
  const unshare = findOnPath('unshare', process.env['PATH']);
  if (unshare === null) return null;
  for (const flags of [['-n'], ['-r', '-n']]) {
    const r = spawnSync(unshare, [...flags, '--', 'true'], { stdio: 'ignore', timeout: 5_000 });
    if (r.status === 0) return [unshare, ...flags, '--'];
  }
  return null;
}
