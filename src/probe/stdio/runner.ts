/**
 * Runs one local stdio server process (docs/stdio.md#safety-launching-a-server-runs-its-code). The command is untrusted code:
 *
 * - it gets a scrubbed environment (PATH, a throwaway HOME, and only the declared variables);
 * - it runs in a throwaway working directory (unless the config declares one) under a
 *   throwaway HOME, both in one mkdtemp directory removed afterwards;
 * - it is the leader of its own process group, and the whole group is signalled at the end
 *   (SIGTERM, then SIGKILL), so wrappers (npx, docker run) leave nothing behind;
 * - stdout is read under a per-message and a total cap, stderr under a total cap, and every
 *   wait is bounded by a per-request timeout and the scan deadline;
 * - optionally (`--sandbox`) it runs under `unshare -n` (no network) where the OS allows it.
 *
 * Every line in both directions is recorded (up to a line cap, redacted, cut to an excerpt),
 * with stderr, the exit code and signal. Nothing here throws for what the child does.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { JsonRpcId, NetError } from '../../evidence/types.js';
import type {
  StdioExchange,
  StdioExit,
  StdioFraming,
  StdioLaunch,
  StdioLine,
  StdioOpening,
  StdioShutdown,
} from '../../evidence/stdio-types.js';
import { excerptOf } from '../../evidence/parse/long-strings.js';
import { LineFramer } from './framing.js';
import type { RedactText } from './redact.js';

export interface StdioCommand {
  readonly command: string;
  readonly args: readonly string[];
  /** Variables the config (or the user) declares for the server; nothing else is passed but PATH. */
  readonly env: Readonly<Record<string, string>>;
  /** A working directory the config declares; null runs in the throwaway one. */
  readonly cwd: string | null;
}

export interface StdioLimits {
  /** One stdout line (one message) at most this many bytes; longer lines are cut and not parsed. */
  readonly maxMessageBytes: number;
  /** All of stdout at most this many bytes; then the process group is killed. */
  readonly maxStdoutBytes: number;
  /** stderr bytes kept (more are counted and checked for UTF-8, not kept). */
  readonly maxStderrBytes: number;
  /** Lines recorded per launch (more are counted and classified, not recorded). */
  readonly maxRecordedLines: number;
  /** Characters kept of each recorded line. */
  readonly excerptChars: number;
}

export const DEFAULT_LIMITS: StdioLimits = {
  maxMessageBytes: 4 * 1024 * 1024,
  maxStdoutBytes: 32 * 1024 * 1024,
  maxStderrBytes: 64 * 1024,
  maxRecordedLines: 2_000,
  excerptChars: 2_000,
};

/** How long the scanner waits for an exit after closing stdin, and after each signal. */
export const SHUTDOWN_WAIT = { stdinCloseMs: 5_000, sigtermMs: 2_000, sigkillMs: 2_000 } as const;

export interface SandboxDecision {
  readonly requested: boolean;
  /** The prefix the command runs under (`unshare -n --`), or null. */
  readonly prefix: readonly string[] | null;
  readonly detail: string;
}

/**
 * Whether `--sandbox` can be applied here: Linux with an `unshare` that can create a network
 * namespace (directly, or in a user namespace for unprivileged users). Tested by running it.
 */
export function decideSandbox(requested: boolean): SandboxDecision {
  if (!requested) return { requested, prefix: null, detail: 'not requested' };
  if (process.platform !== 'linux')
    return { requested, prefix: null, detail: `not available on ${process.platform}` };
  for (const flags of [['-n'], ['-r', '-n']]) {
    const r = spawnSync('unshare', [...flags, '--', 'true'], { stdio: 'ignore', timeout: 5_000 });
    if (r.status === 0)
      return { requested, prefix: ['unshare', ...flags, '--'], detail: `unshare ${flags.join(' ')}` };
  }
  return { requested, prefix: null, detail: 'unshare cannot create a network namespace here' };
}

/** The environment the child gets: PATH, the throwaway HOME, and the declared variables. */
export function childEnv(declared: Readonly<Record<string, string>>, home: string): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env['PATH'] ?? '/usr/bin:/bin' };
  for (const [k, v] of Object.entries(declared)) if (k !== 'HOME') env[k] = v;
  env['HOME'] = home;
  return env;
}

