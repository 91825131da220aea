import { describe, expect, it } from 'vitest';

import { inShard, parseShard, resolveShard, shardOf } from '../../src/fleet/shard.js';

describe('shards', () => {
  it('parses i/n (0-based) and refuses what is not a shard', () => {
    expect(parseShard('0/4')).toEqual({ index: 0, count: 4 });
    expect(parseShard(' 3 / 4 ')).toEqual({ index: 3, count: 4 });
    expect(() => parseShard('4/4')).toThrow(/0-based/);
    expect(() => parseShard('1/0')).toThrow(/1\.\.10000/);
    expect(() => parseShard('a/b')).toThrow(/expected i\/n/);
  });

  it('every URL lands in exactly one shard, stably, and the shards are balanced', () => {
    const urls = Array.from({ length: 4000 }, (_, i) => `https://host-${i % 97}.example/mcp/${i}`);
    const sizes = [0, 0, 0, 0];
    for (const u of urls) {
      const owners = [0, 1, 2, 3].filter((i) => inShard(u, { index: i, count: 4 }));
      expect(owners).toHaveLength(1);
      expect(shardOf(u, 4)).toBe(owners[0]);
      sizes[owners[0]!]!++;
    }
    for (const s of sizes) expect(s).toBeGreaterThan(850);
    // A fixed vector: the hash must not change between versions, or resumed shards would disagree.
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => shardOf(`https://a${n}.example/`, 7))).toEqual([
      5, 1, 0, 6, 5, 0, 0,
    ]);
  });

  it('reads a Kubernetes Indexed Job index with the count from the flag or the environment', () => {
    expect(resolveShard(undefined, undefined, {})).toBeNull();
    expect(resolveShard(undefined, 5, { JOB_COMPLETION_INDEX: '2' })).toEqual({ index: 2, count: 5 });
    expect(
      resolveShard(undefined, undefined, { JOB_COMPLETION_INDEX: '1', MCP_POSTURE_SHARD_COUNT: '3' }),
    ).toEqual({ index: 1, count: 3 });
    expect(() => resolveShard(undefined, undefined, { JOB_COMPLETION_INDEX: '1' })).toThrow(/--shard-count/);
    expect(() => resolveShard(undefined, 2, { JOB_COMPLETION_INDEX: '2' })).toThrow(/not below the count/);
    expect(
      resolveShard('1/2', undefined, { JOB_COMPLETION_INDEX: '0', MCP_POSTURE_SHARD_COUNT: '9' }),
    ).toEqual({ index: 1, count: 2 });
    expect(() => resolveShard('1/2', 3, {})).toThrow(/disagrees/);
    expect(() => resolveShard(undefined, 3, {})).toThrow(/needs a shard index/);
  });
});
