import type { Check } from '../define-check.js';

/** LEG family, sorted by ID. */
export const LEG_CHECKS: readonly Check[] = [];
