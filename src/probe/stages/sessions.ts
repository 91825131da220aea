/**
 * The era phase on the handshake era over Streamable HTTP: the scanner's session, in five
 * stages: opened (initialized, second initialize, the baseline list, the GET stream), the
 * inventory listings on it, the tool probes on it, the safe session and version variants, then
 * (after the 2025-03-26 batch, ./batch-0326.ts, which may use one of the ladder's sessions)
 * DELETE and reuse of the deleted session, with every extra session closed.
 *
 * The head start: the session and its listings depend only on the ladder's answered `initialize`,
 * not on `server/discover`. When discover is late (no answer a grace after every `initialize`
 * was answered), they are sent in the detect phase instead of waiting for it, so a server that
 * answers the handshake and then holds every request costs one request timeout, not two
 * (docs/performance.md#a-server-that-stops-answering). When discover answers in time, nothing
 * changes: the session opens in the era phase, its JSON-RPC ids taken in the same order.
 */
import { streamableHttpChannel } from '../channel/streamable-http.js';
import { handshakeMain } from '../detect.js';
import type { HttpInitAttempt, LadderRun } from '../detect.js';
import { DEFAULT_TIMEOUT_MS } from '../http/client.js';
import { listAll, LISTS, MAX_PAGES } from '../inventory.js';
import type { OpenLegacySession, SessionContext } from '../legacy-session.js';
import { closeLegacySession, openLegacySession, sendSessionVariants } from '../legacy-session.js';
import type { PlanEntry } from '../plan-entry.js';
import { planEntry } from '../plan-entry.js';
import type { Stage } from '../stage.js';
import { need } from '../stage.js';
import { listsStage, toolProbesStage } from './channel.js';
import type { StageContext } from './context.js';
import type { HttpSofar, SessionHeadStart } from './state.js';
import type { HttpReply } from '../../evidence/types.js';
import { capabilitiesOf, TOOL_PROBES_PLAN } from './tool-probes.js';

const AFTER_INIT = 'after a successful initialize';
const SESSION = 'when the server issued a session';

const SESSIONS_PLAN: readonly PlanEntry[] = [
  planEntry('p.initialized', 'passive', 'POST', 'notifications/initialized on the session', AFTER_INIT),
  planEntry('p.init2', 'passive', 'POST', 'a second initialize (second session-ID sample)', AFTER_INIT),
  planEntry('p.list.baseline', 'passive', 'POST', 'tools/list on the session', AFTER_INIT),
  ...LISTS.map((l) =>
    planEntry(`p.list(${l.method})`, 'passive', 'POST', `${l.method} (≤${MAX_PAGES} pages)`, AFTER_INIT),
  ),
  planEntry('s.get', 'safe', 'GET', 'GET the standalone SSE stream (read ≤2 s)', AFTER_INIT),
  planEntry('s.session.none', 'safe', 'POST', 'tools/list without Mcp-Session-Id', SESSION),
  planEntry(
    's.session.unknown',
    'safe',
    'POST',
    'tools/list with a random, never-issued session ID',
    SESSION,
  ),
  planEntry('s.version.bad', 'safe', 'POST', 'tools/list with MCP-Protocol-Version: 1900-01-01', AFTER_INIT),
  planEntry('s.version.none', 'safe', 'POST', 'tools/list without MCP-Protocol-Version', AFTER_INIT),
  planEntry('s.batch', 'safe', 'POST', 'a two-element batch of tools/list', AFTER_INIT),
  planEntry('s.init.bogus', 'safe', 'POST', 'initialize with protocolVersion 1900-01-01', AFTER_INIT),
  planEntry('p.delete', 'passive', 'DELETE', "close the scanner's session", SESSION),
  planEntry(
    's.session.reuse',
    'safe',
    'POST',
    'tools/list with the deleted session ID (one retry after 500 ms)',
    'after a 2xx DELETE',
  ),
];

const OPENING = new Set(['p.initialized', 'p.init2', 'p.list.baseline']);
const CLOSING = new Set(['p.delete', 's.session.reuse']);
const LISTING = new Set(LISTS.map((l) => `p.list(${l.method})`));

const sessionContext = (ctx: StageContext): SessionContext => ({
  client: ctx.client,
  url: ctx.target.href,
  ids: ctx.ids,
  mode: ctx.mode,
});

/** The ladder's successful initialize, when the endpoint is a handshake-era Streamable HTTP one. */
function mainInit(sofar: Readonly<Partial<HttpSofar>>) {
  const d = need(sofar, 'detected');
  const main = d.main;
  return main && main.probe.kind === 'ok' && d.detection.transport === 'streamable-http'
    ? { attempt: main, reply: main.probe.value }
    : null;
}

/** How long `server/discover` may lag the answered `initialize` before the session starts without it. */
const HEAD_START_GRACE = {
  /** At least this long after every `initialize` was answered… */
  minMs: 1_000,
  /** …or this many times as long as the ladder's `initialize` answers took… */
  factor: 4,
  /** …but at most this share of the request timeout, so the head start always gains. */
  ofTimeout: 0.5,
} as const;

