/**
 * Several targets of the config file (or one, with --db/--journal): scanned through the fleet
 * runner (bounded concurrency, per-host limits, 429 backoff, journal and history), with their
 * reports kept, in config order, for the usual report formats. A config file is a curated list:
 * keeping its reports is what `scan --config` has always rendered.
 */
import type { ScanOutput } from '../index.js';
import { scan } from '../api.js';
import { rateLimitOf } from '../fleet/rate-limit.js';
import { recordOf } from '../fleet/record.js';
import { resolveShard, ShardError } from '../fleet/shard.js';
import { canonicalTargetUrl } from '../fleet/targets/canonical.js';
import type { FleetTarget } from '../fleet/targets/types.js';
import { escapeTerminalLine } from '../report/escape.js';
import { exitCodeFor } from './exit-code.js';
import type { FleetScanOptions } from './fleet-options.js';
import { wantsHistory } from './fleet-options.js';
import type { FleetRunResult } from './fleet-run.js';
import { executeFleet } from './fleet-run.js';
import { UsageError } from './options.js';
import type { PreparedTarget } from './scan-target.js';

export interface Collected {
  /** Per input target, in order; null when it was not scanned to the end (see `problems`). */
  readonly outputs: readonly (ScanOutput | null)[];
  /** Exit codes of the targets that were scanned (resumed and other shards' targets have none). */
  readonly codes: readonly number[];
  readonly run: FleetRunResult;
}

export async function scanCollected(
  targets: readonly { readonly url: string; readonly name: string | null }[],
  prepared: readonly PreparedTarget[],
  fleet: FleetScanOptions,
  source: { readonly label: string; readonly kind: 'url' | 'config' },
  onProgress: ((m: string) => void) | undefined,
): Promise<Collected> {
  let shard;
  try {
    shard = resolveShard(fleet.shard, fleet.shardCount, process.env);
  } catch (err) {
    if (err instanceof ShardError) throw new UsageError(err.message);
    throw err;
  }
  const history = wantsHistory(fleet);
  const fleetTargets: FleetTarget[] = [];
  const indexOf = new Map<FleetTarget, number>();
  const seen = new Set<string>();
  targets.forEach((t, i) => {
    const c = canonicalTargetUrl(t.url);
    if ('error' in c) throw new UsageError(`${t.url}: ${c.error}`);
    // History is kept per URL: with it, one URL is one target.
    if (history && seen.has(c.url)) return;
    seen.add(c.url);
    const ft: FleetTarget = { url: c.url, name: t.name, source: source.kind, registry: null };
    fleetTargets.push(ft);
    indexOf.set(ft, i);
  });
  const outputs: (ScanOutput | null)[] = targets.map(() => null);
  const codes: (number | null)[] = targets.map(() => null);
  const attempted = new Set<number>();
  const run = await executeFleet({
    targets: fleetTargets,
    sourceLabel: source.label,
    mode: prepared[0]?.collect.mode ?? 'safe',
    fleet,
    shard,
    dbSpec: typeof fleet.db === 'string' ? fleet.db : null,
    targetTimeoutMs: Math.max(1_000, ...prepared.map((p) => p.scanTimeoutMs)),
    showProgress: fleetTargets.length > 1,
    scan: async (t, actx) => {
      const i = indexOf.get(t)!;
      const p = prepared[i]!;
      attempted.add(i);
      const out = await scan(
        {
          ...p.collect,
          url: targets[i]!.url,
          scanTimeoutMs: Math.min(p.scanTimeoutMs, actx.scanTimeoutMs),
          ...(onProgress ? { onProgress } : {}),
        },
        p.reportOpts,
      );
      const limit = rateLimitOf(out.evidence);
      const code = exitCodeFor(out.report, p.gate);
      outputs[i] = out;
      codes[i] = code;
      const record = recordOf(out, {
        target: t,
        exitCode: code,
        attempts: actx.attempt,
        rateLimited: limit.limited,
        finishedAt: new Date(),
      });
      return { record, rateLimited: limit.limited, retryAfterMs: limit.retryAfterMs };
    },
    onRecord: () => undefined,
  });
  targets.forEach((t, i) => {
    if (outputs[i] === null && attempted.has(i)) {
      process.stderr.write(`mcp-posture: ${escapeTerminalLine(t.url)} was not scanned to the end\n`);
      codes[i] = 3;
    }
  });
  if (run.summary.notStarted > 0)
    process.stderr.write(
      `mcp-posture: the fleet deadline passed: ${run.summary.notStarted} target(s) not started\n`,
    );
  return {
    outputs,
    codes: codes.filter((c): c is number => c !== null).concat(run.summary.notStarted > 0 ? [3] : []),
    run,
  };
}
