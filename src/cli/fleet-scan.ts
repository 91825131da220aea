/**
 * `scan --targets FILE` / `scan --registry [URL]`: a fleet scan. Targets come from the given
 * sources (a URL argument may be added), are de-duplicated by canonical URL and sharded; each
 * is scanned with the library's `scan()` through the fleet runner and streamed to the journal
 * and the history database (default ./mcp-posture.db). Reports are not kept: per-target report
 * files are written as targets finish (`--output-dir`), and stdout gets a fleet summary.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { targetIdOf } from '../fleet/db/keys.js';
import { DEFAULT_DB_FILE } from '../fleet/db/open.js';
import { rateLimitOf } from '../fleet/rate-limit.js';
import { recordOf } from '../fleet/record.js';
import type { ScanRecord } from '../fleet/record.js';
import { resolveShard, ShardError } from '../fleet/shard.js';
import { collectTargets, TargetListError } from '../fleet/targets/collect.js';
import { fileSource, listSource, TargetsFileError } from '../fleet/targets/file.js';
import { RegistryError, registrySource } from '../fleet/targets/registry.js';
import type { SkippedTarget, TargetSource } from '../fleet/targets/types.js';
import { scan } from '../api.js';
import { escapeTerminalLine } from '../report/escape.js';
import { loadFormats } from '../report/format-loader.js';
import { FORMAT_FILES } from '../report/format-spec.js';
import type { ScanReport } from '../report/model.js';
import { combineExitCodes, EXIT, exitCodeFor } from './exit-code.js';
import type { FleetScanOptions } from './fleet-options.js';
import { registryUrl } from './fleet-options.js';
import type { FleetRunResult } from './fleet-run.js';
import { executeFleet } from './fleet-run.js';
import { anchorFor } from './manifest.js';
import { UsageError } from './options.js';
import type { OutputOpts } from './outputs.js';
import type { ScanContext } from './scan-target.js';
import { prepareTarget } from './scan-target.js';

export interface FleetScanInput {
  readonly url: string | undefined;
  readonly fleet: FleetScanOptions;
  readonly ctx: ScanContext;
  readonly outputs: OutputOpts;
  /** Flags a fleet source cannot take, as typed (name → given). */
  readonly refused: Readonly<Record<string, boolean>>;
}

const SHOWN = 20;

function checkFleetFlags(input: FleetScanInput): void {
  for (const [flag, given] of Object.entries(input.refused))
    if (given)
      throw new UsageError(
        `${flag} does not apply to a fleet scan (--targets/--registry): ` +
          'tokens, headers and designations go only to the targets of the config file they are set for',
      );
  const o = input.outputs;
  if (o.output)
    throw new UsageError(
      'a fleet scan writes per-target reports into --output-dir; its stdout is the fleet summary',
    );
  if (!o.outputDir && !(o.formats.length === 1 && o.formats[0] === 'text'))
    throw new UsageError(
      'a fleet scan writes reports only into --output-dir DIR (stdout is the fleet summary)',
    );
  const combined = o.outputDir ? o.formats.filter((f) => FORMAT_FILES[f].combined) : [];
  if (combined.length)
    throw new UsageError(
      `${combined.join(', ')} combine every target into one file: a fleet streams its reports; use \`mcp-posture fleet report\`, or scan a config file`,
    );
}

function sourcesOf(input: FleetScanInput): TargetSource[] {
  const sources: TargetSource[] = [];
  if (input.url) sources.push(listSource(input.url, 'url', [{ url: input.url, name: null }]));
  if (input.fleet.targets) sources.push(fileSource(input.fleet.targets));
  const registry = registryUrl(input.fleet);
  if (registry !== null)
    sources.push(
      registrySource({
        baseUrl: registry,
        ...(input.fleet.updatedSince ? { updatedSince: input.fleet.updatedSince } : {}),
      }),
    );
  return sources;
}

