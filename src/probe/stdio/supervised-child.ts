/**
 * A server launched inside the sandbox (docs/stdio.md#sandbox): the runner spawns the sandbox tool
 * (`unshare` or `bwrap`), whose last step is the supervisor (./sandbox/supervisor-source.ts), PID 1
 * of a new PID namespace. The server's stdio pass straight through; fd 3 carries the supervisor's
 * messages (the server's exit, what it left running) and the scanner's signals for the server's
 * group. Killing the sandbox tool's process group kills the supervisor, and with it the namespace.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import type { Duplex, Readable, Writable } from 'node:stream';

import type { LeftBehindReport, LaunchSpec, ServerChild } from './server-child.js';
import { ExitNotifier } from './server-child.js';
import { endLaunchProcesses } from './sweep.js';

/** What the supervisor said (one JSON object per line on fd 3). */
type SupervisorMessage =
  | { readonly t: 'spawned' }
  | { readonly t: 'spawn-error'; readonly message: string }
  | { readonly t: 'exit'; readonly code: number | null; readonly signal: string | null }
  | { readonly t: 'left'; readonly count: number; readonly group: number; readonly commands: string[] }
  | { readonly t: 'ended'; readonly how: 'sigterm' | 'namespace' }
  | { readonly t: 'probe'; readonly [k: string]: unknown };

/** How the sandbox is started: the tool and its arguments, ending with the supervisor. */
export interface SandboxCommand {
  readonly file: string;
  readonly args: readonly string[];
}

const MAX_CONTROL_BYTES = 1 << 20;
const START_LIMIT_MS = 30_000;

export class SupervisedChild extends ExitNotifier implements ServerChild {
  private readonly child: ChildProcess;
  private readonly start: Promise<string | null>;
  private settleStart: (error: string | null) => void = () => undefined;
  private buffered = '';
  private left: Extract<SupervisorMessage, { t: 'left' }> | null = null;
  private ended: 'sigterm' | 'namespace' | null = null;
  private sandboxExited = false;
  private readonly sandboxExitWaiters: (() => void)[] = [];
  /** The probe's report (./sandbox/preflight.ts), when the first line asked for one. */
  probeReport: Record<string, unknown> | null = null;

  /**
   * @param firstLine what the supervisor is told first: the launch, or `{ probe }` for the preflight.
   */
  constructor(
    private readonly spec: Pick<LaunchSpec, 'workDir' | 'marker'>,
    command: SandboxCommand,
    env: Readonly<Record<string, string>>,
    firstLine: unknown,
  ) {
    super();
    this.start = new Promise((resolve) => (this.settleStart = resolve));
    // A sandbox that never gets as far as the server (a mount that hangs) is given up on.
    const giveUp = setTimeout(() => {
      this.settleStart(`the sandbox did not start the server within ${START_LIMIT_MS / 1000} s`);
      this.killAll();
    }, START_LIMIT_MS);
    giveUp.unref();
    void this.start.then(() => clearTimeout(giveUp));
    this.child = spawn(command.file, [...command.args], {
      cwd: spec.workDir,
      env: { ...env },
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
      detached: true,
    });
    const child = this.child;
    const control = child.stdio[3] as Duplex;
    child.stdin?.on('error', () => undefined);
    control.on('error', () => undefined);
    control.setEncoding('utf8');
    control.on('data', (chunk: string) => this.onControl(chunk));
    child.once('spawn', () => control.write(`${JSON.stringify(firstLine)}\n`));
    child.once('error', (err) => {
      this.settleStart(`could not start the sandbox: ${err.message}`);
      this.emitExit({ code: null, signal: null });
      this.onSandboxExit();
    });
    child.once('exit', (code, signal) => {
      // Ended before the supervisor said anything: the sandbox itself failed (its stderr says why).
      this.settleStart(`the sandbox ended before the server started (${signal ?? `exit code ${code}`})`);
      this.emitExit({ code, signal });
      this.onSandboxExit();
    });
  }

  get stdin(): Writable | null {
    return this.child.stdin;
  }
  get stdout(): Readable | null {
    return this.child.stdout;
  }
  get stderr(): Readable | null {
    return this.child.stderr;
  }

  started(): Promise<string | null> {
    return this.start;
  }

  signal(sig: 'SIGTERM' | 'SIGKILL'): void {
    const control = this.child.stdio[3] as Duplex;
    if (!control.destroyed && control.writable) control.write(sig === 'SIGTERM' ? 'TERM\n' : 'KILL\n');
  }

  killAll(): void {
    const pid = this.child.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }

  /** Waits for the supervisor to finish with what the server left, then sweeps for the marker as a backstop. */
  async endRest(graceMs: number): Promise<LeftBehindReport | null> {
    if (!(await this.waitSandboxExit(graceMs + 3_000))) {
      this.killAll();
      await this.waitSandboxExit(1_000);
    }
    const backstop = await endLaunchProcesses(null, this.spec.marker, graceMs);
    const left = this.left;
    if (left === null && backstop.found.length === 0) return null;
    const count = (left?.count ?? 0) + backstop.found.length;
    return {
      method: 'pid-namespace',
      count,
      inGroup: left?.group ?? 0,
      commands: [...(left?.commands ?? []), ...backstop.found.map((p) => p.command)].slice(0, 20),
      ended: backstop.ended ?? this.ended ?? (count > 0 ? 'namespace' : null),
    };
  }

  /** Waits up to `ms` for the whole sandbox to end; true when it has. */
  async waitSandboxExit(ms: number): Promise<boolean> {
    if (this.sandboxExited) return true;
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(this.sandboxExited), ms);
      this.sandboxExitWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  private onSandboxExit(): void {
    this.sandboxExited = true;
    this.sandboxExitWaiters.splice(0).forEach((w) => w());
  }

  private onControl(chunk: string): void {
    this.buffered += chunk;
    if (this.buffered.length > MAX_CONTROL_BYTES) {
      this.buffered = '';
      return;
    }
    for (let nl = this.buffered.indexOf('\n'); nl >= 0; nl = this.buffered.indexOf('\n')) {
      const line = this.buffered.slice(0, nl);
      this.buffered = this.buffered.slice(nl + 1);
      let message: SupervisorMessage;
      try {
        message = JSON.parse(line) as SupervisorMessage;
      } catch {
        continue;
      }
      this.onMessage(message);
    }
  }

  private onMessage(m: SupervisorMessage): void {
    switch (m.t) {
      case 'spawned':
        return this.settleStart(null);
      case 'spawn-error':
        return this.settleStart(String(m.message));
      case 'exit':
        return this.emitExit({ code: m.code, signal: m.signal });
      case 'left':
        this.left = {
          t: 'left',
          count: Number(m.count) || 0,
          group: Number(m.group) || 0,
          commands: Array.isArray(m.commands) ? m.commands.slice(0, 20).map(String) : [],
        };
        return;
      case 'ended':
        this.ended = m.how;
        return;
      case 'probe':
        this.probeReport = m;
        return;
    }
  }
}
