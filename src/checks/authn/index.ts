import type { Check } from '../define-check.js';
import AUTHN01 from './MCPP-AUTHN01.js';
import AUTHN02 from './MCPP-AUTHN02.js';
import AUTHN03 from './MCPP-AUTHN03.js';
import AUTHN04 from './MCPP-AUTHN04.js';
import AUTHN05 from './MCPP-AUTHN05.js';
import AUTHN06 from './MCPP-AUTHN06.js';
import AUTHN07 from './MCPP-AUTHN07.js';
import AUTHN08 from './MCPP-AUTHN08.js';
import AUTHN09 from './MCPP-AUTHN09.js';
import AUTHN10 from './MCPP-AUTHN10.js';

/** AUTHN family, sorted by ID. */
export const AUTHN_CHECKS: readonly Check[] = [
  AUTHN01,
  AUTHN02,
  AUTHN03,
  AUTHN04,
  AUTHN05,
  AUTHN06,
  AUTHN07,
  AUTHN08,
  AUTHN09,
  AUTHN10,
];
