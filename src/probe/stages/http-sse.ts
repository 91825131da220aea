/**
 * Detect, only when every POST of the ladder failed: the 2024-11-05 HTTP+SSE transport. Three
 * stages: the stream opened (a GET, then initialize, initialized and tools/list over the
 * announced endpoint), the tool probes over that endpoint, then the bad-session ping and the
 * stream closed.
 */
import { wantsSseFallback } from '../../evidence/derive/detection.js';
import type { HttpReply } from '../../evidence/types.js';
import type { LadderResult } from '../detect.js';
import type { PlanEntry } from '../plan-entry.js';
import { planEntry } from '../plan-entry.js';
import { openSseTransport } from '../sse-transport.js';
import type { Stage } from '../stage.js';
import { need } from '../stage.js';
import { toolProbesStage } from './channel.js';
import type { StageContext } from './context.js';
import type { HttpSofar } from './state.js';

const ENDPOINT = '<endpoint URI>';
const SSE_BAD_SESSION = 's.sse.badsession';

export const HTTP_SSE_PLAN: readonly PlanEntry[] = [
  planEntry(
    'p.sse',
    'passive',
    'GET',
    'open the HTTP+SSE stream (Accept: text/event-stream)',
    'when every POST failed with 400/404/405',
  ),
  planEntry(
    'p.sse.init',
    'passive',
    'POST',
    'initialize over the announced message endpoint',
    'when an endpoint event arrived',
    ENDPOINT,
  ),
  planEntry(
    'p.sse.initialized',
    'passive',
    'POST',
    'notifications/initialized over HTTP+SSE',
    'after p.sse.init',
    ENDPOINT,
  ),
  planEntry('p.sse.list', 'passive', 'POST', 'tools/list over HTTP+SSE', 'after p.sse.init', ENDPOINT),
  planEntry(
    SSE_BAD_SESSION,
    'safe',
    'POST',
    'ping with an unknown session parameter',
    'when the endpoint URI has one',
    ENDPOINT,
  ),
];

/** The stage runs only when the Streamable HTTP POSTs all failed and none was modern. */
function runsHttpSse(ladder: LadderResult<HttpReply>): boolean {
  return wantsSseFallback([ladder.discover, ...ladder.inits.map((i) => i.probe)], ladder.modern.modern);
}

export const SSE_OPEN_STAGE: Stage<StageContext, HttpSofar, 'sseOpened'> = {
  id: 'http-sse',
  plan: HTTP_SSE_PLAN.filter((e) => e.probe !== SSE_BAD_SESSION),
  needs: ['ladder'],
  produces: ['sseOpened'],
  when: (_ctx, sofar) => runsHttpSse(need(sofar, 'ladder')),
  run: async (ctx) => {
    ctx.progress('POST probes failed: looking for the HTTP+SSE transport');
    return {
      sseOpened: await openSseTransport(ctx.client, ctx.target.href, ctx.ids, ctx.mode !== 'passive'),
    };
  },
};

/** The tool probes follow the listing over the message endpoint, while the stream is open. */
export const SSE_TOOL_PROBES_STAGE = toolProbesStage<StageContext, HttpSofar, 'sseToolProbes'>({
  id: 'http-sse-tool-probes',
  // The same requests as the session's tool probes: their plan entries name both channels.
  plan: [],
  needs: ['sseOpened'],
  produces: 'sseToolProbes',
  when: (_ctx, sofar) => sofar.sseOpened?.listed != null,
  input: (ctx, sofar) => {
    const listed = need(sofar, 'sseOpened').listed!;
    return {
      channel: listed.channel,
      mode: ctx.mode !== 'passive' ? 'safe' : 'passive',
      capabilities: listed.capabilities,
      tools: listed.tools,
    };
  },
});

export const SSE_CLOSE_STAGE: Stage<StageContext, HttpSofar, 'sseOutcome'> = {
  id: 'http-sse-close',
  plan: HTTP_SSE_PLAN.filter((e) => e.probe === SSE_BAD_SESSION),
  needs: ['sseOpened', 'sseToolProbes'],
  produces: ['sseOutcome'],
  when: (_ctx, sofar) => sofar.sseOpened !== undefined,
  run: async (_ctx, sofar) => ({ sseOutcome: await need(sofar, 'sseOpened').finish() }),
};
