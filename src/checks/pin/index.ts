/** The PIN family (docs/pinning.md), in ID order. */
import type { Check } from '../define-check.js';
import PIN01 from './MCPP-PIN01.js';
import PIN02 from './MCPP-PIN02.js';
import PIN03 from './MCPP-PIN03.js';
import PIN04 from './MCPP-PIN04.js';
import PIN05 from './MCPP-PIN05.js';
import PIN06 from './MCPP-PIN06.js';
import PIN07 from './MCPP-PIN07.js';

export const PIN_CHECKS: readonly Check[] = [PIN01, PIN02, PIN03, PIN04, PIN05, PIN06, PIN07];

/**
 * The PIN checks by the change each reports, for what grades the changes between two locks
 * outside a scan (`lock diff`): their IDs and key severities come from these metas.
 */
export const PIN_BY_CHANGE = {
  added: PIN01.meta,
  removed: PIN02.meta,
  changed: PIN03.meta,
  coverage: PIN04.meta,
  protectedResource: PIN05.meta,
  authorizationServer: PIN06.meta,
  protocol: PIN07.meta,
} as const;
