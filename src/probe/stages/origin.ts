/**
 * Stage 3, beside the sessions: the first answered MCP request repeated with a foreign, a
 * `null` and a look-alike Origin, a CORS preflight and (local targets) a foreign Host; the
 * sessions those repeats opened are closed again in the cleanup.
 */
import type { HttpReply, OriginProbes, Probe, SseTransportEvidence } from '../../evidence/types.js';
import type { HttpInitAttempt } from '../detect.js';
import { initialize } from '../detect.js';
import { deleteSession } from '../legacy-session.js';
import { discoverHeaders, modernMeta, rpcRequest, SSE_HEADERS } from '../mcp-messages.js';
import { FOREIGN_HOST, FOREIGN_ORIGIN, LOOKALIKE_ORIGIN, probeOrigin } from '../origin.js';
import type { Replayable } from '../origin.js';
import type { PlanEntry } from '../plan-entry.js';
import { planEntry } from '../plan-entry.js';
import { sendRpc } from '../rpc.js';
import type { Stage } from '../stage.js';
import { need } from '../stage.js';
import type { StageContext } from './context.js';
import { reachable } from './detection.js';
import type { HttpSofar } from './state.js';

const ORIGIN_PLAN: readonly PlanEntry[] = [
  planEntry('s.origin.foreign', 'safe', 'POST', `the first answered request with Origin: ${FOREIGN_ORIGIN}`),
  planEntry('s.origin.null', 'safe', 'POST', 'the first answered request with Origin: null'),
  planEntry(
    's.origin.lookalike',
    'safe',
    'POST',
    `the first answered request with Origin: ${LOOKALIKE_ORIGIN}`,
  ),
  planEntry('s.preflight', 'safe', 'OPTIONS', 'CORS preflight from a foreign origin'),
  planEntry(
    's.host',
    'safe',
    'POST',
    `the first answered request with Host: ${FOREIGN_HOST}`,
    'loopback and private targets only',
  ),
];

const CLEANUP_PLAN: readonly PlanEntry[] = [
  planEntry(
    'p.delete.cleanup',
    'passive',
    'DELETE',
    'close extra sessions the scanner opened',
    'for each extra session',
  ),
];

/** Origin probes that were not sent, because the target is not a reachable MCP endpoint. */
export function originNotProbed(): OriginProbes {
  const none: Probe<HttpReply> = {
    kind: 'skipped',
    reason: 'dependency_failed',
    detail: 'the target is not a reachable MCP endpoint',
  };
  return { baseline: null, foreign: none, nullOrigin: none, lookalike: none, preflight: none, host: none };
}

/** The first MCP request that produced a non-redirect answer, as something the Origin probes can re-send. */
function baselineRequest(
  ctx: StageContext,
  discover: Probe<HttpReply>,
  main: HttpInitAttempt | null,
  sse: SseTransportEvidence | null,
): Replayable | null {
  const { client, ids } = ctx;
  const url = ctx.target.href;
  if (sse) {
    return {
      reply: sse.get,
      send: (extra, probe, purpose) =>
        sendRpc(client, {
          method: 'GET',
          url,
          headers: { ...SSE_HEADERS, ...extra },
          probe,
          purpose,
          source: 'user',
          rpcId: null,
          streamWindowMs: 500,
        }),
    };
  }
  if (main && main.probe.kind === 'ok') {
    const version = main.offered!;
    return {
      reply: main.probe.value,
      send: (extra, probe, purpose) => initialize(client, url, ids, version, probe, purpose, extra),
    };
  }
  const answered = discover.kind === 'ok' ? discover.value : null;
  if (answered && !(answered.status >= 300 && answered.status < 400)) {
    return {
      reply: answered,
      send: (extra, probe, purpose) => {
        const id = ids.take();
        return sendRpc(client, {
          method: 'POST',
          url,
          headers: { ...discoverHeaders(), ...extra },
          body: rpcRequest(id, 'server/discover', { _meta: modernMeta() }),
          probe,
          purpose,
          source: 'user',
          rpcId: id,
        });
      },
    };
  }
  return null;
}

function runOriginStage(
  ctx: StageContext,
  discover: Probe<HttpReply>,
  main: HttpInitAttempt | null,
  sse: SseTransportEvidence | null,
): Promise<OriginProbes> {
  return probeOrigin(
    ctx.client,
    ctx.target.href,
    ctx.mode,
    ctx.scope,
    baselineRequest(ctx, discover, main, sse),
  );
}

/** The replies of the Origin probes that talk MCP (for late authorization signals). */
export function originReplies(origin: OriginProbes): HttpReply[] {
  return [origin.foreign, origin.nullOrigin, origin.lookalike, origin.host].flatMap((p) =>
    p.kind === 'ok' ? [p.value] : [],
  );
}

/** Sessions opened by the Origin and Host probes are closed again. */
async function cleanupOriginSessions(
  ctx: StageContext,
  origin: OriginProbes,
  version: string | null,
): Promise<void> {
  const sessions = new Set<string>();
  for (const r of originReplies(origin)) if (r.sessionId && r.status < 300) sessions.add(r.sessionId);
  await Promise.all(
    [...sessions].map((s) =>
      deleteSession(
        { client: ctx.client, url: ctx.target.href, ids: ctx.ids, mode: 'passive' },
        s,
        'p.delete.cleanup',
        'DELETE a session opened by an Origin probe',
        version,
      ),
    ),
  );
}

export const ORIGIN_STAGE: Stage<StageContext, HttpSofar, 'origin'> = {
  id: 'origin',
  plan: ORIGIN_PLAN,
  needs: ['ladder', 'detected'],
  produces: ['origin'],
  when: (_ctx, sofar) => reachable(sofar),
  run: async (ctx, sofar) => {
    const d = need(sofar, 'detected');
    return {
      origin: await runOriginStage(ctx, need(sofar, 'ladder').discover, d.main, d.sse?.evidence ?? null),
    };
  },
};

export const CLEANUP_STAGE: Stage<StageContext, HttpSofar, 'cleanedUp'> = {
  id: 'cleanup',
  plan: CLEANUP_PLAN,
  needs: ['origin', 'detected'],
  produces: ['cleanedUp'],
  when: (_ctx, sofar) => sofar.origin !== undefined,
  run: async (ctx, sofar) => {
    await cleanupOriginSessions(ctx, need(sofar, 'origin'), need(sofar, 'detected').main?.offered ?? null);
    return { cleanedUp: true };
  },
};
