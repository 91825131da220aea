/**
 * The request plan `--plan` prints: every request a scan may send, with its tier and the
 * condition under which it is sent. Nothing is sent. It is built from the stages' own plan
 * entries, in stage order, so it cannot drift from what the scheduler runs; a test keeps it
 * honest: every probe ID a real scan records must appear here.
 */
import type { Mode } from '../evidence/types.js';
import { HTTP_PHASES, HTTP_PLAN_ORDER } from './collect.js';
import type { PlanEntry } from './plan-entry.js';
import { planOf } from './stage.js';

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
  const plan = planOf(HTTP_PHASES, HTTP_PLAN_ORDER, u).map((e) =>
    e.url === '<endpoint>' ? { ...e, url } : e,
  );
  return plan.filter((p) => TIERS[mode].includes(p.tier));
}
