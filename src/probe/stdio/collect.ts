/**
 * One scan of a local stdio server (docs/stdio.md#detection): the spec's rule for stdio
 * clients. `x.launch` starts the server and sends `server/discover` first; on any error, or
 * after 5 s of silence, the client falls back to `initialize` on the same connection (a new
 * launch when the process died). A server that speaks the modern wire is listed there, then
 * launched once more (`x.launch.legacy`) to see whether it also serves `initialize`: the era is
 * chosen per connection, so a dual-era server shows both eras only on two connections.
 * Every launch ends with stdin closed, then the process group signalled (./runner.ts).
 */
import { assembleInventory } from '../../evidence/derive/inventory.js';
import { deriveRevision } from '../../evidence/derive/revision.js';
import { resultObject } from '../../evidence/parse/json-value.js';
import type {
  Evidence,
  ListingEvidence,
  Mode,
  Probe,
  RpcReply,
  StdioEvidence,
  TargetClass,
} from '../../evidence/types.js';
import { EVIDENCE_SCHEMA_VERSION } from '../../evidence/types.js';
import type { Revision } from '../../spec/revisions.js';
import { TOOL_NAME, TOOL_VERSION } from '../../version.js';
import { stdioChannel } from '../channel/stdio.js';
import { LISTS } from '../inventory.js';
import { RpcIds } from '../mcp-messages.js';
import { runPhases } from '../scheduler.js';
import { need } from '../stage.js';
import { redactArgs, stdioRedactor } from '../../targets/redact-command.js';
import type { StdioLimits } from './runner.js';
import type { StdioCommand } from '../../targets/target.js';
import { stdioCommandLine } from '../../targets/target.js';
import { childEnvNames } from './launch-env.js';
import { DEFAULT_LIMITS, SHUTDOWN_WAIT, StdioProcess } from './runner.js';
import type { PreparedSandbox, SandboxMode } from './sandbox/prepare.js';
import { prepareSandbox } from './sandbox/prepare.js';
import type { EraWindow } from './era-probe.js';
import { stdioPinSection } from './pin.js';
import type { StdioSofar, StdioStageContext } from './stages.js';
import { STDIO_PHASES } from './stages.js';
import type { CollectOptions } from '../scan-options.js';

export interface StdioScanOptions {
  readonly command: StdioCommand;
  readonly mode?: Mode;
  readonly spec?: Revision | null;
  readonly requestTimeoutMs?: number;
  /** Overall budget in ms (default 120 000); the shutdown of a launch may add up to 9 s. */
  readonly scanTimeoutMs?: number;
  /**
   * `--sandbox` (docs/stdio.md#sandbox): `strict` (or true) refuses to launch anything when it
   * cannot be applied (throws `SandboxUnavailable`); `best-effort` warns and runs anyway.
   */
  readonly sandbox?: boolean | SandboxMode | PreparedSandbox;
  /** Told before anything is launched when `best-effort` could not have the sandbox. */
  readonly onWarning?: (message: string) => void;
  readonly limits?: Partial<StdioLimits>;
  readonly onProgress?: (message: string) => void;
  /** Test seam: each process once it has started. */
  readonly onLaunch?: (proc: StdioProcess) => void;
  /** Test seam: the era-probe window and start allowance (default ./era-probe.ts `ERA_WINDOW`). */
  readonly eraWindow?: EraWindow;
  /** The lock this scan is compared against (`--lock FILE`): its entry for this target's identity. */
  readonly lock?: CollectOptions['lock'];
}

const NOT_LISTED: Probe<ListingEvidence> = { kind: 'skipped', reason: 'dependency_failed' };

export async function collectStdioEvidence(opts: StdioScanOptions): Promise<Evidence> {
  const ev = await collectStdio(opts);
  return { ...ev, pin: stdioPinSection(opts.lock, ev) };
}

async function collectStdio(opts: StdioScanOptions): Promise<Evidence> {
  const started = Date.now();
  const mode = opts.mode ?? 'safe';
  const requestTimeoutMs = opts.requestTimeoutMs ?? 10_000;
  const deadline = started + (opts.scanTimeoutMs ?? 120_000);
  const limits: StdioLimits = { ...DEFAULT_LIMITS, ...opts.limits };
  // The run loop prepares it before any launch of the run (../../run/sandboxes.ts); a library
  // caller may give only the mode.
  const sandbox =
    typeof opts.sandbox === 'object'
      ? opts.sandbox
      : await prepareSandbox({
          mode: opts.sandbox === true ? 'strict' : opts.sandbox || 'off',
          command: opts.command,
          graceMs: SHUTDOWN_WAIT.leftBehindMs,
          ...(opts.onWarning ? { onWarning: opts.onWarning } : {}),
        });
  const redact = stdioRedactor(opts.command.env);
  const progress = opts.onProgress ?? (() => undefined);
  let exchangeCount = 0;
  const nextExchangeId = () => `x${++exchangeCount}` as const;
  const launches: StdioProcess[] = [];
  const launch = async (probe: string): Promise<StdioProcess> => {
    const proc = new StdioProcess(opts.command, { probe, limits, sandbox, redact, nextExchangeId });
    launches.push(proc);
    await proc.start();
    opts.onLaunch?.(proc);
    return proc;
  };

  const ctx: StdioStageContext = {
    mode,
    ids: new RpcIds(),
    progress,
    commandLine: stdioCommandLine(opts.command),
    launch,
    channel: (proc, framing) => stdioChannel(proc, framing, requestTimeoutMs, deadline),
    redact,
    requestTimeoutMs,
    deadline,
    ...(opts.eraWindow ? { eraWindow: opts.eraWindow } : {}),
  };
  let sofar: Partial<StdioSofar>;
  try {
    sofar = await runPhases(ctx, STDIO_PHASES);
  } finally {
    // Whatever happened (an exception in a listing): nothing is left running.
    for (const p of launches) if (!p.exited) p.kill();
    await Promise.all(launches.map((p) => p.shutdown()));
  }
  return stdioEvidence(opts, { started, mode, sandbox, redact }, sofar, launches);
}

