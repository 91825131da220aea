/**
 * Runs one local stdio server process, untrusted code (docs/stdio.md#safety-launching-a-server-runs-its-code):
 * a scrubbed environment carrying the launch's marker, a throwaway HOME and working directory
 * removed afterwards, started directly in its own process group or inside the sandbox
 * (./sandbox/prepare.ts chooses the launcher), capped output, bounded waits. At the end stdin is
 * closed, the server's group signalled (SIGTERM, then SIGKILL), and whatever it left running is
 * ended and recorded. Every line both ways is recorded (./output.ts) with stderr, the exit code
 * and signal. Nothing here throws for what the child does.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { classifyMessage } from '../../evidence/parse/json-rpc.js';
import type { JsonRpcId, NetError } from '../../evidence/types.js';
import type {
  StdioExchange,
  StdioExit,
  StdioLaunch,
  StdioLeftBehind,
  StdioOpening,
  StdioRefusal,
  StdioShutdown,
} from '../../evidence/stdio-types.js';
import { FirstOutput } from './first-output.js';
import { trackLive, untrackLive } from './group.js';
import type { StdioLimits } from './launch-env.js';
import { childEnv, SHUTDOWN_WAIT } from './launch-env.js';
import { ServerOutput } from './output.js';
import type { Answer } from './pending.js';
import { PendingCalls } from './pending.js';
import type { Launcher, LeftBehindReport, ServerChild } from './server-child.js';
import { StderrReader } from './streams.js';
import type { TopLevel } from './top-level.js';
import type { MutableLine } from './transcript.js';
import type { StdioCommand } from '../../targets/target.js';
import type { RedactText } from '../../targets/redact-command.js';

export type { StdioLimits } from './launch-env.js';
export { DEFAULT_LIMITS, SHUTDOWN_WAIT } from './launch-env.js';

export interface CallOutcome {
  readonly message: Record<string, unknown> | null;
  readonly error: NetError | null;
  readonly exchange: StdioExchange;
}

/** One launch of the server: spawn, talk, shut down, then `evidence()`. */
export class StdioProcess {
  private server: ServerChild | null = null;
  private spawnError: string | null = null;
  private readonly started = Date.now();
  private readonly output: ServerOutput;
  private readonly exchanges: StdioExchange[] = [];
  private readonly pending = new PendingCalls();
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
  private readonly workDir: string;
  private readonly home: string;
  private readonly cwd: string;
  /** Every process of this launch carries it in its environment (./sweep.ts). */
  private readonly marker = randomUUID();
  private removed = false;
  private shutdownStarted: Promise<void> | null = null;
  private readonly firstByte = new FirstOutput();

  constructor(
    private readonly cmd: StdioCommand,
    private readonly opts: {
      readonly probe: string;
      readonly limits: StdioLimits;
      readonly sandbox: { readonly launcher: Launcher };
      readonly redact: RedactText;
      readonly nextExchangeId: () => `x${number}`;
    },
  ) {
    this.workDir = mkdtempSync(join(tmpdir(), 'mcp-posture-stdio-'));
    this.home = join(this.workDir, 'home');
    mkdirSync(this.home);
    this.cwd = cmd.cwd ?? join(this.workDir, 'cwd');
    if (cmd.cwd === null) mkdirSync(this.cwd);
    this.output = new ServerOutput(opts.limits, opts.redact, {
      message: (value, line) => this.onMessage(value, line),
      refused: (refusal, top) => this.onRefused(refusal, top),
    });
    this.stderr = new StderrReader(opts.limits.maxStderrBytes);
  }

  /** The era of what is sent from now on; the collector switches it before the fallback `initialize`. */
  get phase(): 'modern' | 'legacy' {
    return this.output.phase;
  }
  set phase(p: 'modern' | 'legacy') {
    this.output.phase = p;
  }

  get exited(): boolean {
    return this.exitInfo !== null || this.spawnError !== null;
  }

  get failedToSpawn(): string | null {
    return this.spawnError;
  }

