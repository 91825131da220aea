/**
 * A run over targets the user named one by one (a URL, `--stdio`, the config's targets): every
 * report is kept and rendered together, the evidence saved (`--save-evidence`), the baseline
 * written (`--update-baseline`), and the exit code is the worst of the targets'.
 */
import type { ScanCliOptions } from './cli-options.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';

import type { ScanOutput } from '../api.js';
import { reportOf } from '../api.js';
import { serializeEvidence } from '../evidence/bundle-write.js';
import { serializeBaseline, writeBaseline } from '../report/baseline-compare.js';
import { escapeTerminalLine } from '../escape/terminal.js';
import { UsageError } from '../run/errors.js';
import { combineExitCodes, EXIT } from '../run/exit-code.js';
import type { LockChoice } from '../run/lock.js';
import type { PreparedTarget } from '../run/prepare.js';
import type { RunResult } from '../run/run-targets.js';
import { runTableOf } from '../run/fleet-table.js';
import type { RunTable } from '../fleet/report/from-run.js';
import type { ScanRecord } from '../fleet/record.js';
import type { FleetScanOptions } from './fleet-options.js';
import { wantsHistory } from './fleet-options.js';
import { progressDisplay } from './fleet-progress.js';
import { anchorFor, writeManifest } from './manifest.js';
import type { OutputOpts } from './outputs.js';
import { writeOutputs } from './outputs.js';
import { historyOf, pacingOf } from './run-options.js';
import type { TargetChoice } from './scan-targets.js';

export interface KeptScan {
  readonly prepared: readonly PreparedTarget[];
  readonly fleet: FleetScanOptions;
  readonly outputs: OutputOpts;
  readonly lock: LockChoice | undefined;
  readonly configPath: string | null;
  readonly choice: TargetChoice;
  readonly o: ScanCliOptions;
}

/** A target that did not end: the cause first, then the target, then the next step. */
export function unfinishedLine(reason: string, href: string): string {
  const next = /deadline/.test(reason) ? ' (a slow server needs a larger --scan-timeout)' : '';
  return `mcp-posture: ${escapeTerminalLine(reason)}: ${escapeTerminalLine(href)} was not scanned to the end${next}`;
}

/** What went wrong with targets that did not end, and with the history database. */
function runProblems(res: RunResult): number[] {
  const codes: number[] = [];
  for (const u of res.unfinished)
    process.stderr.write(`${unfinishedLine(u.reason, u.prepared.sourced.target.href)}\n`);
  if (res.summary.notStarted > 0) {
    process.stderr.write(
      `mcp-posture: the fleet deadline passed: ${res.summary.notStarted} target(s) not started\n`,
    );
    codes.push(EXIT.scanFailed);
  }
  const failure = res.summary.stoppedBy instanceof Error ? res.summary.stoppedBy : res.dbError;
  if (failure) {
    process.stderr.write(`mcp-posture: ${failure.message}\n`);
    codes.push(EXIT.historyFailed);
  }
  return codes;
}

/**
 * `--update-baseline`: the current failures written to the baseline file, and the reports rebuilt
 * without the comparison against the file as it was before ("9 new, 0 expected" read as a
 * verdict); the line on stderr says what was written.
 */
function updateBaseline(k: KeptScan, kept: readonly Kept[]): ScanOutput[] {
  const baseline = k.prepared[0]?.reportOpts.baseline;
  const outs = kept.map((x) => x.out);
  if (!baseline) return outs;
  let data = baseline.data;
  let recorded = 0;
  for (const { out } of kept) {
    data = writeBaseline(out.report, data);
    recorded += writeBaseline(out.report).entries.length;
  }
  writeFileSync(baseline.file, serializeBaseline(data));
  const others = data.entries.length - recorded;
  process.stderr.write(
    `baseline written: ${recorded} finding${recorded === 1 ? '' : 's'} recorded in ${escapeTerminalLine(baseline.file)}${others > 0 ? ` (with ${others} of other targets kept)` : ''}\n`,
  );
  return kept.map(({ out, prepared }) => {
    const { baseline: _, ...opts } = prepared.reportOpts;
    return reportOf(out.evidence, out.results, opts);
  });
}

