/** Reply sets that more than one session check (LEG10, LEG13, LEG14) reads. */
import type { Evidence, LegacySessionEvidence, Probe, HttpReply } from '../../evidence/types.js';
import { isHttpReply } from '../../evidence/types.js';

/** The probes sent on the main session after `initialize`, with its session ID. */
export function mainSessionProbes(leg: LegacySessionEvidence): Probe<HttpReply>[] {
  return [leg.initialized, leg.baseline, leg.get, leg.versionBad, leg.versionNone, leg.batch, leg.delete];
}

/** Every HTTP reply of the inventory listings (tools, prompts, resources, resource templates). */
export function inventoryReplies(ev: Pick<Evidence, 'inventory'>): HttpReply[] {
  const inv = ev.inventory;
  const out: HttpReply[] = [];
  for (const l of inv ? [inv.tools, inv.prompts, inv.resources, inv.resourceTemplates] : []) {
    if (l.kind === 'ok') out.push(...l.value.replies.filter(isHttpReply));
  }
  return out;
}
