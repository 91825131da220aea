/**
 * Stage 3 on the handshake era over Streamable HTTP: the scanner's session (initialized,
 * second initialize, the inventory listings, the GET stream, the safe session and version
 * variants, DELETE and reuse of the deleted session).
 */
import type {
  HttpReply,
  LegacySessionEvidence,
  ListingEvidence,
  Probe,
  ToolProbes,
} from '../../evidence/types.js';
import { streamableHttpChannel } from '../channel/streamable-http.js';
import type { HttpInitAttempt } from '../detect.js';
import { listAll, LISTS, MAX_PAGES } from '../inventory.js';
import { probeLegacySession } from '../legacy-session.js';
import type { PlanEntry } from '../plan-entry.js';
import { planEntry } from '../plan-entry.js';
import type { StageContext } from './context.js';
import { capabilitiesOf, runToolProbesStage } from './tool-probes.js';

const AFTER_INIT = 'after a successful initialize';
const SESSION = 'when the server issued a session';

export const SESSIONS_PLAN: readonly PlanEntry[] = [
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

export interface SessionsOutcome {
  readonly sessions: LegacySessionEvidence;
  /** tools, prompts, resources, resource templates, listed on the session. */
  readonly lists: readonly Probe<ListingEvidence>[];
  /** `s.tool.unknown` and `s.cursor` on the session, after the listing (null when it did not run). */
  readonly toolProbes: ToolProbes | null;
}

/**
 * @param main the ladder's successful initialize (the same object as in `inits`: the others'
 *   sessions are samples and are closed again)
 */
export async function runSessionsStage(
  ctx: StageContext,
  main: HttpInitAttempt,
  reply: HttpReply,
  inits: readonly HttpInitAttempt[],
): Promise<SessionsOutcome> {
  const lists: Probe<ListingEvidence>[] = LISTS.map(() => ({ kind: 'skipped', reason: 'dependency_failed' }));
  let toolProbes: ToolProbes | null = null;
  const sessions = await probeLegacySession(
    { client: ctx.client, url: ctx.target.href, ids: ctx.ids, mode: ctx.mode },
    { attempt: main, reply },
    inits,
    async ({ sessionId, version }) => {
      const channel = streamableHttpChannel(ctx.client, ctx.target.href, {
        era: 'handshake',
        sessionId,
        version,
      });
      const got = await Promise.all(LISTS.map((_, i) => listAll(channel, i)));
      got.forEach((g, i) => (lists[i] = g));
      // Before the session is deleted: the probes travel on it, as a client's next calls would.
      toolProbes = await runToolProbesStage({
        channel,
        mode: ctx.mode,
        capabilities: capabilitiesOf(main.probe),
        tools: got[0]!,
      });
    },
  );
  return { sessions, lists, toolProbes };
}
