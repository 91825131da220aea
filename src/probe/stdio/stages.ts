/**
 * The stdio stages (docs/stdio.md#detection), a table the scheduler (../scheduler.ts) runs like
 * the HTTP one. `x.launch` starts the server and sends `server/discover` first; on any error, or
 * when its window closes unanswered (./era-probe.ts), the client falls back to `initialize` on
 * the same connection (a new launch when the process died); an answer that comes late is still
 * read. The listings and the tool probes are the channel stages the HTTP table uses
 * (../stages/channel.ts), over the connection the era was found on.
 */
import { modernSignal, offeredVersion } from '../../evidence/derive/revision.js';
import type { ModernSignal } from '../../evidence/derive/revision.js';
import type {
  InitAttempt,
  ListingEvidence,
  Mode,
  Probe,
  RpcReply,
  StdioOpening,
  ToolProbes,
} from '../../evidence/types.js';
import type { Revision } from '../../spec/revisions.js';
import type { stdioChannel } from '../channel/stdio.js';
import { LADDER_PROBES } from '../detect.js';
import { initializeParams } from '../mcp-messages.js';
import type { RpcIds } from '../mcp-messages.js';
import type { Phase, Stage } from '../stage.js';
import { need } from '../stage.js';
import { listsStage, toolProbesStage } from '../stages/channel.js';
import { capabilitiesOf } from '../stages/tool-probes.js';
import type { EraProbe, EraWindow } from './era-probe.js';
import { ERA_PROBE_MS, openingAfterWindow, openingInWindow, sendEraProbe } from './era-probe.js';
import type { StdioProcess } from './runner.js';
/** The legacy version the fallback `initialize` requests (the newest handshake-era revision). */
export const FALLBACK_VERSION: Revision = '2025-11-25';

export const STDIO_PROBES = {
  launch: 'x.launch',
  launchLegacy: 'x.launch.legacy',
  initialized: 'p.initialized',
  launchBogus: 'x.launch.bogus',
  initBogus: 's.init.bogus',
} as const;

/** The version no server supports, as over Streamable HTTP (s.init.bogus, LEG02). */
export const BOGUS_VERSION = '1900-01-01';

/** What the stdio stages share: how to launch the server and speak to a launch. */
export interface StdioStageContext {
  readonly mode: Mode;
  readonly ids: RpcIds;
  readonly progress: (message: string) => void;
  readonly commandLine: string;
  /** Starts the command once more; every launch is shut down at the end, whatever happens. */
  readonly launch: (probe: string) => Promise<StdioProcess>;
  readonly channel: (proc: StdioProcess, framing: 'modern' | 'handshake') => ReturnType<typeof stdioChannel>;
  readonly redact: (text: string) => string;
  readonly requestTimeoutMs: number;
  /** The scan's deadline (epoch ms): the era probe waits for its answer until then at most. */
  readonly deadline: number;
  /** Test seam: the era probe's window (default ./era-probe.ts `ERA_WINDOW`). */
  readonly eraWindow?: EraWindow;
}

export interface StdioSofar {
  readonly first: StdioProcess;
  /** The era probe in flight (null: the command did not start). */
  readonly era: EraProbe | null;
  /** The era probe's answer within its window (skipped when the window closed first). */
  readonly discover: Probe<RpcReply>;
  /** What that answer (and its re-send) says: the era found at launch. */
  readonly signal: ModernSignal;
  /** The connection the legacy era is tried on: the first, or a new one when it died. */
  readonly legacy: StdioProcess;
  readonly init: InitAttempt | null;
  /**
   * A modern-only server slow to start, which refused initialize: its late DiscoverResult, read
   * within a request timeout during the fallback (the first connection is then listed on the
   * modern wire); null otherwise.
   */
  readonly lateModern: Probe<RpcReply> | null;
  /** The era probe's answer once the launch is over, when its window had closed unanswered. */
  readonly afterWindow: {
    readonly discover: Probe<RpcReply>;
    readonly signal: ModernSignal;
    readonly dualEra: boolean;
  };
  readonly lists: readonly Probe<ListingEvidence>[];
  readonly toolProbes: ToolProbes;
  readonly shutDown: true;
  readonly dualEra: boolean;
  /** s.init.bogus on a launch of its own (safe mode, when initialize was served). */
  readonly initBogus: Probe<RpcReply>;
}

type S = Readonly<Partial<StdioSofar>>;

const spawned = (s: S) => s.first !== undefined && s.first.failedToSpawn === null;
const modern = (s: S) => spawned(s) && need(s, 'signal').modern;

/**
 * `x.launch` and the era probe: server/discover first, its window opening at the child's first
 * output (re-sent once on -32020/-32021).
 */
