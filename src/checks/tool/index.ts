import type { Check } from '../define-check.js';
import TOOL01 from './MCPP-TOOL01.js';
import TOOL02 from './MCPP-TOOL02.js';
import TOOL03 from './MCPP-TOOL03.js';
import TOOL04 from './MCPP-TOOL04.js';
import TOOL05 from './MCPP-TOOL05.js';
import TOOL06 from './MCPP-TOOL06.js';
import TOOL07 from './MCPP-TOOL07.js';
import TOOL08 from './MCPP-TOOL08.js';
import TOOL09 from './MCPP-TOOL09.js';
import TOOL10 from './MCPP-TOOL10.js';
import TOOL11 from './MCPP-TOOL11.js';
import TOOL12 from './MCPP-TOOL12.js';
import TOOL13 from './MCPP-TOOL13.js';
import TOOL14 from './MCPP-TOOL14.js';
import TOOL15 from './MCPP-TOOL15.js';
import TOOL16 from './MCPP-TOOL16.js';
import TOOL17 from './MCPP-TOOL17.js';
import TOOL18 from './MCPP-TOOL18.js';
import TOOL19 from './MCPP-TOOL19.js';
import TOOL20 from './MCPP-TOOL20.js';

/** The TOOL family (catalogue §8.12): the surface a server puts in front of the model. */
export const TOOL_CHECKS: readonly Check[] = [
  TOOL01,
  TOOL02,
  TOOL03,
  TOOL04,
  TOOL05,
  TOOL06,
  TOOL07,
  TOOL08,
  TOOL09,
  TOOL10,
  TOOL11,
  TOOL12,
  TOOL13,
  TOOL14,
  TOOL15,
  TOOL16,
  TOOL17,
  TOOL18,
  TOOL19,
  TOOL20,
];
