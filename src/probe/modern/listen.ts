/**
 * s.listen: a short `subscriptions/listen` for the list-changed notifications
 * the server advertises, read for a few seconds and then closed (closing the
 * stream is how an HTTP client cancels a subscription).
 */
import type { ModernEvidence } from '../../evidence/types.js';
import type { ModernContext } from './send.js';
import { QUIET_STREAM } from '../rpc.js';
import { sendModern, skipped } from './send.js';

export const LISTEN_WINDOW_MS = 3_000;

const FILTERS: readonly [capability: string, filter: string][] = [
  ['tools', 'toolsListChanged'],
  ['prompts', 'promptsListChanged'],
  ['resources', 'resourcesListChanged'],
];

/** One filter per advertised `listChanged` capability. */
export function listenFilter(capabilities: Record<string, unknown> | null): Record<string, boolean> {
  const filter: Record<string, boolean> = {};
  for (const [cap, name] of FILTERS) {
    const c = capabilities?.[cap];
    if (typeof c === 'object' && c !== null && (c as Record<string, unknown>)['listChanged'] === true)
      filter[name] = true;
  }
  return filter;
}

export function probeListen(
  ctx: ModernContext,
  id: number,
  filter: Record<string, boolean>,
  enabled: boolean,
): Promise<ModernEvidence['listen']> {
  if (!enabled) return Promise.resolve({ filter, requestId: id, probe: skipped('needs --mode safe') });
  if (Object.keys(filter).length === 0) {
    return Promise.resolve({
      filter,
      requestId: id,
      probe: skipped('the server advertises no listChanged capability', 'not_needed'),
    });
  }
  return sendModern(ctx, {
    id,
    method: 'subscriptions/listen',
    params: { notifications: filter },
    probe: 's.listen',
    purpose: `subscriptions/listen for ${Object.keys(filter).join(', ')} (read ≤${LISTEN_WINDOW_MS / 1000} s, then closed)`,
    streamWindowMs: LISTEN_WINDOW_MS,
    settle: QUIET_STREAM,
  }).then((probe) => ({ filter, requestId: id, probe }));
}