interface Kept {
  readonly out: ScanOutput;
  readonly prepared: PreparedTarget;
}

async function writeKept(k: KeptScan, kept: readonly Kept[]): Promise<void> {
  const o = k.o;
  const outs = o.updateBaseline ? updateBaseline(k, kept) : kept.map((x) => x.out);
  if (o.saveEvidence) {
    if (outs.length !== 1) throw new UsageError('--save-evidence works with one target at a time');
    writeFileSync(o.saveEvidence, serializeEvidence(outs[0]!.evidence));
  }
  const reports = outs.map((x) => x.report);
  const anchor = k.configPath
    ? anchorFor(relative(process.cwd(), k.configPath), readFileSync(k.configPath, 'utf8'))
    : k.outputs.formats.includes('sarif') && (k.outputs.outputDir || k.outputs.output)
      ? // The results point at a file that exists: the manifest, beside the SARIF file (-o) or in --output-dir.
        writeManifest(k.outputs.outputDir ?? dirname(k.outputs.output!), reports)
      : anchorFor('mcp-posture.targets.json', '');
  const color = o.color && Boolean(process.stdout.isTTY) && !o.output && !process.env['NO_COLOR'];
  process.stdout.write(await writeOutputs(reports, k.outputs, { anchor, color }));
  // A machine format (or a file) holds the cause too; the terminal gets it in one line on stderr.
  if (k.outputs.formats[0] !== 'text' || o.output || o.outputDir)
    for (const r of reports)
      if (r.target.unreached)
        process.stderr.write(
          `mcp-posture: ${escapeTerminalLine(r.target.unreached.why)}\n  next: ${escapeTerminalLine(r.target.unreached.next)}\n`,
        );
}

/** The per-target table of a run of several kept targets, under a line that counts them. */
async function tableText(k: KeptScan, table: RunTable): Promise<string> {
  const { targetTableLines } = await import('../fleet/report/render-text.js');
  const report = table.report(
    {
      id: 'this run',
      startedAt: new Date().toISOString(),
      source: k.choice.label,
      mode: 'scan',
      shardCount: 1,
    },
    new Date(),
  );
  const grades = report.grades.map((g) => `${g.grade} ${g.count}`).join(' · ');
  return `\n${report.targets.total} targets: ${grades}\n${targetTableLines(report, { reportExt: null }).join('\n')}\n`;
}

export async function runKeptScan(k: KeptScan): Promise<number> {
  const o = k.o;
  const quiet = !o.output && !o.outputDir && k.outputs.formats[0] !== 'text';
  const lone = k.prepared.length === 1 && !wantsHistory(k.fleet);
  // Several targets (a config file's): one line each after their reports, as a fleet run prints.
  const table = k.prepared.length > 1 ? runTableOf(k.prepared) : null;
  const { runTargets } = await import('../run/run-targets.js');
  const res = await runTargets({
    targets: k.prepared,
    sourceLabel: k.choice.label,
    pacing: pacingOf(k.fleet, lone),
    history: historyOf(k.fleet, typeof k.fleet.db === 'string' ? k.fleet.db : null, !lone),
    ...(k.lock ? { lock: k.lock } : {}),
    keep: true,
    ...(k.prepared.length === 1
      ? {
          scanProgress: (m: string) => {
            if (process.stderr.isTTY || !quiet) process.stderr.write(`… ${escapeTerminalLine(m)}\n`);
          },
        }
      : { progress: progressDisplay(k.fleet) }),
    warn: (line) => process.stderr.write(`${line}\n`),
    ...(table ? { onRecord: (r: ScanRecord, out: ScanOutput | null) => table.add(r, out) } : {}),
  });
  const codes = [...res.codes, ...runProblems(res)];
  for (const line of res.lockLines) process.stderr.write(`${line}\n`);
  const kept = res.outputs.flatMap((out, i) => (out === null ? [] : [{ out, prepared: k.prepared[i]! }]));
  await writeKept(k, kept);
  if (table && k.outputs.formats[0] === 'text' && !o.output) process.stdout.write(await tableText(k, table));
  if (codes.includes(EXIT.historyFailed)) return EXIT.historyFailed;
  return o.updateBaseline ? EXIT.ok : combineExitCodes(codes);
}
