/**
 * The request plan `--plan` prints: every request a scan may send, with its tier and the
 * condition under which it is sent. Nothing is sent. It is built from the stages' own plan
 * entries, in stage order, so it cannot drift from what the scheduler runs; a test keeps it
 * honest: every probe ID a real scan records must appear here.
 */
import type { Mode } from '../evidence/types.js';
import type { PlanEntry } from './plan-entry.js';
import { AUTH_STAGE_PLAN } from './stages/auth.js';
import { HTTP_SSE_PLAN } from './stages/http-sse.js';
import { LADDER_PLAN } from './stages/ladder.js';
import { MODERN_STAGE_PLAN } from './stages/modern.js';
import { CLEANUP_PLAN, ORIGIN_PLAN } from './stages/origin.js';
import { PIN_PLAN } from './stages/pin.js';
import { SESSIONS_PLAN } from './stages/sessions.js';
import { TOOL_PROBES_PLAN } from './stages/tool-probes.js';
import { transportSecurityPlan } from './stages/transport-security.js';

export type { PlanEntry } from './plan-entry.js';

const TIERS: Readonly<Record<Mode, readonly PlanEntry['tier'][]>> = {
  passive: ['passive'],
  safe: ['passive', 'safe', 'token'],
  intrusive: ['passive', 'safe', 'token', 'intrusive'],
};

/** @param target the endpoint, parsed (a string is parsed here, for `--plan` of a typed URL) */
export function buildPlan(target: string | Readonly<URL>, mode: Mode): PlanEntry[] {
  const u = typeof target === 'string' ? new URL(target) : target;
  const url = u.href;
  const atEndpoint = (entries: readonly PlanEntry[]) =>
    entries.map((e) => (e.url === '<endpoint>' ? { ...e, url } : e));
  const plan: PlanEntry[] = [
    ...atEndpoint(LADDER_PLAN),
    ...atEndpoint(HTTP_SSE_PLAN),
    ...atEndpoint(SESSIONS_PLAN),
    ...atEndpoint(TOOL_PROBES_PLAN),
    ...atEndpoint(ORIGIN_PLAN),
    ...atEndpoint(CLEANUP_PLAN),
    ...transportSecurityPlan(u),
    ...atEndpoint(MODERN_STAGE_PLAN),
    ...AUTH_STAGE_PLAN,
    ...PIN_PLAN,
  ];
  return plan.filter((p) => TIERS[mode].includes(p.tier));
}
