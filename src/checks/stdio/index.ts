import type { Check } from '../define-check.js';
import STDIO01 from './MCPP-STDIO01.js';
import STDIO02 from './MCPP-STDIO02.js';
import STDIO03 from './MCPP-STDIO03.js';
import STDIO04 from './MCPP-STDIO04.js';
import STDIO05 from './MCPP-STDIO05.js';
import STDIO06 from './MCPP-STDIO06.js';
import STDIO07 from './MCPP-STDIO07.js';

export const STDIO_CHECKS: readonly Check[] = [STDIO01, STDIO02, STDIO03, STDIO04, STDIO05, STDIO06, STDIO07];
