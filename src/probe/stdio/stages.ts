/**
 * The stdio stages (docs/stdio.md#detection), a table the scheduler (../scheduler.ts) runs like
 * the HTTP one. `x.launch` starts the server and sends `server/discover` first; on any error, or
 * after 5 s of silence, the client falls back to `initialize` on the same connection (a new
 * launch when the process died). The listings and the tool probes are the channel stages the
 * HTTP table uses (../stages/channel.ts), over the connection the era was found on.
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
import type { StdioProcess } from './runner.js';

/** The spec's stdio rule: a client falls back to `initialize` after this much silence. */
export const ERA_PROBE_MS = 5_000;
/** The legacy version the fallback `initialize` requests (the newest handshake-era revision). */
export const FALLBACK_VERSION: Revision = '2025-11-25';

export const STDIO_PROBES = {
  launch: 'x.launch',
  launchLegacy: 'x.launch.legacy',
  initialized: 'p.initialized',
} as const;

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
}

export interface StdioSofar {
  readonly first: StdioProcess;
  readonly discover: Probe<RpcReply>;
  readonly signal: ModernSignal;
  /** The connection the legacy era is tried on: the first, or a new one when it died. */
  readonly legacy: StdioProcess;
  readonly init: InitAttempt | null;
  readonly lists: readonly Probe<ListingEvidence>[];
  readonly toolProbes: ToolProbes;
  readonly shutDown: true;
  readonly dualEra: boolean;
}

type S = Readonly<Partial<StdioSofar>>;

const spawned = (s: S) => s.first !== undefined && s.first.failedToSpawn === null;
const modern = (s: S) => spawned(s) && need(s, 'signal').modern;

/** `x.launch` and the era probe: server/discover first, 5 s at most (re-sent once on -32020/-32021). */
const LAUNCH_STAGE: Stage<StdioStageContext, StdioSofar, 'first' | 'discover' | 'signal'> = {
  id: 'launch',
  plan: [],
  needs: [],
  produces: ['first', 'discover', 'signal'],
  run: async (ctx) => {
    ctx.progress(`launching ${ctx.commandLine}`);
    const first = await ctx.launch(STDIO_PROBES.launch);
    if (first.failedToSpawn !== null) {
      first.noteOpening({ method: 'server/discover', outcome: 'not-sent', ms: 0 });
      const message = ctx.redact(`could not start the command: ${first.failedToSpawn}`);
      await first.shutdown();
      return {
        first,
        discover: { kind: 'failed', error: { code: 'connect', message }, exchanges: [] },
        signal: { modern: false, listed: [], how: null },
      };
    }
    const sentAfter = Date.now();
    const discover = await eraProbe(
      ctx,
      first,
      LADDER_PROBES.discover,
      'server/discover (2026-07-28 wire): detect the modern era',
    );
    first.noteOpening(await openingOf(first, discover, Date.now() - sentAfter));
    const code = discover.kind === 'ok' ? discover.value.response?.error?.code : undefined;
    const resend =
      code === -32020 || code === -32021
        ? await eraProbe(ctx, first, LADDER_PROBES.discoverResend, 'server/discover re-sent once')
        : undefined;
    return { first, discover, signal: modernSignal(discover, resend) };
  },
};

function eraProbe(ctx: StdioStageContext, proc: StdioProcess, probe: string, purpose: string) {
  return ctx.channel(proc, 'modern').call({
    id: ctx.ids.take(),
    method: 'server/discover',
    params: {},
    probe,
    purpose,
    timeoutMs: ERA_PROBE_MS,
  });
}

/** The fallback: initialize on the same connection, or on a new one when the process died. */
const FALLBACK_STAGE: Stage<StdioStageContext, StdioSofar, 'legacy' | 'init'> = {
  id: 'fallback',
  plan: [],
  needs: ['first', 'signal'],
  produces: ['legacy', 'init'],
  when: (_ctx, s) => spawned(s) && !modern(s),
  run: async (ctx, s) => {
    const first = need(s, 'first');
    const legacy = first.exited ? await ctx.launch(STDIO_PROBES.launchLegacy) : first;
    legacy.phase = 'legacy';
    if (legacy.failedToSpawn !== null) return { legacy, init: null };
    ctx.progress('falling back to initialize');
    const init = await initialize(ctx.channel(legacy, 'handshake'), ctx.ids);
    if (legacy !== first) legacy.noteOpening(openingFromInit(init));
    if (init.offered !== null) notifyInitialized(ctx.channel(legacy, 'handshake'));
    return { legacy, init };
  },
};

/** The connection the era was found on: the first (modern), or the legacy one when initialize was served. */
function listedOn(ctx: StdioStageContext, s: S) {
  return modern(s) ? ctx.channel(need(s, 'first'), 'modern') : ctx.channel(need(s, 'legacy'), 'handshake');
}
const listed = (s: S) => modern(s) || (s.init?.offered ?? null) !== null;

const LISTS_STAGE = listsStage<StdioStageContext, StdioSofar, 'lists'>({
  id: 'lists',
  plan: [],
  needs: ['first', 'signal', 'legacy', 'init'],
  produces: 'lists',
  when: (ctx, s) => {
    if (modern(s)) ctx.progress('the server speaks the modern wire: listing it');
    return listed(s);
  },
  channel: listedOn,
  concurrent: false,
});

const TOOL_PROBES_STAGE = toolProbesStage<StdioStageContext, StdioSofar, 'toolProbes'>({
  id: 'tool-probes',
  plan: [],
  needs: ['first', 'signal', 'legacy', 'init', 'discover', 'lists'],
  produces: 'toolProbes',
  when: (_ctx, s) => listed(s),
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

export const STDIO_PHASES: readonly Phase<StdioStageContext, StdioSofar>[] = [
  { id: 'launch', stages: [LAUNCH_STAGE] },
  { id: 'era', stages: [FALLBACK_STAGE, LISTS_STAGE, TOOL_PROBES_STAGE] },
  { id: 'shutdown', stages: [SHUTDOWN_STAGE] },
  { id: 'second connection', stages: [SECOND_LAUNCH_STAGE] },
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

/**
 * What became of the era probe (STDIO06): a response with the process still alive, the process
 * exiting, only non-JSON output, or silence.
 */
async function openingOf(proc: StdioProcess, probe: Probe<RpcReply>, ms: number): Promise<StdioOpening> {
  if (probe.kind === 'ok') {
    // "the process stays alive": a crash right after answering counts too.
    const died = await proc.waitExit(200);
    return { method: 'server/discover', outcome: died ? 'exit' : 'response', ms };
  }
  if (probe.kind === 'skipped') return { method: 'server/discover', outcome: 'not-sent', ms };
  if (probe.error.code === 'reset' || proc.exited) return { method: 'server/discover', outcome: 'exit', ms };
  const sent = proc.lastSentSeq();
  return {
    method: 'server/discover',
    outcome: proc.nonJsonAfter(sent) > 0 ? 'non-json' : 'timeout',
    ms,
  };
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
