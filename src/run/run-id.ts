/** The run ID: the flag, the environment, the journal's (on resume), the CI run's for shards, or a new one. */
import { randomBytes } from 'node:crypto';

import type { Shard } from '../fleet/shard.js';
import { UsageError } from './errors.js';

export const RUN_ID_ENV = 'MCP_POSTURE_RUN_ID';

function newRunId(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `run-${stamp}-${randomBytes(3).toString('hex')}`;
}

export function resolveRunId(
  flag: string | undefined,
  shard: Shard | null,
  fromJournal: string | null,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string {
  const fromEnv = env[RUN_ID_ENV]?.trim();
  const given = flag ?? (fromEnv ? fromEnv : undefined);
  if (given !== undefined && fromJournal !== null && given !== fromJournal)
    throw new UsageError(`--run-id ${given} differs from the journal's run ${fromJournal}`);
  if (given !== undefined) return given;
  if (fromJournal !== null) return fromJournal;
  const gh = env['GITHUB_RUN_ID'];
  if (shard !== null && gh) return `gh-${gh}-${env['GITHUB_RUN_ATTEMPT'] ?? '1'}`;
  if (shard !== null)
    throw new UsageError(
      `shards of one run must share its ID: pass --run-id ID (or set ${RUN_ID_ENV}) in every shard`,
    );
  return newRunId();
}