const LAUNCH_STAGE: Stage<StdioStageContext, StdioSofar, 'first' | 'era' | 'discover' | 'signal'> = {
  id: 'launch',
  plan: [],
  needs: [],
  produces: ['first', 'era', 'discover', 'signal'],
  run: async (ctx) => {
    ctx.progress(`launching ${ctx.commandLine}`);
    const first = await ctx.launch(STDIO_PROBES.launch);
    if (first.failedToSpawn !== null) {
      first.noteOpening({ method: 'server/discover', outcome: 'not-sent', ms: 0 });
      const message = ctx.redact(`could not start the command: ${first.failedToSpawn}`);
      await first.shutdown();
      return {
        first,
        era: null,
        discover: { kind: 'failed', error: { code: 'connect', message }, exchanges: [] },
        signal: { modern: false, listed: [], how: null },
      };
    }
    const era = await sendEraProbe(
      first,
      ctx.channel(first, 'modern'),
      ctx.ids.take(),
      ctx.deadline - Date.now(),
      ctx.eraWindow,
    );
    let discover: Probe<RpcReply> = { kind: 'skipped', reason: 'dependency_failed' };
    if (era.inWindow !== null) {
      discover = era.inWindow;
      first.noteOpening(await openingInWindow(first, era, discover));
    }
    const code = discover.kind === 'ok' ? discover.value.response?.error?.code : undefined;
    const resend =
      code === -32020 || code === -32021
        ? await ctx.channel(first, 'modern').call({
            id: ctx.ids.take(),
            method: 'server/discover',
            params: {},
            probe: LADDER_PROBES.discoverResend,
            purpose: 'server/discover re-sent once',
            timeoutMs: ERA_PROBE_MS,
          })
        : undefined;
    return { first, era, discover, signal: modernSignal(discover, resend) };
  },
};

/**
 * The fallback: initialize on the same connection, or on a new one when the process died. When
 * the era probe's window closed unanswered and initialize is refused on the same connection,
 * the era probe's answer is awaited a request timeout longer: a modern-only server slow to start.
 */
const FALLBACK_STAGE: Stage<StdioStageContext, StdioSofar, 'legacy' | 'init' | 'lateModern'> = {
  id: 'fallback',
  plan: [],
  needs: ['first', 'era', 'signal'],
  produces: ['legacy', 'init', 'lateModern'],
  when: (_ctx, s) => spawned(s) && !modern(s),
  run: async (ctx, s) => {
    const first = need(s, 'first');
    const era = need(s, 'era')!;
    const legacy = first.exited ? await ctx.launch(STDIO_PROBES.launchLegacy) : first;
    legacy.phase = 'legacy';
    if (legacy.failedToSpawn !== null) return { legacy, init: null, lateModern: null };
    ctx.progress('falling back to initialize');
    const init = await initialize(ctx.channel(legacy, 'handshake'), ctx.ids);
    if (legacy !== first) legacy.noteOpening(openingFromInit(init));
    const late =
      era.inWindow === null && legacy === first && init.offered === null
        ? await settledWithin(era.answer, ctx.requestTimeoutMs)
        : null;
    if (late !== null && modernSignal(late).modern) {
      ctx.progress('the server answered server/discover late: listing it on the modern wire');
      return { legacy, init, lateModern: late };
    }
    if (init.offered !== null) notifyInitialized(ctx.channel(legacy, 'handshake'));
    return { legacy, init, lateModern: null };
  },
};

/** The probe once it has settled, or null when `ms` pass first. */
async function settledWithin<T>(p: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const out = await Promise.race([p, new Promise<null>((r) => (timer = setTimeout(() => r(null), ms)))]);
  clearTimeout(timer);
  return out;
}

/** The era is modern on the first connection: found at launch, or from a late answer in the fallback. */
const modernFirst = (s: S) => modern(s) || (s.lateModern ?? null) !== null;

/** The connection the era was found on: the first (modern), or the legacy one when initialize was served. */
function listedOn(ctx: StdioStageContext, s: S) {
  return modernFirst(s)
    ? ctx.channel(need(s, 'first'), 'modern')
    : ctx.channel(need(s, 'legacy'), 'handshake');
}
const listed = (s: S) => modernFirst(s) || (s.init?.offered ?? null) !== null;

const LISTS_STAGE = listsStage<StdioStageContext, StdioSofar, 'lists'>({
  id: 'lists',
  plan: [],
  needs: ['first', 'signal', 'legacy', 'init', 'lateModern'],
  produces: 'lists',
  when: (ctx, s) => {
    if (modern(s)) ctx.progress('the server speaks the modern wire: listing it');
    return listed(s);
  },
  channel: listedOn,
  concurrent: false,
});

/** Not after a late modern answer: that server is only listed (its era came too late to probe). */
const TOOL_PROBES_STAGE = toolProbesStage<StdioStageContext, StdioSofar, 'toolProbes'>({
  id: 'tool-probes',
  plan: [],
  needs: ['first', 'signal', 'legacy', 'init', 'lateModern', 'discover', 'lists'],
  produces: 'toolProbes',
  when: (_ctx, s) => listed(s) && (s.lateModern ?? null) === null,
  input: (ctx, s) => ({
    channel: listedOn(ctx, s),
    mode: ctx.mode,
    capabilities: capabilitiesOf(modern(s) ? need(s, 'discover') : need(s, 'init')!.probe),
    tools: need(s, 'lists')[0]!,
  }),
});

