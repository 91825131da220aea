import type { Check } from '../define-check.js';
import CIMD01 from './MCPP-CIMD01.js';
import CIMD02 from './MCPP-CIMD02.js';

/** CIMD family (authorization-server scan checks), sorted by ID. */
export const CIMD_CHECKS: readonly Check[] = [CIMD01, CIMD02];
