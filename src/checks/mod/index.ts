import type { Check } from '../define-check.js';
import MOD01 from './MCPP-MOD01.js';
import MOD02 from './MCPP-MOD02.js';
import MOD03 from './MCPP-MOD03.js';
import MOD04 from './MCPP-MOD04.js';
import MOD05 from './MCPP-MOD05.js';
import MOD06 from './MCPP-MOD06.js';
import MOD07 from './MCPP-MOD07.js';
import MOD08 from './MCPP-MOD08.js';
import MOD09 from './MCPP-MOD09.js';
import MOD10 from './MCPP-MOD10.js';
import MOD11 from './MCPP-MOD11.js';
import MOD12 from './MCPP-MOD12.js';
import MOD13 from './MCPP-MOD13.js';
import MOD14 from './MCPP-MOD14.js';
import MOD15 from './MCPP-MOD15.js';
import MOD16 from './MCPP-MOD16.js';
import MOD17 from './MCPP-MOD17.js';
import MOD18 from './MCPP-MOD18.js';
import MOD19 from './MCPP-MOD19.js';
import MOD20 from './MCPP-MOD20.js';
import MOD21 from './MCPP-MOD21.js';
import MOD22 from './MCPP-MOD22.js';
import MOD23 from './MCPP-MOD23.js';
import MOD24 from './MCPP-MOD24.js';
import MOD25 from './MCPP-MOD25.js';
import MOD26 from './MCPP-MOD26.js';
import MOD27 from './MCPP-MOD27.js';
import MOD28 from './MCPP-MOD28.js';
import MOD29 from './MCPP-MOD29.js';
import MOD30 from './MCPP-MOD30.js';
import MOD31 from './MCPP-MOD31.js';

/** MOD family, sorted by ID. MOD30/MOD31 are intrusive and need a user-designated tool (`i.tool.*`). */
export const MOD_CHECKS: readonly Check[] = [
  MOD01,
  MOD02,
  MOD03,
  MOD04,
  MOD05,
  MOD06,
  MOD07,
  MOD08,
  MOD09,
  MOD10,
  MOD11,
  MOD12,
  MOD13,
  MOD14,
  MOD15,
  MOD16,
  MOD17,
  MOD18,
  MOD19,
  MOD20,
  MOD21,
  MOD22,
  MOD23,
  MOD24,
  MOD25,
  MOD26,
  MOD27,
  MOD28,
  MOD29,
  MOD30,
  MOD31,
];
