import type { Check } from '../define-check.js';
import CIMD01 from './MCPP-CIMD01.js';
import CIMD02 from './MCPP-CIMD02.js';
import CIMD10 from './MCPP-CIMD10.js';
import CIMD11 from './MCPP-CIMD11.js';
import CIMD12 from './MCPP-CIMD12.js';
import CIMD13 from './MCPP-CIMD13.js';
import CIMD14 from './MCPP-CIMD14.js';
import CIMD15 from './MCPP-CIMD15.js';
import CIMD16 from './MCPP-CIMD16.js';
import CIMD17 from './MCPP-CIMD17.js';
import CIMD18 from './MCPP-CIMD18.js';
import CIMD19 from './MCPP-CIMD19.js';
import CIMD50 from './MCPP-CIMD50.js';
import CIMD51 from './MCPP-CIMD51.js';
import CIMD52 from './MCPP-CIMD52.js';
import CIMD53 from './MCPP-CIMD53.js';
import CIMD54 from './MCPP-CIMD54.js';
import CIMD55 from './MCPP-CIMD55.js';
import CIMD56 from './MCPP-CIMD56.js';
import CIMD57 from './MCPP-CIMD57.js';
import CIMD58 from './MCPP-CIMD58.js';

/** CIMD family (authorization-server scan checks, then the lint checks), sorted by ID. */
export const CIMD_CHECKS: readonly Check[] = [
  CIMD01,
  CIMD02,
  CIMD10,
  CIMD11,
  CIMD12,
  CIMD13,
  CIMD14,
  CIMD15,
  CIMD16,
  CIMD17,
  CIMD18,
  CIMD19,
  CIMD50,
  CIMD51,
  CIMD52,
  CIMD53,
  CIMD54,
  CIMD55,
  CIMD56,
  CIMD57,
  CIMD58,
];

/** The lint checks, run by `cimd lint` on a client's own document. */
export const CIMD_LINT_CHECKS: readonly Check[] = [
  CIMD50,
  CIMD51,
  CIMD52,
  CIMD53,
  CIMD54,
  CIMD55,
  CIMD56,
  CIMD57,
  CIMD58,
];
