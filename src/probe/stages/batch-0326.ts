/**
 * The batch on a 2025-03-26 session (LEG12). `s.batch` runs on the scanner's main session, which
 * negotiates the newest legacy version; a 2025-11-25 session says nothing about 2025-03-26, where
 * receiving batches is a MUST. When the main session negotiated a later version and the ladder's
 * `initialize` for 2025-03-26 was answered with 2025-03-26, the same two-element batch is sent on
 * that session too (after its `notifications/initialized`), and judged by that revision. The
 * ladder's extra sessions are closed by the sessions stage afterwards.
 */
import type { HttpReply, Probe } from '../../evidence/types.js';
import type { HttpInitAttempt } from '../detect.js';
import type { SessionContext } from '../legacy-session.js';
import { sendBatch } from '../legacy-session.js';
import { rpcNotification, sessionHeaders } from '../mcp-messages.js';
import type { PlanEntry } from '../plan-entry.js';
import { planEntry } from '../plan-entry.js';
import { sendRpc } from '../rpc.js';
import type { Stage } from '../stage.js';
import { need } from '../stage.js';
import type { StageContext } from './context.js';
import type { HttpSofar } from './state.js';

export const BATCH_0326 = '2025-03-26';

export const BATCH_0326_PROBES = {
  initialized: 's.initialized(2025-03-26)',
  batch: 's.batch(2025-03-26)',
} as const;

const WHEN = 'when the main session negotiated a later version and initialize negotiated 2025-03-26';

const BATCH_0326_PLAN: readonly PlanEntry[] = [
  planEntry(
    BATCH_0326_PROBES.initialized,
    'safe',
    'POST',
    'notifications/initialized on the 2025-03-26 session of the ladder',
    WHEN,
  ),
  planEntry(
    BATCH_0326_PROBES.batch,
    'safe',
    'POST',
    'a two-element batch of tools/list on the 2025-03-26 session',
    WHEN,
  ),
];

/** `s.batch(2025-03-26)`, or why it was not sent. */
export async function runBatch0326(
  ctx: SessionContext,
  mainVersion: string,
  inits: readonly HttpInitAttempt[],
): Promise<Probe<HttpReply>> {
  if (ctx.mode === 'passive')
    return { kind: 'skipped', reason: 'mode_disabled', detail: 'needs --mode safe' };
  if (mainVersion === BATCH_0326)
    return { kind: 'skipped', reason: 'not_needed', detail: 'the main session is 2025-03-26 (s.batch)' };
  const at = inits.find((i) => i.offered === BATCH_0326 && i.probe.kind === 'ok');
  if (at?.probe.kind !== 'ok')
    return { kind: 'skipped', reason: 'not_needed', detail: 'no initialize negotiated 2025-03-26' };
  const headers = sessionHeaders(at.probe.value.sessionId, BATCH_0326);
  await sendRpc(ctx.client, {
    method: 'POST',
    url: ctx.url,
    headers,
    body: rpcNotification('notifications/initialized'),
    probe: BATCH_0326_PROBES.initialized,
    purpose: 'notifications/initialized on the 2025-03-26 session',
    source: 'user',
    rpcId: null,
  });
  return sendBatch(
    ctx,
    headers,
    BATCH_0326_PROBES.batch,
    'a two-element JSON-RPC batch of tools/list on the 2025-03-26 session',
  );
}

/**
 * The stage: after the session's variants (its ids follow theirs), before the session stage
 * closes the ladder's extra sessions, the 2025-03-26 one among them.
 */
export const BATCH_0326_STAGE: Stage<StageContext, HttpSofar, 'batch0326'> = {
  id: 'batch-0326',
  plan: BATCH_0326_PLAN,
  needs: ['session', 'sessionVariants'],
  produces: ['batch0326'],
  when: (_ctx, sofar) => sofar.session !== undefined,
  run: async (_ctx, sofar) => {
    const open = need(sofar, 'session');
    return { batch0326: await runBatch0326(open.ctx, open.version, open.inits) };
  },
};