/** Whether `p` settles within `ms`; the timer does not outlive the answer. */
async function settlesWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([p.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

function openChannel(ctx: StageContext, session: OpenLegacySession) {
  const { sessionId, version } = session;
  return streamableHttpChannel(ctx.client, ctx.target.href, { era: 'handshake', sessionId, version });
}

async function headStart(ctx: StageContext, run: LadderRun<HttpReply>): Promise<SessionHeadStart | null> {
  const inits: readonly HttpInitAttempt[] = await run.inits;
  const main = handshakeMain(inits);
  if (main?.probe.kind !== 'ok') return null;
  const { minMs, factor, ofTimeout } = HEAD_START_GRACE;
  const timeoutMs = ctx.opts.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const grace = Math.min(Math.max(minMs, factor * (performance.now() - run.sentAt)), ofTimeout * timeoutMs);
  if (await settlesWithin(run.result, grace)) return null;
  // An answered initialize fixes what the session needs (Streamable HTTP, a reachable endpoint,
  // the main attempt), whatever discover later says: SESSION_OPEN_STAGE then always runs.
  const session = openLegacySession(sessionContext(ctx), { attempt: main, reply: main.probe.value }, inits);
  const lists = session.then((s) => Promise.all(LISTS.map((_, i) => listAll(openChannel(ctx, s), i))));
  return { session, lists };
}

/** In the detect phase, beside the ladder: the session's head start when discover is late, or null. */
export const SESSION_HEAD_START_STAGE: Stage<StageContext, HttpSofar, 'headStart'> = {
  id: 'session-head-start',
  plan: [],
  needs: ['ladderRun'],
  produces: ['headStart'],
  run: async (ctx, sofar) => ({ headStart: await headStart(ctx, need(sofar, 'ladderRun')) }),
};

export const SESSION_OPEN_STAGE: Stage<StageContext, HttpSofar, 'session'> = {
  id: 'session',
  plan: SESSIONS_PLAN.filter((e) => OPENING.has(e.probe)),
  needs: ['detected', 'ladder', 'headStart'],
  produces: ['session'],
  when: (_ctx, sofar) => mainInit(sofar) !== null,
  // The main initialize is the same object as in `inits`: the others' sessions are samples, closed again.
  run: async (ctx, sofar) => ({
    session: await (sofar.headStart?.session ??
      openLegacySession(sessionContext(ctx), mainInit(sofar)!, need(sofar, 'ladder').inits)),
  }),
};

function sessionChannel(ctx: StageContext, sofar: Readonly<Partial<HttpSofar>>) {
  return openChannel(ctx, need(sofar, 'session'));
}

export const SESSION_LISTS_STAGE = listsStage<StageContext, HttpSofar, 'sessionLists'>({
  id: 'session-lists',
  plan: SESSIONS_PLAN.filter((e) => LISTING.has(e.probe)),
  needs: ['session'],
  produces: 'sessionLists',
  when: (_ctx, sofar) => sofar.session !== undefined,
  channel: sessionChannel,
  concurrent: true,
  ahead: (sofar) => sofar.headStart?.lists ?? null,
});

/** Before the session is deleted: the probes travel on it, as a client's next calls would. */
export const SESSION_TOOL_PROBES_STAGE = toolProbesStage<StageContext, HttpSofar, 'sessionToolProbes'>({
  id: 'tool-probes',
  plan: TOOL_PROBES_PLAN,
  needs: ['session', 'sessionLists'],
  produces: 'sessionToolProbes',
  when: (_ctx, sofar) => sofar.session !== undefined,
  input: (ctx, sofar) => ({
    channel: sessionChannel(ctx, sofar),
    mode: ctx.mode,
    capabilities: capabilitiesOf(need(sofar, 'session').main.attempt.probe),
    tools: need(sofar, 'sessionLists')[0]!,
  }),
});

export const SESSION_VARIANTS_STAGE: Stage<StageContext, HttpSofar, 'sessionVariants'> = {
  id: 'session-variants',
  plan: SESSIONS_PLAN.filter((e) => !OPENING.has(e.probe) && !LISTING.has(e.probe) && !CLOSING.has(e.probe)),
  needs: ['session', 'sessionToolProbes'],
  produces: ['sessionVariants'],
  when: (_ctx, sofar) => sofar.session !== undefined,
  run: async (_ctx, sofar) => ({ sessionVariants: await sendSessionVariants(need(sofar, 'session')) }),
};

export const SESSION_CLOSE_STAGE: Stage<StageContext, HttpSofar, 'sessions'> = {
  id: 'session-close',
  plan: SESSIONS_PLAN.filter((e) => CLOSING.has(e.probe)),
  needs: ['session', 'sessionVariants', 'batch0326'],
  produces: ['sessions'],
  when: (_ctx, sofar) => sofar.session !== undefined,
  run: async (_ctx, sofar) => ({
    sessions: await closeLegacySession(
      need(sofar, 'session'),
      need(sofar, 'sessionVariants'),
      need(sofar, 'batch0326'),
    ),
  }),
};
