/**
 * The explicit registry of checks (no directory scanning at run time). Each
 * family keeps its own sorted list; the catalogue gate test keeps the lists,
 * the files, the tests and the doc pages in step.
 */
import { ACT_CHECKS } from './act/index.js';
import { ASM_CHECKS } from './asm/index.js';
import { AUTHN_CHECKS } from './authn/index.js';
import { CFG_CHECKS } from './cfg/index.js';
import { CIMD_CHECKS } from './cimd/index.js';
import type { AggregateCheck, Check } from './define-check.js';
import { AGGREGATE_CHECKS } from './err/index.js';
import { LEG_CHECKS } from './leg/index.js';
import { MOD_CHECKS } from './mod/index.js';
import { PIN_CHECKS } from './pin/index.js';
import { PRM_CHECKS } from './prm/index.js';
import { SCP_CHECKS } from './scp/index.js';
import { STDIO_CHECKS } from './stdio/index.js';
import { TOOL_CHECKS } from './tool/index.js';
import { TRN_CHECKS } from './trn/index.js';

export const CHECKS: readonly Check[] = [
  ...TRN_CHECKS,
  ...LEG_CHECKS,
  ...MOD_CHECKS,
  ...STDIO_CHECKS,
  ...AUTHN_CHECKS,
  ...PRM_CHECKS,
  ...ASM_CHECKS,
  ...SCP_CHECKS,
  ...CIMD_CHECKS,
  ...ACT_CHECKS,
  ...TOOL_CHECKS,
  ...PIN_CHECKS,
  ...CFG_CHECKS,
];

export { AGGREGATE_CHECKS };

/** Every check, evidence checks first, for docs and listings. */
export const ALL_CHECKS: readonly (Check | AggregateCheck)[] = [...CHECKS, ...AGGREGATE_CHECKS];

const BY_ID = new Map<string, Check | AggregateCheck>(ALL_CHECKS.map((c) => [c.meta.id, c]));

/** Accepts the full form (`MCPP-TRN01`) or the short form (`trn01`). */
export function findCheck(id: string): Check | AggregateCheck | undefined {
  const upper = id.toUpperCase();
  return BY_ID.get(upper.startsWith('MCPP-') ? upper : `MCPP-${upper}`);
}