/** The connections of the era phase are closed: the legacy one, then the first. */
const SHUTDOWN_STAGE: Stage<StdioStageContext, StdioSofar, 'shutDown'> = {
  id: 'shutdown',
  plan: [],
  needs: ['first', 'legacy'],
  produces: ['shutDown'],
  when: (_ctx, s) => spawned(s),
  run: async (_ctx, s) => {
    const first = need(s, 'first');
    if (s.legacy) await s.legacy.shutdown();
    if (s.legacy !== first) await first.shutdown();
    return { shutDown: true };
  },
};

/**
 * The era probe's window closed unanswered: its answer is read once the launch is over (the
 * shutdown ends the wait at the latest), with its delay; when it shows the modern wire after
 * all, the server is modern (and dual-era when it also served initialize).
 */
const AFTER_WINDOW_STAGE: Stage<StdioStageContext, StdioSofar, 'afterWindow'> = {
  id: 'after-window',
  plan: [],
  needs: ['first', 'era', 'discover', 'signal', 'init', 'lateModern', 'shutDown'],
  produces: ['afterWindow'],
  when: (_ctx, s) => spawned(s) && !modern(s) && need(s, 'era')?.inWindow === null,
  run: async (_ctx, s) => {
    const era = need(s, 'era')!;
    const late = await era.answer;
    need(s, 'first').noteOpening(openingAfterWindow(era, late));
    const lateModern = s.lateModern ?? null;
    let discover = lateModern ?? need(s, 'discover');
    let signal = lateModern ? modernSignal(lateModern) : need(s, 'signal');
    let dualEra = false;
    if (!signal.modern && modernSignal(late).modern) {
      discover = late;
      signal = modernSignal(late);
      dualEra = (s.init?.offered ?? null) !== null;
    } else if (discover.kind === 'skipped') discover = late;
    return { afterWindow: { discover, signal, dualEra } };
  },
};

/** The era is chosen per connection: a second launch shows whether a modern server serves initialize too. */
const SECOND_LAUNCH_STAGE: Stage<StdioStageContext, StdioSofar, 'init' | 'dualEra'> = {
  id: 'second-launch',
  plan: [],
  needs: ['signal'],
  produces: ['init', 'dualEra'],
  when: (_ctx, s) => modern(s),
  run: async (ctx) => {
    const second = await ctx.launch(STDIO_PROBES.launchLegacy);
    second.phase = 'legacy';
    const init = await initialize(ctx.channel(second, 'handshake'), ctx.ids);
    second.noteOpening(openingFromInit(init));
    const dualEra = init.offered !== null;
    if (dualEra) notifyInitialized(ctx.channel(second, 'handshake'));
    await second.shutdown();
    return { init, dualEra };
  },
};

/**
 * s.init.bogus (LEG02): `initialize` with protocolVersion 1900-01-01 on a fresh launch, as the
 * handshake-era session is probed over Streamable HTTP with it. A stdio connection is one
 * session: a second initialize on one already initialized would ask another question.
 */
const BOGUS_INIT_STAGE: Stage<StdioStageContext, StdioSofar, 'initBogus'> = {
  id: 'bogus-version',
  plan: [],
  needs: ['init'],
  produces: ['initBogus'],
  when: (ctx, s) => ctx.mode !== 'passive' && (s.init?.offered ?? null) !== null,
  run: async (ctx) => {
    const proc = await ctx.launch(STDIO_PROBES.launchBogus);
    proc.phase = 'legacy';
    const initBogus = await ctx.channel(proc, 'handshake').call({
      id: ctx.ids.take(),
      method: 'initialize',
      params: initializeParams(BOGUS_VERSION) as Record<string, unknown>,
      probe: STDIO_PROBES.initBogus,
      purpose: `initialize with protocolVersion ${BOGUS_VERSION}`,
    });
    const failed = initBogus.kind === 'failed' ? initBogus.error.code : null;
    proc.noteOpening({
      method: 'initialize',
      outcome: failed === null ? 'response' : failed === 'reset' ? 'exit' : 'timeout',
      ms: 0,
    });
    await proc.shutdown();
    return { initBogus };
  },
};

export const STDIO_PHASES: readonly Phase<StdioStageContext, StdioSofar>[] = [
  { id: 'launch', stages: [LAUNCH_STAGE] },
  { id: 'era', stages: [FALLBACK_STAGE, LISTS_STAGE, TOOL_PROBES_STAGE] },
  { id: 'shutdown', stages: [SHUTDOWN_STAGE, AFTER_WINDOW_STAGE] },
  { id: 'second connection', stages: [SECOND_LAUNCH_STAGE] },
  { id: 'bogus version', stages: [BOGUS_INIT_STAGE] },
];

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
