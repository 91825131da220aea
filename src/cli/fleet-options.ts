/** The fleet options of `scan` (target sources, pacing, resume, history, shards), typed. */
import type { Command } from 'commander';
import { InvalidArgumentError, Option } from 'commander';

import { OFFICIAL_REGISTRY } from '../targets/sources/registry.js';

export interface FleetScanOptions {
  readonly targets?: string;
  /** `--registry` alone means the official registry. */
  readonly registry?: string | true;
  readonly updatedSince?: string;
  readonly concurrency: number;
  readonly perHost: number;
  readonly fleetTimeout?: number;
  readonly maxAttempts: number;
  readonly maxBackoff: number;
  readonly journal?: string;
  readonly resume?: boolean;
  /** A SQLite file or a postgres:// URL; false for `--no-db`. */
  readonly db?: string | false;
  readonly runId?: string;
  readonly shard?: string;
  readonly shardCount?: number;
  readonly progress: boolean;
}

function count(max: number) {
  return (v: string): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > max)
      throw new InvalidArgumentError(`expected a whole number from 1 to ${max}`);
    return n;
  };
}

function ms(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0)
    throw new InvalidArgumentError('expected a positive integer (milliseconds)');
  return n;
}

function rfc3339(v: string): string {
  if (
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(v) ||
    Number.isNaN(Date.parse(v))
  )
    throw new InvalidArgumentError('expected an RFC 3339 time, e.g. 2025-08-07T13:15:04Z');
  return v;
}

function runId(v: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/.test(v))
    throw new InvalidArgumentError('expected 1-128 letters, digits, ".", "_", ":" or "-"');
  return v;
}

export function addFleetScanOptions(cmd: Command): Command {
  return cmd
    .option('--targets <file>', 'scan every URL of this file (one per line, # comments; or a JSON list)')
    .addOption(
      new Option(
        '--registry [url]',
        `scan the remote servers listed by an MCP registry (default ${OFFICIAL_REGISTRY})`,
      ),
    )
    .option(
      '--updated-since <time>',
      'with --registry: only entries updated since this RFC 3339 time',
      rfc3339,
    )
    .option('--concurrency <n>', 'targets scanned at once', count(1024), 8)
    .option('--per-host <n>', 'targets of one host (name:port) scanned at once', count(64), 2)
    .option('--fleet-timeout <ms>', 'no target starts after this long (the rest can be resumed)', ms)
    .option(
      '--max-attempts <n>',
      'scans of a target that answers 429, waiting its Retry-After between',
      count(10),
      3,
    )
    .option('--max-backoff <ms>', 'longest wait after a 429, whatever Retry-After asks', ms, 60_000)
    .option('--journal <file>', 'append each finished target to this NDJSON file (crash-safe)')
    .option('--resume', 'skip the targets the --journal already holds (same run)')
    .option(
      '--db <path|url>',
      'history database: a SQLite file, or postgres://… (fleet scans default to ./mcp-posture.db)',
    )
    .option('--no-db', 'fleet scans: keep no history database (the journal only)')
    .option('--run-id <id>', 'the run ID (shards of one run must share it)', runId)
    .option('--shard <i/n>', 'scan only shard i of n (0-based; by a stable hash of each URL)')
    .option(
      '--shard-count <n>',
      'the shard count with a Kubernetes Indexed Job (JOB_COMPLETION_INDEX)',
      count(10_000),
    )
    .option('--no-progress', 'no progress bar or progress lines');
}

export function fleetOptionsOf(cmd: Command): FleetScanOptions {
  return cmd.opts<FleetScanOptions & Record<string, unknown>>();
}

/** The options that make a scan a fleet run even with one URL or a config file. */
export function wantsHistory(f: FleetScanOptions): boolean {
  return (
    typeof f.db === 'string' ||
    f.journal !== undefined ||
    f.resume === true ||
    f.shard !== undefined ||
    f.runId !== undefined
  );
}

export function registryUrl(f: FleetScanOptions): string | null {
  if (f.registry === undefined) return null;
  return f.registry === true ? OFFICIAL_REGISTRY : f.registry;
}
