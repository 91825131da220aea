/** Cleanup, judged: the inventory, from every listing the stages made. Sends nothing. */
import { assembleInventory } from '../../evidence/derive/inventory.js';
import { resultObject } from '../../evidence/parse/json-value.js';
import type { ListingEvidence, Probe } from '../../evidence/types.js';
import { LISTS } from '../inventory.js';
import type { Stage } from '../stage.js';
import { need } from '../stage.js';
import type { StageContext } from './context.js';
import { reachable } from './detection.js';
import type { HttpSofar } from './state.js';

const NOT_LISTED: Probe<ListingEvidence> = { kind: 'skipped', reason: 'dependency_failed' };

export const INVENTORY_STAGE: Stage<StageContext, HttpSofar, 'inventory'> = {
  id: 'inventory',
  plan: [],
  needs: ['ladder', 'detected', 'sessionLists', 'sessions', 'modern'],
  produces: ['inventory'],
  when: (_ctx, sofar) => reachable(sofar),
  run: (_ctx, sofar) => {
    const { main, sse } = need(sofar, 'detected');
    return {
      inventory: assembleInventory({
        lists: sofar.sessionLists ?? LISTS.map(() => NOT_LISTED),
        sseTools: sse?.tools ?? null,
        sseIdentity: sse ? { serverInfo: sse.serverInfo, instructions: sse.instructions } : null,
        legacySession: sofar.sessions !== undefined,
        modern: sofar.modern ?? null,
        initResult: main?.probe.kind === 'ok' ? resultObject(main.probe.value) : null,
        discover: need(sofar, 'ladder').discover,
      }),
    };
  },
};
