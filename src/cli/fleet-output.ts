/**
 * A fleet run (`--targets`, `--registry`, `--discovered`): targets come from lists, are
 * de-duplicated by identity and sharded; each finished target is streamed to the journal and
 * the history database (`--targets`/`--registry` default to ./mcp-posture.db). Reports are not
 * kept: per-target report files, named after each server (src/fleet/report/file-names.ts), are
 * written as targets finish (`--output-dir`), with the run's per-target table beside them
 * (`index.<ext>`). stdout gets the table, one line per target, and the run's summary at the end.
 * A target's full report is printed only with `--verbose`, and only for the targets that fail
 * (findings at `--fail-on` or not scanned): the table says which target needs what at a glance,
 * and every report is one file away in `--output-dir`.
 */
import type { ScanCliOptions } from './cli-options.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { ScanOutput } from '../api.js';
import { DEFAULT_DB_FILE } from '../fleet/db/open.js';
import type { ScanRecord } from '../fleet/record.js';
import { escapeTerminalLine } from '../escape/terminal.js';
import { loadFormats } from '../report/format-loader.js';
import { FORMAT_FILES } from '../report/format-spec.js';
import { UsageError } from '../run/errors.js';
import { combineExitCodes, EXIT } from '../run/exit-code.js';
import type { LockChoice } from '../run/lock.js';
import type { PreparedTarget } from '../run/prepare.js';
import type { RunResult } from '../run/run-targets.js';
import type { FleetReport } from '../fleet/report/model.js';
import { fleetReportOfRun, runTableOf, stemsOf } from '../run/fleet-table.js';
import { indexFiles, writeFleetIndex } from './fleet-index.js';
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

/** Counts and the first few not-graded targets, kept while records stream past. */
class Tally {
  readonly outcomes = new Map<string, number>();
  readonly grades = new Map<string, number>();
  readonly notGraded: ScanRecord[] = [];
  worst: number = EXIT.ok;
  retried = 0;
  /** Text reports of the targets that failed, for `--verbose`. */
  readonly failedReports: string[] = [];

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
    `  grades: ${['A+', 'A', 'B', 'C', 'D', 'F'].map((g) => `${g} ${tally.grades.get(g) ?? 0}`).join(' · ')} · N/G ${[...tally.outcomes].reduce((n, [o, k]) => (o === 'graded' ? n : n + k), 0)}`,
  ];
  if (res.history)
    lines.push(
      `  history: ${t(res.history)}${res.replayed ? ` (${res.replayed} journal entries stored)` : ''}`,
    );
  if (f.fleet.journal) lines.push(`  journal: ${t(f.fleet.journal)}`);
  if (f.outputs.outputDir)
    lines.push(
      `  reports: ${t(f.outputs.outputDir)}, the table in ${indexFiles(f.outputs.formats).join(', ') || 'none of these formats'}`,
    );
  else
    lines.push(
      `  details: --output-dir DIR writes each target's report beside this table${f.outputs.verbose ? '' : '; --verbose prints the failing ones here'}`,
    );
  lines.push(...skippedLines(c));
  if (s.stoppedBy === 'deadline')
    lines.push(
      `  the fleet deadline passed: ${s.notStarted} target(s) not started (rerun with --journal … --resume)`,
    );
  lines.push(`  took ${(ms / 1000).toFixed(1)} s`);
  return `${lines.join('\n')}\n`;
}

function skippedLines(c: CollectedTargets): string[] {
  if (c.skipped.length === 0) return [];
  const t = escapeTerminalLine;
  const lines = ['  skipped:'];
  for (const k of c.skipped.slice(0, SHOWN)) lines.push(`    ${t(k.ref)}: ${t(k.reason)}`);
  if (c.skipped.length > SHOWN) lines.push(`    … and ${c.skipped.length - SHOWN} more`);
  return lines;
}

/** Each finished target's report files (`--output-dir`), named after its server. */
async function reportWriter(
  outputs: OutputOpts,
  stems: ReadonlyMap<string, string>,
): Promise<(p: PreparedTarget, out: ScanOutput) => void> {
  if (!outputs.outputDir) return () => undefined;
  const dir = outputs.outputDir;
  mkdirSync(dir, { recursive: true });
  const anchor = anchorFor('mcp-posture.targets.json', '');
  const formats = await loadFormats(outputs.formats);
  return (p, out) => {
    for (const [, spec] of formats)
      writeFileSync(
        join(dir, `${stems.get(p.sourced.target.identity) ?? 'target'}.${spec.ext}`),
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

/** `--verbose`: the text report of each target that failed (findings at --fail-on, or not scanned). */
async function failedReportKeeper(
  f: FleetScan,
  tally: Tally,
): Promise<(out: ScanOutput, code: number) => void> {
  if (!f.outputs.verbose) return () => undefined;
  const text = (await loadFormats(['text'])).get('text')!;
  const anchor = anchorFor('mcp-posture.targets.json', '');
  const color = f.o.color && Boolean(process.stdout.isTTY) && !process.env['NO_COLOR'];
  return (out, code) => {
    if (code !== EXIT.ok)
      tally.failedReports.push(text.render([out.report], { anchor, color, verbose: true }));
  };
}

/** Rows shown on the terminal; the rest are in the table files (`--output-dir`) and `fleet report`. */
const TERMINAL_ROWS = 100;

async function printTable(f: FleetScan, report: FleetReport, tally: Tally): Promise<void> {
  const { targetTableLines } = await import('../fleet/report/render-text.js');
  for (const r of tally.failedReports) process.stdout.write(`${r}\n`);
  const dir = f.outputs.outputDir;
  const lines = targetTableLines(report, {
    reportExt: dir ? FORMAT_FILES[f.outputs.formats[0]!].ext : null,
    maxRows: TERMINAL_ROWS,
  });
  if (report.targets.total > 0) process.stdout.write(`${lines.join('\n')}\n\n`);
  if (dir) await writeFleetIndex(dir, f.outputs.formats, report);
}

export async function runFleetScan(f: FleetScan): Promise<number> {
  const started = Date.now();
  const tally = new Tally();
  const stems = stemsOf(f.prepared);
  const table = runTableOf(f.prepared);
  const write = await reportWriter(f.outputs, stems);
  const keepFailed = await failedReportKeeper(f, tally);
  const db = dbOf(f.fleet, f.choice);
  const history = historyOf(f.fleet, db);
  const { runTargets } = await import('../run/run-targets.js');
  const res = await runTargets({
    targets: f.prepared,
    sourceLabel: f.choice.label,
    pacing: pacingOf(f.fleet, false),
    history,
    ...(f.lock ? { lock: f.lock } : {}),
    keep: false,
    progress: progressDisplay(f.fleet),
    onOutput: (p, out, code) => {
      write(p, out);
      keepFailed(out, code);
    },
    onRecord: (r, out) => {
      tally.add(r);
      table.add(r, out);
    },
    warn: (line) => process.stderr.write(`${line}\n`),
  });
  const report = await fleetReportOfRun(
    {
      runId: res.runId,
      startedAt: new Date(started),
      source: f.choice.label,
      mode: f.prepared[0]?.mode ?? 'safe',
      shardCount: history.shard?.count ?? 1,
      db: res.history === null ? null : db,
      dbError: res.dbError,
    },
    table,
  );
  await printTable(f, report, tally);
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