function fileName(report: ScanReport, ext: string): string {
  const slug = report.target.url
    .replace(/^https?:\/\//, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `report-${slug || 'target'}-${targetIdOf(report.target.url).slice(0, 8)}.${ext}`;
}

/** Counts and the first few not-graded targets, kept while records stream past. */
class Tally {
  readonly outcomes = new Map<string, number>();
  readonly grades = new Map<string, number>();
  readonly notGraded: ScanRecord[] = [];
  worst: number = EXIT.ok;
  retried = 0;

  add(r: ScanRecord): void {
    this.outcomes.set(r.outcome, (this.outcomes.get(r.outcome) ?? 0) + 1);
    if (r.outcome === 'graded') this.grades.set(r.grade ?? '?', (this.grades.get(r.grade ?? '?') ?? 0) + 1);
    else if (this.notGraded.length < SHOWN) this.notGraded.push(r);
    if (r.attempts > 1) this.retried++;
    if (r.exitCode === EXIT.scanFailed || (r.exitCode === EXIT.findings && this.worst === EXIT.ok))
      this.worst = r.exitCode;
  }
}

function summaryText(
  input: FleetScanInput,
  collected: { total: number; skipped: readonly SkippedTarget[]; duplicates: number },
  res: FleetRunResult,
  tally: Tally,
  ms: number,
): string {
  const t = escapeTerminalLine;
  const s = res.summary;
  const lines = [
    `mcp-posture fleet run ${t(res.runId)}: ${collected.total} targets` +
      (collected.duplicates ? `, ${collected.duplicates} duplicate(s) dropped` : '') +
      (collected.skipped.length ? `, ${collected.skipped.length} skipped` : '') +
      (input.fleet.shard || res.inShard !== collected.total ? `; ${res.inShard} in this shard` : ''),
    `  done ${s.done}` +
      (res.resumed ? ` (+${res.resumed} from the journal)` : '') +
      [...tally.outcomes].map(([o, n]) => ` · ${o} ${n}`).join('') +
      (tally.retried ? ` · rescanned after 429: ${tally.retried}` : '') +
      (s.notStarted ? ` · not started ${s.notStarted}` : ''),
    `  grades: ${['A+', 'A', 'B', 'C', 'D', 'F'].map((g) => `${g} ${tally.grades.get(g) ?? 0}`).join(' · ')}`,
  ];
  if (res.history)
    lines.push(
      `  history: ${t(res.history)}${res.replayed ? ` (${res.replayed} journal entries stored)` : ''}`,
    );
  if (input.fleet.journal) lines.push(`  journal: ${t(input.fleet.journal)}`);
  if (tally.notGraded.length) {
    lines.push('  not graded:');
    for (const r of tally.notGraded)
      lines.push(`    ${t(r.target.url)}  ${r.outcome}${r.detail ? `: ${t(r.detail)}` : ''}`);
    const more = s.failed - tally.notGraded.length;
    if (more > 0) lines.push(`    … and ${more} more (mcp-posture fleet report)`);
  }
  if (collected.skipped.length) {
    lines.push('  skipped:');
    for (const k of collected.skipped.slice(0, SHOWN)) lines.push(`    ${t(k.ref)}: ${t(k.reason)}`);
    if (collected.skipped.length > SHOWN) lines.push(`    … and ${collected.skipped.length - SHOWN} more`);
  }
  if (s.stoppedBy === 'deadline')
    lines.push(
      `  the fleet deadline passed: ${s.notStarted} target(s) not started (rerun with --journal … --resume)`,
    );
  lines.push(`  took ${(ms / 1000).toFixed(1)} s`);
  return `${lines.join('\n')}\n`;
}

export async function runFleetScan(input: FleetScanInput): Promise<number> {
  const started = Date.now();
  checkFleetFlags(input);
  let shard;
  try {
    shard = resolveShard(input.fleet.shard, input.fleet.shardCount, process.env);
  } catch (err) {
    if (err instanceof ShardError) throw new UsageError(err.message);
    throw err;
  }
  let collected;
  try {
    collected = await collectTargets(sourcesOf(input));
  } catch (err) {
    if (err instanceof TargetsFileError || err instanceof TargetListError) throw new UsageError(err.message);
    if (err instanceof RegistryError) {
      process.stderr.write(`mcp-posture: ${err.message}\n`);
      return EXIT.scanFailed;
    }
    throw err;
  }
  // Settings errors (a bad environment variable…) surface before anything is sent.
  const prepared = collected.targets.map((t) => prepareTarget(input.ctx, t, 'configured'));
  const budgets = prepared.map((p) => p.scanTimeoutMs);
  const mode = prepared[0]?.collect.mode ?? 'safe';
  prepared.length = 0;
  const outputs = input.outputs;
  if (outputs.outputDir) mkdirSync(outputs.outputDir, { recursive: true });
  const anchor = anchorFor('mcp-posture.targets.json', '');
  const formats = await loadFormats(outputs.outputDir ? outputs.formats : []);
  const tally = new Tally();
  const db = input.fleet.db === false ? null : (input.fleet.db ?? DEFAULT_DB_FILE);

  const res = await executeFleet({
    targets: collected.targets,
    sourceLabel:
      sourcesOf(input)
        .map((s) => s.label)
        .join(' + ') || 'targets',
    mode,
    fleet: input.fleet,
    shard,
    dbSpec: db,
    targetTimeoutMs: Math.max(1_000, ...budgets),
    showProgress: true,
    scan: async (t, actx) => {
      const p = prepareTarget(input.ctx, t, 'configured');
      const out = await scan(
        { ...p.collect, url: t.url, scanTimeoutMs: Math.min(p.scanTimeoutMs, actx.scanTimeoutMs) },
        p.reportOpts,
      );
      const limit = rateLimitOf(out.evidence);
      // A rate-limited attempt is scanned again: only the last one is worth a report file.
      if (outputs.outputDir && (!limit.limited || actx.attempt >= input.fleet.maxAttempts))
        for (const [, spec] of formats)
          writeFileSync(
            join(outputs.outputDir, fileName(out.report, spec.ext)),
            spec.render([out.report], {
              anchor,
              color: false,
              ...(outputs.docsUrl ? { docsBaseUrl: outputs.docsUrl } : {}),
            }),
          );
      const record = recordOf(out, {
        target: t,
        exitCode: exitCodeFor(out.report, p.gate),
        attempts: actx.attempt,
        rateLimited: limit.limited,
        finishedAt: new Date(),
      });
      return { record, rateLimited: limit.limited, retryAfterMs: limit.retryAfterMs };
    },
    onRecord: (r) => tally.add(r),
  });

  process.stdout.write(
    summaryText(input, { total: collected.targets.length, ...collected }, res, tally, Date.now() - started),
  );
  const stopped = res.summary.stoppedBy;
  const failure = stopped instanceof Error ? stopped : res.dbError;
  if (failure) {
    process.stderr.write(
      `mcp-posture: ${failure.message}` +
        (input.fleet.journal && res.dbError
          ? `\n  every finished target is in the journal ${input.fleet.journal}: rerun with --resume to store them\n`
          : '\n'),
    );
    return EXIT.historyFailed;
  }
  if (res.summary.notStarted > 0) return EXIT.scanFailed;
  return combineExitCodes([tally.worst, ...res.resumedCodes]);
}
