/**
 * A launched server process as the runner sees it (docs/stdio.md#safety-launching-a-server-runs-its-code),
 * whichever way it was started: directly in its own process group (here), or inside the sandbox
 * under a supervisor (./supervised-child.ts). Either way the runner gets the server's stdio, its
 * exit, a way to signal its process group, and, after it exited, the processes it left running,
 * ended and recorded.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

import { groupAlive, signalGroup, sleep } from './group.js';
import { endLaunchProcesses } from './sweep.js';

export interface ServerExit {
  readonly code: number | null;
  readonly signal: string | null;
}

/** What was left running after the server exited (the runner redacts the commands). */
export interface LeftBehindReport {
  readonly method: 'pid-namespace' | 'marker-sweep' | 'process-group';
  readonly count: number;
  /** How many of them were in the server's process group. */
  readonly inGroup: number;
  readonly commands: readonly string[];
  readonly ended: 'sigterm' | 'sigkill' | 'namespace' | null;
}

/** One launch as given to a launcher: the server's command and environment, and its directories. */
export interface LaunchSpec {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
  readonly throwawayCwd: boolean;
  readonly home: string;
  /** The launch's throwaway directory (holding `home`, and `cwd` when it is throwaway). */
  readonly workDir: string;
  /** The value of the launch marker (./sweep.ts), also in `env`. */
  readonly marker: string;
}

/** Starts launches: directly (with an optional prefix such as `unshare -n`) or in the sandbox. */
export interface Launcher {
  open(spec: LaunchSpec): ServerChild;
}

export interface ServerChild {
  readonly stdin: Writable | null;
  readonly stdout: Readable | null;
  readonly stderr: Readable | null;
  /** Resolves once the server runs (null) or could not start (the reason). */
  started(): Promise<string | null>;
  /** Called once, when the server itself exits (listeners added later are called at once). */
  onExit(listener: (exit: ServerExit) => void): void;
  /** Signals the server's process group. */
  signal(sig: 'SIGTERM' | 'SIGKILL'): void;
  /** After the server exited: ends what it left running (SIGTERM, grace, SIGKILL) and says what that was. */
  endRest(graceMs: number): Promise<LeftBehindReport | null>;
  /** Kills everything at once (a flood, the deadline, the scanner exiting). */
  killAll(): void;
}

/** Base for both kinds: the exit is remembered, so a late listener still hears it. */
export abstract class ExitNotifier {
  private exitInfo: ServerExit | null = null;
  private listeners: ((exit: ServerExit) => void)[] = [];

  onExit(listener: (exit: ServerExit) => void): void {
    if (this.exitInfo) listener(this.exitInfo);
    else this.listeners.push(listener);
  }

  protected get serverExited(): boolean {
    return this.exitInfo !== null;
  }

  protected emitExit(exit: ServerExit): void {
    if (this.exitInfo) return;
    this.exitInfo = exit;
    this.listeners.splice(0).forEach((l) => l(exit));
  }
}

/** Today's launch: the command (behind `prefix`) leads its own process group. */
export class DirectChild extends ExitNotifier implements ServerChild {
  private readonly child: ChildProcess | null = null;
  private readonly start: Promise<string | null>;

  constructor(
    private readonly spec: LaunchSpec,
    prefix: readonly string[],
  ) {
    super();
    const [file, ...args] = [...prefix, spec.command, ...spec.args];
    try {
      this.child = spawn(file!, args, {
        cwd: spec.cwd,
        env: { ...spec.env },
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
        windowsHide: true,
      });
    } catch (err) {
      this.start = Promise.resolve(err instanceof Error ? err.message : String(err));
      return;
    }
    const child = this.child;
    child.stdin!.on('error', () => undefined);
    child.on('exit', (code, signal) => this.emitExit({ code, signal }));
    this.start = new Promise((resolve) => {
      child.once('spawn', () => resolve(null));
      child.once('error', (err) => resolve(err.message));
    });
  }

  get stdin(): Writable | null {
    return this.child?.stdin ?? null;
  }
  get stdout(): Readable | null {
    return this.child?.stdout ?? null;
  }
  get stderr(): Readable | null {
    return this.child?.stderr ?? null;
  }

  started(): Promise<string | null> {
    return this.start;
  }

  signal(sig: 'SIGTERM' | 'SIGKILL'): void {
    signalGroup(this.child, sig);
  }

  killAll(): void {
    signalGroup(this.child, 'SIGKILL');
  }

  async endRest(graceMs: number): Promise<LeftBehindReport | null> {
    const pid = this.child?.pid;
    if (pid === undefined) return null;
    if (process.platform === 'linux') {
      const r = await endLaunchProcesses(pid, this.spec.marker, graceMs);
      return {
        method: 'marker-sweep',
        count: r.found.length,
        inGroup: r.found.filter((p) => p.pgid === pid).length,
        commands: r.found.slice(0, 20).map((p) => p.command),
        ended: r.ended,
      };
    }
    // Elsewhere only the group can be seen, and only whether anything in it still runs.
    if (!groupAlive(this.child)) return groupReport(0, null);
    signalGroup(this.child, 'SIGTERM');
    for (let t = 0; t < graceMs && groupAlive(this.child); t += 100) await sleep(100);
    if (!groupAlive(this.child)) return groupReport(1, 'sigterm');
    signalGroup(this.child, 'SIGKILL');
    for (let t = 0; t < 1_000 && groupAlive(this.child); t += 50) await sleep(50);
    return groupReport(1, 'sigkill');
  }
}

function groupReport(count: number, ended: LeftBehindReport['ended']): LeftBehindReport {
  return { method: 'process-group', count, inGroup: count, commands: [], ended };
}
