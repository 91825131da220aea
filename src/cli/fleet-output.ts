/**
 * A fleet run (`--targets`, `--registry`, `--discovered`): targets come from lists, are
 * de-duplicated by identity and sharded; each finished target is streamed to the journal and
 * the history database (`--targets`/`--registry` default to ./mcp-posture.db). Reports are not
 * kept: per-target report files are written as targets finish (`--output-dir`), and stdout gets
 * the run's summary.
 */
import type { ScanCliOptions } from './cli-options.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { ScanOutput } from '../api.js';
import { targetIdOf } from '../fleet/db/keys.js';
import { DEFAULT_DB_FILE } from '../fleet/db/open.js';
import type { ScanRecord } from '../fleet/record.js';
import { escapeTerminalLine } from '../escape/terminal.js';
import { loadFormats } from '../report/format-loader.js';
import { FORMAT_FILES } from '../report/format-spec.js';
import type { ScanReport } from '../report/model.js';
import { UsageError } from '../run/errors.js';
import { combineExitCodes, EXIT } from '../run/exit-code.js';
import type { LockChoice } from '../run/lock.js';
import type { PreparedTarget } from '../run/prepare.js';
import type { RunResult } from '../run/run-targets.js';
import type { CollectedTargets } from '../targets/sources/collect.js';
import type { FleetScanOptions } from './fleet-options.js';
import { progressDisplay } from './fleet-progress.js';
import { anchorFor } from './manifest.js';
import type { OutputOpts } from './outputs.js';
import { historyOf, pacingOf } from './run-options.js';
import type { TargetChoice } from './scan-targets.js';

export interface FleetScan {
  readonly prepared: readonly PreparedTarget[];
  readonly collected: CollectedTargets;
  readonly fleet: FleetScanOptions;
  readonly outputs: OutputOpts;
  readonly lock: LockChoice | undefined;
  readonly choice: TargetChoice;
  readonly o: ScanCliOptions;
}

const SHOWN = 20;

/** What a fleet cannot do or write, refused before anything is read. */
export function checkFleetFlags(o: ScanCliOptions, outputs: OutputOpts): void {
  if (o.plan) throw new UsageError('--plan shows one target (a URL or a config file), not a fleet');
  if (o.saveEvidence) throw new UsageError('--save-evidence works with one target at a time');
  if (o.updateBaseline)
    throw new UsageError('--update-baseline works with a URL or a config file, not a fleet');
  if (outputs.output)
    throw new UsageError(
      'a fleet scan writes per-target reports into --output-dir; its stdout is the fleet summary',
    );
  if (!outputs.outputDir && !(outputs.formats.length === 1 && outputs.formats[0] === 'text'))
    throw new UsageError(
      'a fleet scan writes reports only into --output-dir DIR (stdout is the fleet summary)',
    );
  const combined = outputs.outputDir ? outputs.formats.filter((f) => FORMAT_FILES[f].combined) : [];
  if (combined.length)
    throw new UsageError(
      `${combined.join(', ')} combine every target into one file: a fleet streams its reports; use \`mcp-posture fleet report\`, or scan a config file`,
    );
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

function summaryText(f: FleetScan, res: RunResult, tally: Tally, ms: number): string {
  const t = escapeTerminalLine;
  const s = res.summary;
  const c = f.collected;
  const total = c.targets.length;
  const lines = [
    `mcp-posture fleet run ${t(res.runId)}: ${total} targets` +
      (c.duplicates ? `, ${c.duplicates} duplicate(s) dropped` : '') +
      (c.skipped.length ? `, ${c.skipped.length} skipped` : '') +
      (f.fleet.shard || res.inShard !== total ? `; ${res.inShard} in this shard` : ''),
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
  if (f.fleet.journal) lines.push(`  journal: ${t(f.fleet.journal)}`);
  lines.push(...notGradedLines(tally, s.failed), ...skippedLines(c));
  if (s.stoppedBy === 'deadline')
    lines.push(
      `  the fleet deadline passed: ${s.notStarted} target(s) not started (rerun with --journal … --resume)`,
    );
  lines.push(`  took ${(ms / 1000).toFixed(1)} s`);
  return `${lines.join('\n')}\n`;
}

function notGradedLines(tally: Tally, failed: number): string[] {
  if (tally.notGraded.length === 0) return [];
  const t = escapeTerminalLine;
  const lines = ['  not graded:'];
  for (const r of tally.notGraded)
    lines.push(`    ${t(r.target.url)}  ${r.outcome}${r.detail ? `: ${t(r.detail)}` : ''}`);
  const more = failed - tally.notGraded.length;
  if (more > 0) lines.push(`    … and ${more} more (mcp-posture fleet report)`);
  return lines;
}

function skippedLines(c: CollectedTargets): string[] {
  if (c.skipped.length === 0) return [];
  const t = escapeTerminalLine;
  const lines = ['  skipped:'];
  for (const k of c.skipped.slice(0, SHOWN)) lines.push(`    ${t(k.ref)}: ${t(k.reason)}`);
  if (c.skipped.length > SHOWN) lines.push(`    … and ${c.skipped.length - SHOWN} more`);
  return lines;
}

/** Each finished target's report files (`--output-dir`), named after its target. */
async function reportWriter(outputs: OutputOpts): Promise<(out: ScanOutput) => void> {
  if (!outputs.outputDir) return () => undefined;
  const dir = outputs.outputDir;
  mkdirSync(dir, { recursive: true });
  const anchor = anchorFor('mcp-posture.targets.json', '');
  const formats = await loadFormats(outputs.formats);
  return (out) => {
    for (const [, spec] of formats)
      writeFileSync(
        join(dir, fileName(out.report, spec.ext)),
        spec.render([out.report], {
          anchor,
          color: false,
          ...(outputs.docsUrl ? { docsBaseUrl: outputs.docsUrl } : {}),
        }),
      );
  };
}

/** The history database: the flag, none with --no-db; lists default to ./mcp-posture.db, discovery to none. */
function dbOf(f: FleetScanOptions, choice: TargetChoice): string | null {
  if (f.db === false) return null;
  if (typeof f.db === 'string') return f.db;
  return choice.kinds.some((k) => k === 'file' || k === 'registry') ? DEFAULT_DB_FILE : null;
}

export async function runFleetScan(f: FleetScan): Promise<number> {
  const started = Date.now();
  const tally = new Tally();
  const write = await reportWriter(f.outputs);
  const { runTargets } = await import('../run/run-targets.js');
  const res = await runTargets({
    targets: f.prepared,
    sourceLabel: f.choice.label,
    pacing: pacingOf(f.fleet, false),
    history: historyOf(f.fleet, dbOf(f.fleet, f.choice)),
    ...(f.lock ? { lock: f.lock } : {}),
    keep: false,
    progress: progressDisplay(f.fleet),
    onOutput: (_p, out) => write(out),
    onRecord: (r) => tally.add(r),
    warn: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(summaryText(f, res, tally, Date.now() - started));
  for (const line of res.lockLines) process.stderr.write(`${line}\n`);
  const failure = res.summary.stoppedBy instanceof Error ? res.summary.stoppedBy : res.dbError;
  if (failure) {
    process.stderr.write(
      `mcp-posture: ${failure.message}` +
        (f.fleet.journal && res.dbError
          ? `\n  every finished target is in the journal ${f.fleet.journal}: rerun with --resume to store them\n`
          : '\n'),
    );
    return EXIT.historyFailed;
  }
  if (res.summary.notStarted > 0) return EXIT.scanFailed;
  return combineExitCodes([tally.worst, ...res.resumedCodes]);
}
