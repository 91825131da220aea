import type { Check } from '../define-check.js';
import LEG01 from './MCPP-LEG01.js';
import LEG02 from './MCPP-LEG02.js';
import LEG03 from './MCPP-LEG03.js';
import LEG04 from './MCPP-LEG04.js';
import LEG05 from './MCPP-LEG05.js';
import LEG06 from './MCPP-LEG06.js';
import LEG07 from './MCPP-LEG07.js';
import LEG08 from './MCPP-LEG08.js';
import LEG09 from './MCPP-LEG09.js';
import LEG10 from './MCPP-LEG10.js';
import LEG11 from './MCPP-LEG11.js';
import LEG12 from './MCPP-LEG12.js';
import LEG13 from './MCPP-LEG13.js';
import LEG14 from './MCPP-LEG14.js';
import LEG20 from './MCPP-LEG20.js';
import LEG21 from './MCPP-LEG21.js';
import LEG22 from './MCPP-LEG22.js';
import LEG23 from './MCPP-LEG23.js';
import LEG24 from './MCPP-LEG24.js';

/** LEG family, sorted by ID. */
export const LEG_CHECKS: readonly Check[] = [
  LEG01,
  LEG02,
  LEG03,
  LEG04,
  LEG05,
  LEG06,
  LEG07,
  LEG08,
  LEG09,
  LEG10,
  LEG11,
  LEG12,
  LEG13,
  LEG14,
  LEG20,
  LEG21,
  LEG22,
  LEG23,
  LEG24,
];
