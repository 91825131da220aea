import type { Check } from '../define-check.js';
import PRM01 from './MCPP-PRM01.js';
import PRM02 from './MCPP-PRM02.js';
import PRM03 from './MCPP-PRM03.js';
import PRM04 from './MCPP-PRM04.js';
import PRM05 from './MCPP-PRM05.js';
import PRM06 from './MCPP-PRM06.js';
import PRM07 from './MCPP-PRM07.js';
import PRM08 from './MCPP-PRM08.js';
import PRM09 from './MCPP-PRM09.js';
import PRM10 from './MCPP-PRM10.js';
import PRM11 from './MCPP-PRM11.js';
import PRM12 from './MCPP-PRM12.js';
import PRM13 from './MCPP-PRM13.js';
import PRM14 from './MCPP-PRM14.js';

/** PRM family, sorted by ID. */
export const PRM_CHECKS: readonly Check[] = [
  PRM01,
  PRM02,
  PRM03,
  PRM04,
  PRM05,
  PRM06,
  PRM07,
  PRM08,
  PRM09,
  PRM10,
  PRM11,
  PRM12,
  PRM13,
  PRM14,
];
