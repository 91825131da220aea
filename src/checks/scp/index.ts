import type { Check } from '../define-check.js';
import SCP01 from './MCPP-SCP01.js';
import SCP02 from './MCPP-SCP02.js';
import SCP03 from './MCPP-SCP03.js';
import SCP04 from './MCPP-SCP04.js';

/** SCP family, sorted by ID. */
export const SCP_CHECKS: readonly Check[] = [SCP01, SCP02, SCP03, SCP04];
