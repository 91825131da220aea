import type { Check } from '../define-check.js';
import TRN01 from './MCPP-TRN01.js';
import TRN02 from './MCPP-TRN02.js';
import TRN03 from './MCPP-TRN03.js';
import TRN04 from './MCPP-TRN04.js';
import TRN05 from './MCPP-TRN05.js';
import TRN06 from './MCPP-TRN06.js';
import TRN07 from './MCPP-TRN07.js';
import TRN08 from './MCPP-TRN08.js';
import TRN09 from './MCPP-TRN09.js';
import TRN10 from './MCPP-TRN10.js';
import TRN11 from './MCPP-TRN11.js';
import TRN12 from './MCPP-TRN12.js';
import TRN13 from './MCPP-TRN13.js';
import TRN14 from './MCPP-TRN14.js';
import TRN15 from './MCPP-TRN15.js';
import TRN16 from './MCPP-TRN16.js';

/** TRN family, sorted by ID. */
export const TRN_CHECKS: readonly Check[] = [
  TRN01,
  TRN02,
  TRN03,
  TRN04,
  TRN05,
  TRN06,
  TRN07,
  TRN08,
  TRN09,
  TRN10,
  TRN11,
  TRN12,
  TRN13,
  TRN14,
  TRN15,
  TRN16,
];
