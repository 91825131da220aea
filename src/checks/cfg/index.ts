/** The CFG family: the user's MCP client configurations (docs/stdio.md#discovery), in ID order. */
import type { Check } from '../define-check.js';
import CFG01 from './MCPP-CFG01.js';

export const CFG_CHECKS: readonly Check[] = [CFG01];
