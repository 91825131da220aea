/**
 * Stage 2, only when every POST of the ladder failed: the 2024-11-05 HTTP+SSE transport (a GET
 * for the event stream, then initialize, initialized and tools/list over the announced endpoint).
 */
import { wantsSseFallback } from '../../evidence/derive/detection.js';
import type { HttpReply } from '../../evidence/types.js';
import type { LadderResult } from '../detect.js';
import type { PlanEntry } from '../plan-entry.js';
import { planEntry } from '../plan-entry.js';
import { probeSseTransport } from '../sse-transport.js';
import type { StageContext } from './context.js';

const ENDPOINT = '<endpoint URI>';

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
    's.sse.badsession',
    'safe',
    'POST',
    'ping with an unknown session parameter',
    'when the endpoint URI has one',
    ENDPOINT,
  ),
];

/** The stage runs only when the Streamable HTTP POSTs all failed and none was modern. */
export function runsHttpSse(ladder: LadderResult<HttpReply>): boolean {
  return wantsSseFallback([ladder.discover, ...ladder.inits.map((i) => i.probe)], ladder.modern.modern);
}

export function runHttpSseStage(ctx: StageContext): ReturnType<typeof probeSseTransport> {
  ctx.progress('POST probes failed: looking for the HTTP+SSE transport');
  return probeSseTransport(ctx.client, ctx.target.href, ctx.ids, ctx.mode !== 'passive');
}
