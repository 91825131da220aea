/** Deterministic keys: every shard and every replay computes the same ones. */
import { createHash } from 'node:crypto';

const h = (s: string): string => createHash('sha256').update(s).digest('hex').slice(0, 32);

export const targetIdOf = (canonicalUrl: string): string => h(`target\u0000${canonicalUrl}`);
export const scanIdOf = (runId: string, targetId: string): string => h(`scan\u0000${runId}\u0000${targetId}`);
