import type { Check } from '../define-check.js';
import TRN01 from './MCPP-TRN01.js';

/** TRN family, sorted by ID. */
export const TRN_CHECKS: readonly Check[] = [TRN01];
