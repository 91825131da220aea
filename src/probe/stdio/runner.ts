/**
 * Runs one local stdio server process, untrusted code (docs/stdio.md#safety-launching-a-server-runs-its-code):
 * a scrubbed environment, a throwaway HOME and working directory removed afterwards, its own
 * process group signalled at the end (SIGTERM, then SIGKILL), capped output, bounded waits, and
 * optionally no network (`unshare -n`). Every line both ways is recorded (./transcript.ts) with
 * stderr, the exit code and signal. Nothing here throws for what the child does.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { JsonRpcId, NetError } from '../../evidence/types.js';
import type {
  StdioExchange,
  StdioExit,
  StdioLaunch,
  StdioOpening,
  StdioShutdown,
} from '../../evidence/stdio-types.js';
import { excerptOf } from '../../evidence/parse/long-strings.js';
import { LineFramer } from './framing.js';
import { groupAlive, signalGroup, sleep, trackLive, untrackLive } from './group.js';
import type { MutableLine } from './transcript.js';
import { Transcript } from './transcript.js';
import type { Answer } from './pending.js';
import { PendingCalls } from './pending.js';
import type { SandboxDecision, StdioLimits } from './launch-env.js';
import type { StdioCommand } from '../../targets/target.js';
import { childEnv, SHUTDOWN_WAIT } from './launch-env.js';
import { StderrReader, StdoutReader } from './streams.js';
import type { RedactText } from '../../targets/redact-command.js';

export type { SandboxDecision, StdioLimits } from './launch-env.js';
export { decideSandbox, DEFAULT_LIMITS, SHUTDOWN_WAIT } from './launch-env.js';

export interface CallOutcome {
  readonly message: Record<string, unknown> | null;
  readonly error: NetError | null;
  readonly exchange: StdioExchange;
}

/** One launch of the server: spawn, talk, shut down, then `evidence()`. */
export class StdioProcess {
  private child: ChildProcess | null = null;
  private spawnError: string | null = null;
  private readonly started = Date.now();
  private readonly transcript: Transcript;
  private readonly exchanges: StdioExchange[] = [];
  private readonly pending = new PendingCalls();
  private readonly stdout: StdoutReader;
  private readonly stderr: StderrReader;
  private exitInfo: StdioExit | null = null;
  private exitWaiters: (() => void)[] = [];
  private stdoutEnded = false;
  private stdoutEndWaiters: (() => void)[] = [];
  private shutdownInfo: StdioShutdown = {
    exitedBeforeClose: false,
    needed: null,
    exitAfterCloseMs: null,
    groupSurvivors: false,
  };
  private opening: StdioOpening = { method: '', outcome: 'not-sent', ms: 0 };
  private readonly framer: LineFramer<MutableLine>;
  private readonly workDir: string;
  private readonly home: string;
  private readonly cwd: string;
  private removed = false;
  private shutdownStarted: Promise<void> | null = null;
  /** The era of what is sent from now on; the collector switches it before the fallback `initialize`. */
  phase: 'modern' | 'legacy' = 'modern';

  constructor(
    private readonly cmd: StdioCommand,
    private readonly opts: {
      readonly probe: string;
      readonly limits: StdioLimits;
      readonly sandbox: SandboxDecision;
      readonly redact: RedactText;
      readonly nextExchangeId: () => `x${number}`;
    },
  ) {
    this.workDir = mkdtempSync(join(tmpdir(), 'mcp-posture-stdio-'));
    this.home = join(this.workDir, 'home');
    mkdirSync(this.home);
    this.cwd = cmd.cwd ?? join(this.workDir, 'cwd');
    if (cmd.cwd === null) mkdirSync(this.cwd);
    this.transcript = new Transcript(opts.redact, opts.limits.maxRecordedLines, opts.limits.excerptChars);
    this.framer = new LineFramer<MutableLine>({
      classify: (line, framing) => this.transcript.classify(line, framing),
      deliver: (message, line) => this.onMessage(message, line),
    });
    this.stdout = new StdoutReader(opts.limits, {
      line: (text, bytes, o) => {
        const line = this.record('out', text, bytes);
        if (o.crlf) line.crlf = true;
        if (o.tooLong) {
          line.truncated = true;
          this.framer.tooLong(line);
        } else this.framer.line(line, text);
      },
    });
    this.stderr = new StderrReader(opts.limits.maxStderrBytes);
  }

  get exited(): boolean {
    return this.exitInfo !== null || this.spawnError !== null;
  }

  get failedToSpawn(): string | null {
    return this.spawnError;
  }

