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
import { deriveRevision, modernSignal, offeredVersion } from '../../evidence/derive/revision.js';
import type { ModernSignal } from '../../evidence/derive/revision.js';
import { resultObject } from '../../evidence/parse/json-value.js';
import type {
  Evidence,
  InitAttempt,
  ListingEvidence,
  Mode,
  Probe,
  RpcReply,
  StdioEvidence,
  StdioOpening,
  TargetClass,
  ToolProbes,
} from '../../evidence/types.js';
import { EVIDENCE_SCHEMA_VERSION } from '../../evidence/types.js';
import type { Revision } from '../../spec/revisions.js';
import { TOOL_NAME, TOOL_VERSION } from '../../version.js';
import { stdioChannel } from '../channel/stdio.js';
import { LADDER_PROBES } from '../detect.js';
import { LISTS, listAll } from '../inventory.js';
import { initializeParams, RpcIds } from '../mcp-messages.js';
import { capabilitiesOf, runToolProbesStage } from '../stages/tool-probes.js';
import { redactArgs, stdioRedactor } from '../../targets/redact-command.js';
import type { StdioLimits } from './runner.js';
import type { StdioCommand } from '../../targets/target.js';
import { stdioCommandLine } from '../../targets/target.js';
import { childEnvNames } from './launch-env.js';
import { DEFAULT_LIMITS, SHUTDOWN_WAIT, StdioProcess } from './runner.js';
import type { PreparedSandbox, SandboxMode } from './sandbox/prepare.js';
import { prepareSandbox } from './sandbox/prepare.js';
import type { EraWindow } from './era-probe.js';
import { ERA_PROBE_MS, openingAfterWindow, openingInWindow, sendEraProbe } from './era-probe.js';
import { stdioPinSection } from './pin.js';
import type { CollectOptions } from '../scan-options.js';

/** The legacy version the fallback `initialize` requests (the newest handshake-era revision). */
export const FALLBACK_VERSION: Revision = '2025-11-25';

