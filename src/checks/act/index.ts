import type { Check } from '../define-check.js';
import ACT01 from './MCPP-ACT01.js';
import ACT02 from './MCPP-ACT02.js';
import ACT03 from './MCPP-ACT03.js';
import ACT04 from './MCPP-ACT04.js';
import ACT05 from './MCPP-ACT05.js';
import ACT10 from './MCPP-ACT10.js';

/** ACT family, sorted by ID. */
export const ACT_CHECKS: readonly Check[] = [ACT01, ACT02, ACT03, ACT04, ACT05, ACT10];
