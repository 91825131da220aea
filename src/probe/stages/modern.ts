/**
 * Stage 3 on the modern wire, when the ladder found 2026-07-28 evidence: the lists, the safe
 * header/_meta/method variants, GET/DELETE without a session, a short listen and, in
 * intrusive mode, the designated tool's calls (./modern/ holds the pieces).
 */
import type { HttpReply, ModernEvidence, Probe } from '../../evidence/types.js';
import { probeModern } from '../modern.js';
import { MODERN_PLAN } from '../modern/plan.js';
import type { PlanEntry } from '../plan-entry.js';
import { planEntry } from '../plan-entry.js';
import { MODERN, streamableHttpChannel } from '../channel/streamable-http.js';
import type { Stage } from '../stage.js';
import { need } from '../stage.js';
import { toolProbesStage } from './channel.js';
import type { StageContext } from './context.js';
import { reachable } from './detection.js';
import type { HttpSofar } from './state.js';
import { capabilitiesOf } from './tool-probes.js';

const MODERN_STAGE_PLAN: readonly PlanEntry[] = [
  planEntry(
    's.version.bad.modern',
    'safe',
    'POST',
    'server/discover with version 1900-01-01 in the header and in _meta',
    'when the server speaks 2026-07-28',
  ),
  ...MODERN_PLAN,
];

function runModernStage(
  ctx: StageContext,
  discover: Probe<HttpReply>,
  dualEra: boolean,
): Promise<ModernEvidence> {
  return probeModern(ctx.client, ctx.target.href, ctx.ids, ctx.mode, {
    discover,
    dualEra,
    ...(ctx.opts.designatedTool ? { designatedTool: ctx.opts.designatedTool } : {}),
  });
}

export const MODERN_STAGE: Stage<StageContext, HttpSofar, 'modern'> = {
  id: 'modern',
  plan: MODERN_STAGE_PLAN,
  needs: ['ladder', 'detected'],
  produces: ['modern'],
  when: (_ctx, sofar) => reachable(sofar) && need(sofar, 'ladder').modern.modern,
  run: async (ctx, sofar) => ({
    modern: await runModernStage(ctx, need(sofar, 'ladder').discover, need(sofar, 'detected').main !== null),
  }),
};

/**
 * A modern-only server: the tool probes follow the modern listing (`s.tool.unknown` is the
 * modern stage's own, reused). They run after the session's, which a dual-era server has.
 */
export const MODERN_TOOL_PROBES_STAGE = toolProbesStage<StageContext, HttpSofar, 'modernToolProbes'>({
  id: 'modern-tool-probes',
  // `s.cursor` as the session's tool probes plan it; `s.tool.unknown` is the modern stage's.
  plan: [],
  needs: ['ladder', 'modern', 'sessionToolProbes'],
  produces: 'modernToolProbes',
  when: (_ctx, sofar) =>
    sofar.modern !== undefined && sofar.sessionToolProbes === undefined && sofar.sseToolProbes === undefined,
  input: (ctx, sofar) => {
    const m = need(sofar, 'modern');
    return {
      channel: streamableHttpChannel(ctx.client, ctx.target.href, MODERN),
      mode: ctx.mode,
      capabilities: capabilitiesOf(need(sofar, 'ladder').discover),
      tools: m.lists.find((l) => l.method === 'tools/list')?.probe ?? {
        kind: 'skipped',
        reason: 'dependency_failed',
      },
      sentUnknown: { name: m.probeNames.body, probe: m.toolUnknown },
    };
  },
});
