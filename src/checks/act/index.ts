import type { Check } from '../define-check.js';

/** ACT family, sorted by ID. */
export const ACT_CHECKS: readonly Check[] = [];
