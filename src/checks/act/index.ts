import type { Check } from '../define-check.js';
import ACT01 from './MCPP-ACT01.js';
import ACT02 from './MCPP-ACT02.js';
import ACT03 from './MCPP-ACT03.js';
import ACT04 from './MCPP-ACT04.js';
import ACT05 from './MCPP-ACT05.js';
import ACT06 from './MCPP-ACT06.js';
import ACT07 from './MCPP-ACT07.js';
import ACT08 from './MCPP-ACT08.js';
import ACT09 from './MCPP-ACT09.js';
import ACT10 from './MCPP-ACT10.js';
import ACT11 from './MCPP-ACT11.js';
import ACT12 from './MCPP-ACT12.js';
import ACT13 from './MCPP-ACT13.js';

/** ACT family, sorted by ID. */
export const ACT_CHECKS: readonly Check[] = [
  ACT01,
  ACT02,
  ACT03,
  ACT04,
  ACT05,
  ACT06,
  ACT07,
  ACT08,
  ACT09,
  ACT10,
  ACT11,
  ACT12,
  ACT13,
];