interface MutableLine {
  seq: number;
  dir: 'in' | 'out';
  phase: 'modern' | 'legacy';
  atMs: number;
  text: string;
  bytes: number;
  truncated: boolean;
  framing?: StdioFraming;
  requestMethod?: string;
  crlf?: boolean;
}

type Waiter = (r: { message: Record<string, unknown>; seq: number } | { error: NetError }) => void;

export interface CallOutcome {
  readonly message: Record<string, unknown> | null;
  readonly error: NetError | null;
  readonly exchange: StdioExchange;
}

const idKey = (id: unknown): string => `${typeof id}:${String(id)}`;

/** Launches still running: their groups are killed if the scanner exits first (an uncaught error, exit()). */
const LIVE = new Set<StdioProcess>();
let exitHook = false;
function track(p: StdioProcess): void {
  LIVE.add(p);
  if (exitHook) return;
  exitHook = true;
  process.once('exit', () => {
    for (const live of LIVE) live.kill();
  });
}

/** One launch of the server: spawn, talk, shut down, then `evidence()`. */
export class StdioProcess {
  private child: ChildProcess | null = null;
  private spawnError: string | null = null;
  private readonly started = Date.now();
  private seq = 0;
  private readonly lines: MutableLine[] = [];
  private dropped = 0;
  private readonly counts: Partial<Record<StdioFraming, number>> = {};
  private readonly serverRequests = { modern: [] as string[], legacy: [] as string[] };
  private readonly exchanges: StdioExchange[] = [];
  private readonly waiters = new Map<string, Waiter>();
  private stdoutBytes = 0;
  private capped = false;
  private lineChunks: Buffer[] = [];
  private lineBytes = 0;
  private lineTooLong = false;
  private unterminated: string | null = null;
  private unterminatedIsMessage = false;
  private stderrBytes = 0;
  private readonly stderrKept: Buffer[] = [];
  private stderrKeptBytes = 0;
  private readonly stderrDecoder = new TextDecoder('utf-8', { fatal: true });
  private stderrValid = true;
  private stderrInvalidAt: number | null = null;
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
    this.framer = new LineFramer<MutableLine>({
      classify: (line, framing) => {
        line.framing = framing;
        this.counts[framing] = (this.counts[framing] ?? 0) + 1;
      },
      deliver: (message, line) => this.onMessage(message, line),
    });
  }

  /** The throwaway HOME (exposed for tests). */
  get homeDir(): string {
    return this.home;
  }

  get pid(): number | null {
    return this.child?.pid ?? null;
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
    track(this);
    child.stdin!.on('error', () => undefined);
    child.stdout!.on('data', (chunk: Buffer) => this.onStdout(chunk));
    child.stdout!.on('end', () => this.onStdoutEnd());
    child.stdout!.on('close', () => this.onStdoutEnd());
    child.stderr!.on('data', (chunk: Buffer) => this.onStderr(chunk));
    child.on('exit', (code, signal) => this.onExit(code, signal));
    await new Promise<void>((resolve) => {
      child.once('spawn', () => resolve());
      child.once('error', (err) => {
        this.spawnError = err.message;
        this.failAll({ code: 'connect', message: `could not start the command: ${err.message}` });
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
    const answer = await new Promise<{ message: Record<string, unknown>; seq: number } | { error: NetError }>(
      (resolve) => {
        if (this.exited || sent === null) {
          resolve({ error: this.goneError() });
          return;
        }
        const key = idKey(id);
        const timer = setTimeout(
          () => {
            this.waiters.delete(key);
            resolve({ error: { code: 'timeout', message: `no response within ${timeoutMs} ms` } });
          },
          Math.max(0, timeoutMs),
        );
        this.waiters.set(key, (r) => {
          clearTimeout(timer);
          this.waiters.delete(key);
          resolve(r);
        });
      },
    );
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
    return this.lines.filter((l) => l.dir === 'out' && l.seq > seq && l.framing === 'non-json').length;
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
        this.signalGroup('SIGTERM');
        if (!(await this.waitExit(SHUTDOWN_WAIT.sigtermMs))) {
          needed = 'sigkill';
          this.signalGroup('SIGKILL');
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
    if (this.groupAlive()) {
      this.shutdownInfo = { ...this.shutdownInfo, groupSurvivors: true };
      this.signalGroup('SIGTERM');
      for (let i = 0; i < 10 && this.groupAlive(); i++) await sleep(100);
      if (this.groupAlive()) this.signalGroup('SIGKILL');
      for (let i = 0; i < 20 && this.groupAlive(); i++) await sleep(50);
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
    this.signalGroup('SIGKILL');
  }

  /** `seq` of the last request written. */
  lastSentSeq(): number {
    return this.exchanges.at(-1)?.sent ?? 0;
  }

  /** Call after `shutdown()`: the evidence of the launch. */
  evidence(): StdioLaunch {
    if (this.removed) this.finishStdout();
    const stderrText = Buffer.concat(this.stderrKept).toString('utf8');
    return {
      probe: this.opts.probe,
      spawnError: this.spawnError === null ? null : this.opts.redact(this.spawnError),
      opening: this.opening,
      lines: this.lines.map((l) => ({ ...l }) as StdioLine),
      linesDropped: this.dropped,
      framingCounts: { ...this.counts },
      serverRequests: {
        modern: [...this.serverRequests.modern],
        legacy: [...this.serverRequests.legacy],
      },
      stdout: {
        bytes: this.stdoutBytes,
        capped: this.capped,
        unterminated: this.unterminated === null ? null : this.opts.redact(excerptOf(this.unterminated, 400)),
        unterminatedIsMessage: this.unterminatedIsMessage,
      },
      stderr: {
        bytes: this.stderrBytes,
        excerpt: this.opts.redact(excerptOf(stderrText, this.opts.limits.excerptChars * 2)),
        utf8Valid: this.stderrValid,
        firstInvalidAt: this.stderrInvalidAt,
        truncated: this.stderrBytes > this.stderrKeptBytes,
      },
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
    const max = this.opts.limits.excerptChars;
    const line: MutableLine = {
      seq: ++this.seq,
      dir,
      phase: this.phase,
      atMs: Date.now() - this.started,
      // Redacted before it is cut, so a cut cannot leave half a secret behind.
      text: excerptOf(this.opts.redact(text.slice(0, max + 256)), max),
      bytes,
      truncated: text.length > max,
    };
    if (this.lines.length < this.opts.limits.maxRecordedLines) this.lines.push(line);
    else this.dropped++;
    return line;
  }

  private onStdout(chunk: Buffer): void {
    if (this.capped) return;
    const limits = this.opts.limits;
    this.stdoutBytes += chunk.length;
    if (this.stdoutBytes > limits.maxStdoutBytes) {
      this.capped = true;
      this.kill();
      this.child?.stdout?.destroy();
      this.failAll({ code: 'too-large', message: `stdout exceeded ${limits.maxStdoutBytes} bytes` });
      return;
    }
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, start);
      const piece = chunk.subarray(start, nl === -1 ? chunk.length : nl);
      if (!this.lineTooLong) {
        if (this.lineBytes + piece.length > limits.maxMessageBytes) {
          this.lineTooLong = true;
          const room = limits.maxMessageBytes - this.lineBytes;
          this.lineChunks.push(Buffer.from(piece.subarray(0, Math.min(room, limits.excerptChars))));
          this.lineBytes += piece.length;
        } else {
          this.lineChunks.push(Buffer.from(piece));
          this.lineBytes += piece.length;
        }
      } else this.lineBytes += piece.length;
      if (nl === -1) break;
      this.endLine();
      start = nl + 1;
    }
  }

  private endLine(): void {
    let text = Buffer.concat(this.lineChunks).toString('utf8');
    const crlf = text.endsWith('\r');
    if (crlf) text = text.slice(0, -1);
    const line = this.record('out', text, this.lineBytes);
    if (crlf) line.crlf = true;
    if (this.lineTooLong) {
      line.truncated = true;
      this.framer.tooLong(line);
    } else this.framer.line(line, text);
    this.lineChunks = [];
    this.lineBytes = 0;
    this.lineTooLong = false;
  }

  private onStdoutEnd(): void {
    if (this.stdoutEnded) return;
    this.stdoutEnded = true;
    this.finishStdout();
    this.stdoutEndWaiters.splice(0).forEach((w) => w());
  }

  private finishStdout(): void {
    if (this.lineBytes > 0 && this.unterminated === null) {
      const text = Buffer.concat(this.lineChunks).toString('utf8');
      this.unterminated = text;
      const tooLong = this.lineTooLong;
      const bytes = this.lineBytes;
      this.lineChunks = [];
      this.lineBytes = 0;
      this.lineTooLong = false;
      const parsed = tooLong || text.trim() === '' ? undefined : safeParse(text);
      this.unterminatedIsMessage = parsed !== undefined;
      // The unterminated text is still a line of output: classified (and delivered) like the others.
      const line = this.record('out', text, bytes);
      if (tooLong) {
        line.truncated = true;
        this.framer.tooLong(line);
      } else this.framer.line(line, text);
    }
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
      line.requestMethod = excerptOf(m['method'], 200);
      const list = this.serverRequests[line.phase];
      if (list.length < 20) list.push(line.requestMethod);
      this.write({
        jsonrpc: '2.0',
        id: m['id'],
        error: { code: -32601, message: 'Method not supported by mcp-posture' },
      });
      return;
    }
    if (!Object.hasOwn(m, 'result') && !Object.hasOwn(m, 'error')) return;
    const waiter = this.waiters.get(idKey(m['id']));
    if (waiter) waiter({ message: m, seq: line.seq });
  }

  private onStderr(chunk: Buffer): void {
    const offset = this.stderrBytes;
    this.stderrBytes += chunk.length;
    const room = this.opts.limits.maxStderrBytes - this.stderrKeptBytes;
    if (room > 0) {
      const kept = Buffer.from(chunk.subarray(0, room));
      this.stderrKept.push(kept);
      this.stderrKeptBytes += kept.length;
    }
    if (!this.stderrValid) return;
    try {
      this.stderrDecoder.decode(chunk, { stream: true });
    } catch {
      this.stderrValid = false;
      this.stderrInvalidAt = offset;
    }
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    this.exitInfo = { code, signal, atMs: Date.now() - this.started };
    if (this.stderrValid) {
      try {
        this.stderrDecoder.decode();
      } catch {
        this.stderrValid = false;
        this.stderrInvalidAt = this.stderrBytes;
      }
    }
    // Responses still in the pipe are read before pending calls are failed.
    setTimeout(() => this.failAll(this.goneError()), 50);
    this.exitWaiters.splice(0).forEach((w) => w());
  }

  private exitAt(): number | null {
    return this.exitInfo?.atMs ?? null;
  }

  private goneError(): NetError {
    if (this.spawnError !== null)
      return { code: 'connect', message: `could not start the command: ${this.spawnError}` };
    if (this.capped) return { code: 'too-large', message: 'stdout exceeded the output cap' };
    const e = this.exitInfo;
    return {
      code: 'reset',
      message: e
        ? `the process exited (${e.signal ? `signal ${e.signal}` : `code ${e.code}`})`
        : 'stdin is closed',
    };
  }

  private failAll(error: NetError): void {
    for (const w of [...this.waiters.values()]) w({ error });
    this.waiters.clear();
  }

  private signalGroup(signal: NodeJS.Signals): void {
    const pid = this.child?.pid;
    if (pid === undefined) return;
    try {
      // Windows has no process groups to signal: only the process itself is ended there.
      if (process.platform === 'win32') this.child?.kill(signal);
      else process.kill(-pid, signal);
    } catch {
      // The group is gone already.
    }
  }

  /**
   * Whether a live (not zombie) process of the group remains. On Linux /proc tells zombies
   * apart: an orphaned member that was killed stays a zombie until init reaps it, and a zombie
   * runs nothing. Elsewhere a signal 0 to the group answers.
   */
  private groupAlive(): boolean {
    const pid = this.child?.pid;
    if (pid === undefined) return false;
    try {
      process.kill(-pid, 0);
    } catch {
      return false;
    }
    return process.platform !== 'linux' || liveGroupMembers(pid) > 0;
  }

  private cleanup(): void {
    LIVE.delete(this);
    if (this.removed) return;
    this.removed = true;
    rmSync(this.workDir, { recursive: true, force: true });
  }
}

/** Processes of process group `pgid` that are not zombies, from /proc (Linux). */
export function liveGroupMembers(pgid: number): number {
  let n = 0;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return 1;
  }
  for (const e of entries) {
    if (!/^\d+$/.test(e)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${e}/stat`, 'utf8');
    } catch {
      continue;
    }
    // pid (comm) state ppid pgrp …: comm may hold spaces and parentheses, so read after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid && fields[0] !== 'Z' && fields[0] !== 'X') n++;
  }
  return n;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
