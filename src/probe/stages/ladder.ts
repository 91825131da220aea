/**
 * Stage 1, the detection ladder: `server/discover` and `initialize` with every legacy version
 * at once, over the Streamable HTTP channel (docs/model/revisions.md#the-detection-ladder). The
 * ladder stage sends them and hands on the run in flight; `ladder-settled` waits for all of it,
 * and the session's head start (./sessions.ts) reads the `initialize` answers as soon as they are in.
 */
import type { HttpReply } from '../../evidence/types.js';
import { LEGACY_REVISIONS_NEWEST_FIRST } from '../../spec/revisions.js';
import { HANDSHAKE, MODERN, streamableHttpChannel } from '../channel/streamable-http.js';
import { LADDER_PROBES, startLadder } from '../detect.js';
import type { LadderRun } from '../detect.js';
import type { PlanEntry } from '../plan-entry.js';
import { planEntry } from '../plan-entry.js';
import type { Stage } from '../stage.js';
import { need } from '../stage.js';
import type { StageContext } from './context.js';
import type { HttpSofar } from './state.js';

export const LADDER_PLAN: readonly PlanEntry[] = [
  planEntry(
    LADDER_PROBES.discover,
    'passive',
    'POST',
    'server/discover (2026-07-28 wire): detect the modern era',
  ),
  planEntry(
    LADDER_PROBES.discoverResend,
    'passive',
    'POST',
    'server/discover re-sent once',
    'when it answered -32020/-32021',
  ),
  ...LEGACY_REVISIONS_NEWEST_FIRST.map((v) =>
    planEntry(LADDER_PROBES.init(v), 'passive', 'POST', `initialize with protocolVersion ${v}`),
  ),
];

function startLadderStage(ctx: StageContext): LadderRun<HttpReply> {
  ctx.progress(`detecting the protocol revision of ${ctx.target.href}`);
  return startLadder(
    {
      modern: streamableHttpChannel(ctx.client, ctx.target.href, MODERN),
      handshake: streamableHttpChannel(ctx.client, ctx.target.href, HANDSHAKE),
    },
    ctx.ids,
  );
}

/** Sends the ladder; what it produces is the run in flight, read by the two stages below. */
export const LADDER_STAGE: Stage<StageContext, HttpSofar, 'ladderRun'> = {
  id: 'ladder',
  plan: LADDER_PLAN,
  needs: [],
  produces: ['ladderRun'],
  run: (ctx) => ({ ladderRun: startLadderStage(ctx) }),
};

/** The whole ladder, discover included: what detection and every later stage read. */
export const LADDER_SETTLED_STAGE: Stage<StageContext, HttpSofar, 'ladder'> = {
  id: 'ladder-settled',
  plan: [],
  needs: ['ladderRun'],
  produces: ['ladder'],
  run: async (_ctx, sofar) => ({ ladder: await need(sofar, 'ladderRun').result }),
};