  /** Starts the process; resolves once it is running or failed to start. */
  async start(): Promise<void> {
    const server = this.opts.sandbox.launcher.open({
      command: this.cmd.command,
      args: this.cmd.args,
      env: childEnv(this.cmd.env, this.home, this.marker),
      cwd: this.cwd,
      throwawayCwd: this.cmd.cwd === null,
      home: this.home,
      workDir: this.workDir,
      marker: this.marker,
    });
    this.server = server;
    trackLive(this);
    server.stdout?.on('data', (chunk: Buffer) => this.onStdout(chunk));
    server.stdout?.on('end', () => this.onStdoutEnd());
    server.stdout?.on('close', () => this.onStdoutEnd());
    server.stderr?.on('data', (chunk: Buffer) => {
      this.firstByte.mark(Date.now() - this.started);
      this.stderr.push(chunk);
    });
    server.onExit((e) => this.onExit(e.code, e.signal));
    const error = await server.started();
    if (error === null) return;
    this.spawnError = error;
    this.pending.failAll({ code: 'connect', message: `could not start the command: ${error}` });
    this.exitWaiters.splice(0).forEach((w) => w());
    this.firstByte.release();
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
    const issues = 'message' in answer ? classifyMessage(answer.message).issues : [];
    const exchange: StdioExchange = {
      id: this.opts.nextExchangeId(),
      probe,
      purpose,
      sent: sent ?? -1,
      answer: answer.seq ?? null,
      ...(error ? { error } : {}),
      ...(issues.length > 0 ? { issues } : {}),
      durationMs: Date.now() - t0,
    };
    this.exchanges.push(exchange);
    return { message: 'message' in answer ? answer.message : null, error, exchange };
  }

  /** Writes a notification (no answer awaited). */
  notify(message: unknown): void {
    this.write(message);
  }

  /** Ms from the launch to the first byte on stdout or stderr; null after `ms` without one (./first-output.ts). */
  firstOutput(ms: number): Promise<number | null> {
    return this.firstByte.wait(ms, this.exited);
  }

  noteOpening(opening: StdioOpening): void {
    this.opening = opening;
  }