  /** Starts the process; resolves once it is running or failed to start. */
  async start(): Promise<void> {
    const prefix = this.opts.sandbox.prefix ?? [];
    const [file, ...args] = [...prefix, this.cmd.command, ...this.cmd.args];
    let child: ChildProcess;
    try {
      child = spawn(file!, args, {
        cwd: this.cwd,
        env: childEnv(this.cmd.env, this.home),
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
        windowsHide: true,
      });
    } catch (err) {
      this.spawnError = err instanceof Error ? err.message : String(err);
      return;
    }
    this.child = child;
    trackLive(this);
    child.stdin!.on('error', () => undefined);
    child.stdout!.on('data', (chunk: Buffer) => this.onStdout(chunk));
    child.stdout!.on('end', () => this.onStdoutEnd());
    child.stdout!.on('close', () => this.onStdoutEnd());
    child.stderr!.on('data', (chunk: Buffer) => this.stderr.push(chunk));
    child.on('exit', (code, signal) => this.onExit(code, signal));
    await new Promise<void>((resolve) => {
      child.once('spawn', () => resolve());
      child.once('error', (err) => {
        this.spawnError = err.message;
        this.pending.failAll({ code: 'connect', message: `could not start the command: ${err.message}` });
        this.exitWaiters.splice(0).forEach((w) => w());
        resolve();
      });
    });
  }

  /** Writes one message to stdin and waits for the response with its id. */
  async call(
    id: Exclude<JsonRpcId, null>,
    message: unknown,
    probe: string,
    purpose: string,
    timeoutMs: number,
  ): Promise<CallOutcome> {
    const t0 = Date.now();
    const sent = this.write(message);
    const answer: Answer =
      this.exited || sent === null ? { error: this.goneError() } : await this.pending.wait(id, timeoutMs);
    const error = 'error' in answer ? answer.error : null;
    const exchange: StdioExchange = {
      id: this.opts.nextExchangeId(),
      probe,
      purpose,
      sent: sent ?? -1,
      answer: 'seq' in answer ? answer.seq : null,
      ...(error ? { error } : {}),
      durationMs: Date.now() - t0,
    };
    this.exchanges.push(exchange);
    return { message: 'message' in answer ? answer.message : null, error, exchange };
  }

  /** Writes a notification (no answer awaited). */
  notify(message: unknown): void {
    this.write(message);
  }

  noteOpening(opening: StdioOpening): void {
    this.opening = opening;
  }

  /** Non-JSON stdout lines read after `seq` (the era probe's window). */
  nonJsonAfter(seq: number): number {
    return this.transcript.nonJsonAfter(seq);
  }

  /** Waits up to `ms` for the process to exit; true when it has. */
  waitExit(ms: number): Promise<boolean> {
    if (this.exited) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(this.exited), ms);
      this.exitWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /**
   * Ends the launch the way a client should: close stdin, wait; then SIGTERM the process group,
   * wait; then SIGKILL. Survivors of the group (children of a wrapper) are killed too. Then the
   * throwaway directory is removed.
   */
  async shutdown(): Promise<void> {
    if (this.shutdownStarted) return this.shutdownStarted;
    this.shutdownStarted = this.doShutdown();
    return this.shutdownStarted;
  }

  private async doShutdown(): Promise<void> {
    const child = this.child;
    if (!child || this.spawnError !== null) {
      this.cleanup();
      return;
    }
    if (this.exitInfo !== null) {
      this.shutdownInfo = { ...this.shutdownInfo, exitedBeforeClose: true };
    } else {
      const closedAt = Date.now();
      child.stdin!.end();
      let needed: StdioShutdown['needed'] = 'none';
      if (!(await this.waitExit(SHUTDOWN_WAIT.stdinCloseMs))) {
        needed = 'sigterm';
        signalGroup(this.child, 'SIGTERM');
        if (!(await this.waitExit(SHUTDOWN_WAIT.sigtermMs))) {
          needed = 'sigkill';
          signalGroup(this.child, 'SIGKILL');
          await this.waitExit(SHUTDOWN_WAIT.sigkillMs);
        }
      }
      this.shutdownInfo = {
        exitedBeforeClose: false,
        needed,
        exitAfterCloseMs: this.exitAt() === null ? null : this.exitAt()! - (closedAt - this.started),
        groupSurvivors: false,
      };
    }
    // Anything left in the group (a wrapper's children) goes too.
    if (groupAlive(this.child)) {
      this.shutdownInfo = { ...this.shutdownInfo, groupSurvivors: true };
      signalGroup(this.child, 'SIGTERM');
      for (let i = 0; i < 10 && groupAlive(this.child); i++) await sleep(100);
      if (groupAlive(this.child)) signalGroup(this.child, 'SIGKILL');
      for (let i = 0; i < 20 && groupAlive(this.child); i++) await sleep(50);
    }
    // Late output of the exited process (bounded wait), then the streams are let go.
    await this.waitStdoutEnd(500);
    child.stdout?.destroy();
    child.stderr?.destroy();
    child.stdin?.destroy();
    this.finishStdout();
    this.cleanup();
  }

