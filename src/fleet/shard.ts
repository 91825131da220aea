/**
 * Scale-out: each target belongs to exactly one of n shards, by a stable hash of its identity
 * (src/targets/target.ts: the canonical URL, or the stdio command line; SHA-256, so every
 * machine and every Node version agrees). The shard comes from
 * `--shard i/n`, or from a Kubernetes Indexed Job (`JOB_COMPLETION_INDEX`) with the count from
 * `--shard-count` or `MCP_POSTURE_SHARD_COUNT`.
 */
import { createHash } from 'node:crypto';

export interface Shard {
  /** 0-based. */
  readonly index: number;
  readonly count: number;
}

export const SHARD_COUNT_ENV = 'MCP_POSTURE_SHARD_COUNT';
export const K8S_INDEX_ENV = 'JOB_COMPLETION_INDEX';
const MAX_SHARDS = 10_000;

export class ShardError extends Error {}

function int(v: string, what: string): number {
  if (!/^[0-9]{1,6}$/.test(v.trim())) throw new ShardError(`${what}: expected a whole number, got "${v}"`);
  return Number(v.trim());
}

function checked(index: number, count: number, what: string): Shard {
  if (count < 1 || count > MAX_SHARDS)
    throw new ShardError(`${what}: the shard count must be 1..${MAX_SHARDS}`);
  if (index >= count)
    throw new ShardError(
      `${what}: shard index ${index} is not below the count ${count} (indexes are 0-based)`,
    );
  return { index, count };
}

/** `i/n` with 0 ≤ i < n. */
export function parseShard(v: string): Shard {
  const m = /^\s*([0-9]+)\s*\/\s*([0-9]+)\s*$/.exec(v);
  if (!m) throw new ShardError(`--shard: expected i/n (0-based index / count), e.g. 0/4; got "${v}"`);
  return checked(int(m[1]!, '--shard'), int(m[2]!, '--shard'), '--shard');
}

/**
 * The shard of this process: `--shard` wins; else a Kubernetes Indexed Job's index with the
 * count from `--shard-count` or the environment; else none (every target is ours).
 */
export function resolveShard(
  flag: string | undefined,
  countFlag: number | undefined,
  env: Readonly<Record<string, string | undefined>>,
): Shard | null {
  if (flag !== undefined) {
    const s = parseShard(flag);
    if (countFlag !== undefined && countFlag !== s.count)
      throw new ShardError(`--shard ${flag} disagrees with --shard-count ${countFlag}`);
    return s;
  }
  const index = env[K8S_INDEX_ENV]?.trim();
  if (index === undefined || index === '') {
    if (countFlag !== undefined)
      throw new ShardError(`--shard-count needs a shard index (--shard i/n or ${K8S_INDEX_ENV})`);
    return null;
  }
  const envCount = env[SHARD_COUNT_ENV]?.trim();
  const count = countFlag ?? (envCount ? int(envCount, SHARD_COUNT_ENV) : undefined);
  if (count === undefined)
    throw new ShardError(
      `${K8S_INDEX_ENV} is set but the shard count is not: pass --shard-count N or set ${SHARD_COUNT_ENV} (the Job's completions)`,
    );
  return checked(int(index, K8S_INDEX_ENV), count, K8S_INDEX_ENV);
}

/** The shard a target identity belongs to among `count`. */
export function shardOf(identity: string, count: number): number {
  const digest = createHash('sha256').update(identity).digest();
  // 48 bits: exact in a double, and uniform enough for any count up to MAX_SHARDS.
  return digest.readUIntBE(0, 6) % count;
}

export function inShard(identity: string, shard: Shard | null): boolean {
  return shard === null || shardOf(identity, shard.count) === shard.index;
}