export const STDIO_PROBES = {
  launch: 'x.launch',
  launchLegacy: 'x.launch.legacy',
  initialized: 'p.initialized',
} as const;

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
  const ids = new RpcIds();
  const launches: StdioProcess[] = [];
  const launch = async (probe: string): Promise<StdioProcess> => {
    const proc = new StdioProcess(opts.command, { probe, limits, sandbox, redact, nextExchangeId });
    launches.push(proc);
    await proc.start();
    opts.onLaunch?.(proc);
    return proc;
  };
  const channel = (proc: StdioProcess, framing: 'modern' | 'handshake') =>
    stdioChannel(proc, framing, requestTimeoutMs, deadline);

  let discover: Probe<RpcReply> = { kind: 'skipped', reason: 'dependency_failed' };
  let signal: ModernSignal = { modern: false, listed: [], how: null };
  let init: InitAttempt | null = null;
  let lists: readonly Probe<ListingEvidence>[] = LISTS.map(() => NOT_LISTED);
  let dualEra = false;
  let toolProbes: ToolProbes | null = null;
  try {
    progress(`launching ${stdioCommandLine(opts.command)}`);
    const first = await launch(STDIO_PROBES.launch);
    if (first.failedToSpawn === null) {
      // The era probe: server/discover first; its window opens at the child's first output.
      const era = await sendEraProbe(
        first,
        channel(first, 'modern'),
        ids.take(),
        deadline - Date.now(),
        opts.eraWindow,
      );
      if (era.inWindow !== null) {
        discover = era.inWindow;
        first.noteOpening(await openingInWindow(first, era, discover));
      }
      let resend: Probe<RpcReply> | undefined;
      const code = discover.kind === 'ok' ? discover.value.response?.error?.code : undefined;
      if (code === -32020 || code === -32021)
        resend = await channel(first, 'modern').call({
          id: ids.take(),
          method: 'server/discover',
          params: {},
          probe: LADDER_PROBES.discoverResend,
          purpose: 'server/discover re-sent once',
          timeoutMs: ERA_PROBE_MS,
        });
      signal = modernSignal(discover, resend);

      if (signal.modern) {
        progress('the server speaks the modern wire: listing it');
        lists = await listEach(channel(first, 'modern'));
        toolProbes = await runToolProbesStage({
          channel: channel(first, 'modern'),
          mode,
          capabilities: capabilitiesOf(discover),
          tools: lists[0]!,
        });
        await first.shutdown();
        // The era is chosen per connection: a second launch shows whether initialize is served too.
        const second = await launch(STDIO_PROBES.launchLegacy);
        second.phase = 'legacy';
        init = await initialize(channel(second, 'handshake'), ids);
        second.noteOpening(openingFromInit(init));
        dualEra = init.offered !== null;
        if (dualEra) notifyInitialized(channel(second, 'handshake'));
        await second.shutdown();
      } else {
        // The fallback: initialize on the same connection, or on a new one when the process died.
        const legacy = first.exited ? await launch(STDIO_PROBES.launchLegacy) : first;
        legacy.phase = 'legacy';
        if (legacy.failedToSpawn === null) {
          progress('falling back to initialize');
          init = await initialize(channel(legacy, 'handshake'), ids);
          if (legacy !== first) legacy.noteOpening(openingFromInit(init));
          // A modern-only server that was slow to start refuses initialize: its late DiscoverResult is awaited.
          const late =
            era.inWindow === null && legacy === first && init.offered === null
              ? await settledWithin(era.answer, requestTimeoutMs)
              : null;
          if (late !== null && modernSignal(late).modern) {
            discover = late;
            signal = modernSignal(late);
            progress('the server answered server/discover late: listing it on the modern wire');
            lists = await listEach(channel(first, 'modern'));
          } else if (init.offered !== null) {
            notifyInitialized(channel(legacy, 'handshake'));
            lists = await listEach(channel(legacy, 'handshake'));
            toolProbes = await runToolProbesStage({
              channel: channel(legacy, 'handshake'),
              mode,
              capabilities: capabilitiesOf(init.probe),
              tools: lists[0]!,
            });
          }
        }
        await legacy.shutdown();
        if (legacy !== first) await first.shutdown();
        if (era.inWindow === null) {
          // Read whenever it arrived during the launch (the shutdown ends the wait at the latest).
          const late = await era.answer;
          first.noteOpening(openingAfterWindow(era, late));
          if (!signal.modern && modernSignal(late).modern) {
            discover = late;
            signal = modernSignal(late);
            dualEra = init?.offered !== null && init?.offered !== undefined;
          } else if (discover.kind === 'skipped') discover = late;
        }
      }
    } else {
      first.noteOpening({ method: 'server/discover', outcome: 'not-sent', ms: 0 });
      discover = {
        kind: 'failed',
        error: { code: 'connect', message: redact(`could not start the command: ${first.failedToSpawn}`) },
        exchanges: [],
      };
      await first.shutdown();
    }
  } finally {
    // Whatever happened (an exception in a listing): nothing is left running.
    for (const p of launches) if (!p.exited) p.kill();
    await Promise.all(launches.map((p) => p.shutdown()));
  }

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

async function initialize(ch: ReturnType<typeof stdioChannel>, ids: RpcIds): Promise<InitAttempt> {
  const probe = await ch.call({
    id: ids.take(),
    method: 'initialize',
    params: initializeParams(FALLBACK_VERSION) as Record<string, unknown>,
    probe: LADDER_PROBES.init(FALLBACK_VERSION),
    purpose: `initialize with protocolVersion ${FALLBACK_VERSION}: detect the legacy era`,
  });
  return {
    requested: FALLBACK_VERSION,
    probe,
    offered: probe.kind === 'ok' ? offeredVersion(probe.value) : null,
  };
}

function notifyInitialized(ch: ReturnType<typeof stdioChannel>): void {
  void ch.call({
    id: null,
    method: 'notifications/initialized',
    probe: STDIO_PROBES.initialized,
    purpose: 'notifications/initialized: end of the handshake',
  });
}

async function listEach(ch: ReturnType<typeof stdioChannel>): Promise<Probe<ListingEvidence>[]> {
  const out: Probe<ListingEvidence>[] = [];
  // One at a time: stdio servers commonly process requests in order anyway.
  for (let i = 0; i < LISTS.length; i++) out.push(await listAll(ch, i));
  return out;
}

/** The probe once it has settled, or null when `ms` pass first. */
async function settledWithin<T>(p: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const out = await Promise.race([p, new Promise<null>((r) => (timer = setTimeout(() => r(null), ms)))]);
  clearTimeout(timer);
  return out;
}

function openingFromInit(init: InitAttempt): StdioOpening {
  const p = init.probe;
  return {
    method: 'initialize',
    outcome:
      p.kind === 'ok'
        ? 'response'
        : p.kind === 'skipped'
          ? 'not-sent'
          : p.error.code === 'reset'
            ? 'exit'
            : 'timeout',
    ms: 0,
  };
}
