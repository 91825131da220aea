/**
 * Stage 1, the detection ladder: `server/discover` and `initialize` with every legacy version
 * at once, over the Streamable HTTP channel (docs/model/revisions.md#the-detection-ladder).
 */
import type { HttpReply } from '../../evidence/types.js';
import { LEGACY_REVISIONS_NEWEST_FIRST } from '../../spec/revisions.js';
import { HANDSHAKE, MODERN, streamableHttpChannel } from '../channel/streamable-http.js';
import { LADDER_PROBES, runLadder } from '../detect.js';
import type { LadderResult } from '../detect.js';
import type { PlanEntry } from '../plan-entry.js';
import { planEntry } from '../plan-entry.js';
import type { Stage } from '../stage.js';
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

function runLadderStage(ctx: StageContext): Promise<LadderResult<HttpReply>> {
  ctx.progress(`detecting the protocol revision of ${ctx.target.href}`);
  return runLadder(
    {
      modern: streamableHttpChannel(ctx.client, ctx.target.href, MODERN),
      handshake: streamableHttpChannel(ctx.client, ctx.target.href, HANDSHAKE),
    },
    ctx.ids,
  );
}

export const LADDER_STAGE: Stage<StageContext, HttpSofar, 'ladder'> = {
  id: 'ladder',
  plan: LADDER_PLAN,
  needs: [],
  produces: ['ladder'],
  run: async (ctx) => ({ ladder: await runLadderStage(ctx) }),
};