  /** Kills everything at once (a flood, the deadline); the normal path is `shutdown()`. */
  kill(): void {
    signalGroup(this.child, 'SIGKILL');
  }

  /** `seq` of the last request written. */
  lastSentSeq(): number {
    return this.exchanges.at(-1)?.sent ?? 0;
  }

  /** Call after `shutdown()`: the evidence of the launch. */
  evidence(): StdioLaunch {
    if (this.removed) this.finishStdout();
    return {
      probe: this.opts.probe,
      spawnError: this.spawnError === null ? null : this.opts.redact(this.spawnError),
      opening: this.opening,
      ...this.transcript.evidence(),
      stdout: {
        bytes: this.stdout.bytes,
        capped: this.stdout.capped,
        unterminated:
          this.stdout.unterminated === null
            ? null
            : this.opts.redact(excerptOf(this.stdout.unterminated, 400)),
        unterminatedIsMessage: this.stdout.unterminatedIsMessage,
      },
      stderr: this.stderr.evidence(this.opts.redact, this.opts.limits.excerptChars * 2),
      exchanges: [...this.exchanges],
      exit: this.exitInfo,
      shutdown: this.shutdownInfo,
      durationMs: Date.now() - this.started,
    };
  }

  // -------------------------------------------------------------------------

  private write(message: unknown): number | null {
    const child = this.child;
    if (!child || this.exited || !child.stdin || child.stdin.destroyed || child.stdin.writableEnded)
      return null;
    const text = JSON.stringify(message);
    const line = this.record('in', text, Buffer.byteLength(text));
    child.stdin.write(`${text}\n`);
    return line.seq;
  }

  private record(dir: 'in' | 'out', text: string, bytes: number): MutableLine {
    return this.transcript.record(dir, this.phase, text, bytes);
  }

  private onStdout(chunk: Buffer): void {
    if (this.stdout.capped || this.stdout.push(chunk)) return;
    // The flood stops here: the group is killed and pending calls fail.
    this.kill();
    this.child?.stdout?.destroy();
    this.pending.failAll({
      code: 'too-large',
      message: `stdout exceeded ${this.opts.limits.maxStdoutBytes} bytes`,
    });
  }

  private onStdoutEnd(): void {
    if (this.stdoutEnded) return;
    this.stdoutEnded = true;
    this.finishStdout();
    this.stdoutEndWaiters.splice(0).forEach((w) => w());
  }

  private finishStdout(): void {
    this.stdout.finish();
    this.framer.end();
  }

  private waitStdoutEnd(ms: number): Promise<void> {
    if (this.stdoutEnded || !this.child?.stdout) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.stdoutEndWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private onMessage(value: unknown, line: MutableLine): void {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
    const m = value as Record<string, unknown>;
    const hasId = Object.hasOwn(m, 'id') && (typeof m['id'] === 'string' || typeof m['id'] === 'number');
    if (typeof m['method'] === 'string') {
      if (!hasId) return; // a notification
      // A request from the server: recorded, and answered the way a client without the feature would.
      this.transcript.request(line, m['method']);
      this.write({
        jsonrpc: '2.0',
        id: m['id'],
        error: { code: -32601, message: 'Method not supported by mcp-posture' },
      });
      return;
    }
    if (!Object.hasOwn(m, 'result') && !Object.hasOwn(m, 'error')) return;
    this.pending.answer(m, line.seq);
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    this.exitInfo = { code, signal, atMs: Date.now() - this.started };
    this.stderr.end();
    // Responses still in the pipe are read before pending calls are failed.
    setTimeout(() => this.pending.failAll(this.goneError()), 50);
    this.exitWaiters.splice(0).forEach((w) => w());
  }

  private exitAt(): number | null {
    return this.exitInfo?.atMs ?? null;
  }

  private goneError(): NetError {
    if (this.spawnError !== null)
      return { code: 'connect', message: `could not start the command: ${this.spawnError}` };
    if (this.stdout.capped) return { code: 'too-large', message: 'stdout exceeded the output cap' };
    const e = this.exitInfo;
    return {
      code: 'reset',
      message: e
        ? `the process exited (${e.signal ? `signal ${e.signal}` : `code ${e.code}`})`
        : 'stdin is closed',
    };
  }

  private cleanup(): void {
    untrackLive(this);
    if (this.removed) return;
    this.removed = true;
    rmSync(this.workDir, { recursive: true, force: true });
  }
}
