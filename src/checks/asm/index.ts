import type { Check } from '../define-check.js';
import ASM01 from './MCPP-ASM01.js';
import ASM02 from './MCPP-ASM02.js';
import ASM03 from './MCPP-ASM03.js';
import ASM04 from './MCPP-ASM04.js';
import ASM05 from './MCPP-ASM05.js';
import ASM06 from './MCPP-ASM06.js';
import ASM07 from './MCPP-ASM07.js';
import ASM08 from './MCPP-ASM08.js';
import ASM09 from './MCPP-ASM09.js';
import ASM10 from './MCPP-ASM10.js';
import ASM11 from './MCPP-ASM11.js';
import ASM12 from './MCPP-ASM12.js';
import ASM13 from './MCPP-ASM13.js';
import ASM14 from './MCPP-ASM14.js';
import ASM15 from './MCPP-ASM15.js';
import ASM16 from './MCPP-ASM16.js';
import ASM17 from './MCPP-ASM17.js';
import ASM18 from './MCPP-ASM18.js';

/** ASM family, sorted by ID. */
export const ASM_CHECKS: readonly Check[] = [
  ASM01,
  ASM02,
  ASM03,
  ASM04,
  ASM05,
  ASM06,
  ASM07,
  ASM08,
  ASM09,
  ASM10,
  ASM11,
  ASM12,
  ASM13,
  ASM14,
  ASM15,
  ASM16,
  ASM17,
  ASM18,
];
