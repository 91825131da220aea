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
import type { StageContext } from './context.js';

export const MODERN_STAGE_PLAN: readonly PlanEntry[] = [
  planEntry(
    's.version.bad.modern',
    'safe',
    'POST',
    'server/discover with version 1900-01-01 in the header and in _meta',
    'when the server speaks 2026-07-28',
  ),
  ...MODERN_PLAN,
];

export function runModernStage(
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
