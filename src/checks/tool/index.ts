import type { Check } from '../define-check.js';
import TOOL01 from './MCPP-TOOL01.js';

/** The TOOL family (catalogue §8.12): the surface a server puts in front of the model. */
export const TOOL_CHECKS: readonly Check[] = [TOOL01];
