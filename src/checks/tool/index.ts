import type { Check } from '../define-check.js';
import TOOL01 from './MCPP-TOOL01.js';
import TOOL02 from './MCPP-TOOL02.js';
import TOOL03 from './MCPP-TOOL03.js';
import TOOL04 from './MCPP-TOOL04.js';
import TOOL05 from './MCPP-TOOL05.js';

/** The TOOL family (catalogue §8.12): the surface a server puts in front of the model. */
export const TOOL_CHECKS: readonly Check[] = [TOOL01, TOOL02, TOOL03, TOOL04, TOOL05];
