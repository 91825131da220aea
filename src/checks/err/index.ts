import type { AggregateCheck } from '../define-check.js';
import ERR00 from './MCPP-ERR00.js';

/** Checks over the other results, evaluated last. */
export const AGGREGATE_CHECKS: readonly AggregateCheck[] = [ERR00];
