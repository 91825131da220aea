/** Deterministic keys: every shard and every replay computes the same ones. */
import { createHash } from 'node:crypto';

const h = (s: string): string => createHash('sha256').update(s).digest('hex').slice(0, 32);

/** A target's row key, from its identity (src/targets/target.ts). */
export const targetIdOf = (identity: string): string => h(`target\u0000${identity}`);
export const scanIdOf = (runId: string, targetId: string): string => h(`scan\u0000${runId}\u0000${targetId}`);