/** The evidence of a stdio scan, from what its stages produced and what its launches recorded. */
function stdioEvidence(
  opts: StdioScanOptions,
  run: { started: number; mode: Mode; sandbox: PreparedSandbox; redact: (text: string) => string },
  sofar: Partial<StdioSofar>,
  launches: readonly StdioProcess[],
): Evidence {
  const { started, mode, sandbox, redact } = run;
  // The era probe's answer read after its window, when it closed unanswered, settles the era.
  const discover = sofar.afterWindow?.discover ?? need(sofar, 'discover');
  const signal = sofar.afterWindow?.signal ?? need(sofar, 'signal');
  const init = sofar.init ?? null;
  const lists = sofar.lists ?? LISTS.map(() => NOT_LISTED);
  const dualEra = sofar.afterWindow?.dualEra ?? sofar.dualEra ?? false;
  const toolProbes = sofar.toolProbes ?? null;

  const launchEvidence = launches.map((p) => p.evidence());
  const initOk = init !== null && init.offered !== null;
  const revision = deriveRevision({
    pinned: opts.spec ?? null,
    modern: signal,
    inits: init ? [init] : [],
    sseOnly: false,
    sseVersions: [],
    oauthSeen: false,
    modernOnlyInit:
      signal.modern && !initOk && init?.probe.kind === 'ok' && init.probe.value.response?.error !== undefined,
  });
  const answered = discover.kind === 'ok' || init?.probe.kind === 'ok';
  const wroteAnything = launchEvidence.some((l) => l.stdout.bytes > 0);
  const targetClass: TargetClass =
    answered && (signal.modern || initOk || discover.kind === 'ok')
      ? 'reachable'
      : launchEvidence[0]?.spawnError !== null || !wroteAnything
        ? 'unreachable'
        : 'not_mcp';
  const initResult = init?.probe.kind === 'ok' && initOk ? resultObject(init.probe.value) : null;
  const stdio: StdioEvidence = {
    command: redact(opts.command.command),
    args: redactArgs(opts.command.args, redact),
    envNames: childEnvNames(opts.command.env),
    throwawayCwd: opts.command.cwd === null,
    sandbox: sandbox.evidence,
    launches: launchEvidence,
    dualEra,
    initBogus: sofar.initBogus ?? bogusNotSent(mode),
  };
  const inventory =
    targetClass === 'reachable'
      ? assembleInventory({
          lists,
          sseTools: null,
          sseIdentity: null,
          legacySession: true,
          modern: null,
          initResult,
          discover,
        })
      : null;
  return {
    schemaVersion: EVIDENCE_SCHEMA_VERSION,
    tool: { name: TOOL_NAME, version: TOOL_VERSION },
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    target: { kind: 'stdio', url: stdioCommandLine(opts.command), scope: 'loopback' },
    settings: { mode, pinnedRevision: opts.spec ?? null, allowPrivate: false, tokenSupplied: false },
    // With a lock, filled in by collectStdioEvidence (./pin.ts).
    pin: null,
    detection: {
      discover,
      inits: init ? [init] : [],
      transport: 'stdio',
      targetClass,
      revision,
      authWall: false,
    },
    modern: null,
    toolProbes: targetClass === 'reachable' ? toolProbes : null,
    inventory:
      inventory && signal.modern && !initResult ? withModernIdentity(inventory, discover) : inventory,
    auth: { inUse: false, signals: [] },
    oauth: null,
    exchanges: [],
    endpoint: null,
    sessions: null,
    sse: null,
    origin: null,
    tls: [],
    plain: [],
    stdio,
  };
}

/** Why s.init.bogus was not sent: passive mode, or no InitializeResult to compare it with. */
function bogusNotSent(mode: Mode): Probe<RpcReply> {
  return mode === 'passive'
    ? { kind: 'skipped', reason: 'mode_disabled', detail: 'needs --mode safe' }
    : { kind: 'skipped', reason: 'dependency_failed', detail: 'initialize was not served' };
}

/** A modern-only server's identity comes from its DiscoverResult. */
function withModernIdentity(
  inventory: NonNullable<Evidence['inventory']>,
  discover: Probe<RpcReply>,
): NonNullable<Evidence['inventory']> {
  const result = discover.kind === 'ok' ? resultObject(discover.value) : null;
  const info = result?.['serverInfo'] ?? null;
  const instructions = result?.['instructions'];
  return {
    ...inventory,
    serverInfo: inventory.serverInfo ?? info,
    instructions: inventory.instructions ?? (typeof instructions === 'string' ? instructions : null),
  };
}
