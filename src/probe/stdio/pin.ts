/**
 * The `pin` section of a stdio scan (docs/pinning.md): with a lock (`scan --stdio --lock FILE`),
 * the server's surface in the lock's shape and the lock's entry for its identity, built by the
 * HTTP scan's own builder. A local server has no authorization server, so there is no key set
 * to fetch, and no token, so the context is always `anonymous`.
 */
import type { Evidence, PinEvidence } from '../../evidence/types.js';
import type { CollectOptions } from '../scan-options.js';
import { assemblePin } from '../stages/pin.js';

export function stdioPinSection(
  lock: CollectOptions['lock'],
  ev: Pick<Evidence, 'startedAt' | 'detection' | 'inventory' | 'oauth'>,
): PinEvidence | null {
  return lock ? assemblePin(lock, 'anonymous', ev, []) : null;
}