  /** Non-JSON stdout lines read after `seq` (the era probe's window). */
  nonJsonAfter(seq: number): number {
    return this.output.nonJsonAfter(seq);
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
   * wait; then SIGKILL. Then whatever the server left running — in its group, or anywhere with
   * the launch's marker, or in the sandbox — is ended and recorded, and the throwaway directory removed.
   */
  async shutdown(): Promise<void> {
    if (this.shutdownStarted) return this.shutdownStarted;
    this.shutdownStarted = this.doShutdown();
    return this.shutdownStarted;
  }

  private async doShutdown(): Promise<void> {
    const server = this.server;
    if (!server || this.spawnError !== null) {
      server?.killAll();
      this.cleanup();
      return;
    }
    if (this.exitInfo !== null) this.shutdownInfo = { ...this.shutdownInfo, exitedBeforeClose: true };
    else this.shutdownInfo = await this.closeAndSignal(server);
    const left = await server.endRest(SHUTDOWN_WAIT.leftBehindMs);
    if (left !== null)
      this.shutdownInfo = {
        ...this.shutdownInfo,
        groupSurvivors: left.inGroup > 0,
        leftBehind: this.leftBehindEvidence(left),
      };
    // Late output of the exited process (bounded wait), then the streams are let go.
    await this.waitStdoutEnd(500);
    server.stdout?.destroy();
    server.stderr?.destroy();
    server.stdin?.destroy();
    this.output.finish();
    this.cleanup();
  }

  private async closeAndSignal(server: ServerChild): Promise<StdioShutdown> {
    const closedAt = Date.now();
    server.stdin?.end();
    let needed: StdioShutdown['needed'] = 'none';
    if (!(await this.waitExit(SHUTDOWN_WAIT.stdinCloseMs))) {
      needed = 'sigterm';
      server.signal('SIGTERM');
      if (!(await this.waitExit(SHUTDOWN_WAIT.sigtermMs))) {
        needed = 'sigkill';
        server.signal('SIGKILL');
        if (!(await this.waitExit(SHUTDOWN_WAIT.sigkillMs))) server.killAll();
      }
    }
    const at = this.exitInfo?.atMs ?? null;
    return {
      exitedBeforeClose: false,
      needed,
      exitAfterCloseMs: at === null ? null : at - (closedAt - this.started),
      groupSurvivors: false,
    };
  }

  private leftBehindEvidence(left: LeftBehindReport): StdioLeftBehind {
    return {
      method: left.method,
      count: left.count,
      commands: left.commands.map((c) => this.opts.redact(c).slice(0, 200)),
      ended: left.ended,
    };
  }

  /** Kills everything at once (a flood, the deadline); the normal path is `shutdown()`. */
  kill(): void {
    this.server?.killAll();
  }

  /** `seq` of the last request written. */
  lastSentSeq(): number {
    return this.exchanges.at(-1)?.sent ?? 0;
  }

  /** Call after `shutdown()`: the evidence of the launch. */
  evidence(): StdioLaunch {
    if (this.removed) this.output.finish();
    return {
      probe: this.opts.probe,
      spawnError: this.spawnError === null ? null : this.opts.redact(this.spawnError),
      opening: this.opening,
      ...this.output.evidence(),
      stderr: this.stderr.evidence(this.opts.redact, this.opts.limits.excerptChars * 2),
      exchanges: [...this.exchanges],
      exit: this.exitInfo,
      shutdown: this.shutdownInfo,
      durationMs: Date.now() - this.started,
    };
  }

  private write(message: unknown): number | null {
    const stdin = this.server?.stdin;
    if (!stdin || this.exited || stdin.destroyed || stdin.writableEnded) return null;
    const text = JSON.stringify(message);
    const line = this.output.record('in', text, Buffer.byteLength(text));
    stdin.write(`${text}\n`);
    return line.seq;
  }

  private onStdout(chunk: Buffer): void {
    this.firstByte.mark(Date.now() - this.started);
    if (this.output.capped || this.output.push(chunk)) return;
    // The flood stops here: everything is killed and pending calls fail.
    this.kill();
    this.server?.stdout?.destroy();
    this.pending.failAll({
      code: 'too-large',
      message: `stdout exceeded ${this.opts.limits.maxStdoutBytes} bytes`,
    });
  }

  private onStdoutEnd(): void {
    if (this.stdoutEnded) return;
    this.stdoutEnded = true;
    this.output.finish();
    this.stdoutEndWaiters.splice(0).forEach((w) => w());
  }

  private waitStdoutEnd(ms: number): Promise<void> {
    if (this.stdoutEnded || !this.server?.stdout) return Promise.resolve();
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
      this.output.serverRequest(line, m['method']);
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

  /**
   * A refused line ends the wait of the request it answers: the one with its `id`; when no id
   * could be read and it is no request or notification, every waiting request (the scanner
   * sends one at a time).
   */
  private onRefused(refusal: StdioRefusal, top: TopLevel): void {
    if (top.hasMethod) return;
    const error: NetError = { code: 'too-large', message: `reply refused: ${refusal.detail}` };
    if (typeof top.id === 'string' || typeof top.id === 'number') {
      this.pending.fail(top.id, error, refusal.seq);
      return;
    }
    this.pending.failAll(error, refusal.seq);
  }

  private onExit(code: number | null, signal: string | null): void {
    if (this.spawnError !== null || this.exitInfo !== null) return;
    this.exitInfo = { code, signal, atMs: Date.now() - this.started };
    this.stderr.end();
    // Responses still in the pipe are read before pending calls are failed.
    setTimeout(() => this.pending.failAll(this.goneError()), 50);
    this.exitWaiters.splice(0).forEach((w) => w());
    this.firstByte.release();
  }

  private goneError(): NetError {
    if (this.spawnError !== null)
      return { code: 'connect', message: `could not start the command: ${this.spawnError}` };
    if (this.output.capped) return { code: 'too-large', message: 'stdout exceeded the output cap' };
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
