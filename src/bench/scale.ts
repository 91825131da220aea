/**
 * Fleets of 250, 500, 1 000 and 2 000 targets (issue 25 item 5), as users run one: `mcp-posture
 * scan --targets FILE --journal … --db …` in a child process, against loopback fixture servers
 * (GET answered 405), then `fleet report` on the database it wrote, alone and with a previous run
 * of the same size to compare with. Per size: wall time, CPU time and peak RSS of the scanning
 * process, database size, report time; then whether time and memory grow linearly, whether the
 * peak stays under the bound, and a run killed with SIGKILL at a random point and resumed
 * with its run ID: every target in the journal and the database exactly once, none scanned again.
 * The targets are distinct URLs (a query string per target) spread over several servers (origins).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startFixtureServer } from '../demo/fixture-server.js';
import type { FixtureServer } from '../demo/fixture-server.js';
import type { BenchRow, BenchSection } from './format.js';
import { mb, ms, progress } from './format.js';
import {
  CONCURRENCY,
  fleetArgs,
  journalEntries,
  PER_HOST,
  RAN,
  runScaleCli,
  writeTargets,
} from './scale-child.js';
import { addOlderRuns, addPreviousRun, storedRun } from './scale-history.js';
import { killedAndResumed } from './scale-resume.js';
import type { Resumed } from './scale-resume.js';

const SERVERS = 40;
/**
 * Cost per target between the two largest sizes may exceed that between the two smallest by this
 * much. An n·log n part (B-tree inserts, sorting) raises it by at most log(2000)/log(500) = 1.22×;
 * a quadratic part raises its own share 4× from 500 to 2 000, so one that is a tenth of the cost at
 * 500 already shows as 0.9 + 0.4 = 1.3×.
 */
const LINEAR_BOUND = 1.3;
/** The bound on the fleet process (item 4: under 200 MB at concurrency 64; here at 32). */
const RSS_BOUND_KB = 200 * 1024;
/** How much the peak of one size moves between runs on this machine: growth below it is flat. */
const RSS_NOISE_KB = 16 * 1024;
/** Older runs added to the largest size's database: `fleet report` on a history of many runs. */
const OLDER_RUNS = 10;

interface Sized {
  readonly n: number;
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly rssKb: number;
  readonly dbBytes: number;
  readonly reportMs: number;
  /** `fleet report` with a previous run of the same size in the database. */
  readonly reportPrevMs: number;
  /** Targets journaled and stored (each should be n). */
  readonly journaled: number;
  readonly stored: number;
  /** Targets whose scan did not end graded (on a loaded machine: timeouts). */
  readonly notGraded: number;
}

async function reportMs(dir: string, db: string): Promise<number> {
  const args = ['fleet', 'report', '--db', db, '--format', 'json', '--output', join(dir, 'r.json')];
  const r = await runScaleCli(args, { cwd: dir });
  if (r.code !== 0) throw new Error(`fleet report exited ${String(r.code)}: ${r.stderr}`);
  return r.wallMs;
}

async function sized(dir: string, servers: readonly FixtureServer[], n: number): Promise<Sized> {
  const { file } = writeTargets(dir, servers, n);
  const journal = join(dir, `journal-${n}.ndjson`);
  const db = join(dir, `history-${n}.db`);
  const runId = `scale-${n}`;
  progress(`scale: ${n} targets, concurrency ${CONCURRENCY}`);
  const run = await runScaleCli(fleetArgs(file, journal, db, runId), { cwd: dir });
  if (!RAN.includes(run.code ?? -1) || run.rssKb === null || run.cpuMs === null)
    throw new Error(`fleet of ${n} exited ${String(run.code)}: ${run.stderr}`);
  const { entries } = journalEntries(journal);
  const dbBytes = statSync(db).size;
  const stored = storedRun(db, runId).scans;
  const alone = await reportMs(dir, db);
  addPreviousRun(db, runId);
  const withPrev = await reportMs(dir, db);
  rmSync(journal, { force: true });
  return {
    n,
    wallMs: run.wallMs,
    cpuMs: run.cpuMs,
    rssKb: run.rssKb,
    dbBytes,
    reportMs: alone,
    reportPrevMs: withPrev,
    journaled: entries.length,
    stored,
    notGraded: entries.filter((e) => e.outcome !== 'graded').length,
  };
}

interface History {
  readonly n: number;
  readonly runs: number;
  readonly dbBytes: number;
  readonly reportMs: number;
}

/** The largest run's database with OLDER_RUNS more runs of its size: the report should not slow down. */
async function historyGrown(dir: string, n: number): Promise<History> {
  const db = join(dir, `history-${n}.db`);
  progress(`scale: ${OLDER_RUNS} older runs of ${n} targets added to its database`);
  addOlderRuns(db, `scale-${n}`, OLDER_RUNS);
  return { n, runs: OLDER_RUNS + 2, dbBytes: statSync(db).size, reportMs: await reportMs(dir, db) };
}

/** Cost per target between two sizes (the fixed cost of a run cancels out). */
const slope = (a: Sized, b: Sized, v: (s: Sized) => number): number => (v(b) - v(a)) / (b.n - a.n);

interface Verdicts {
  readonly wall: { low: number; high: number };
  readonly cpu: { low: number; high: number };
  /** Peak RSS above the one-wave base, per target, at the second size and the largest. */
  readonly rss: { at500: number; atTop: number; growthTopKb: number; pass: boolean };
}

function verdicts(base: Sized, m: readonly Sized[]): Verdicts {
  const [a, b] = [m[0]!, m[1]!];
  const [y, z] = [m[m.length - 2]!, m[m.length - 1]!];
  const growth = (s: Sized): number => Math.max(0, s.rssKb - base.rssKb);
  const at500 = growth(b) / b.n;
  const atTop = growth(z) / z.n;
  return {
    wall: { low: slope(a, b, (s) => s.wallMs), high: slope(y, z, (s) => s.wallMs) },
    cpu: { low: slope(a, b, (s) => s.cpuMs), high: slope(y, z, (s) => s.cpuMs) },
    rss: {
      at500,
      atTop,
      growthTopKb: growth(z),
      pass: atTop <= at500 * LINEAR_BOUND || growth(z) <= RSS_NOISE_KB,
    },
  };
}

const sizeLine = (m: Sized): string =>
  `  ${String(m.n).padStart(5)} targets: wall ${ms(m.wallMs)} (${(m.wallMs / m.n).toFixed(1)} ms/target), ` +
  `CPU ${ms(m.cpuMs)} (${(m.cpuMs / m.n).toFixed(1)} ms/target), peak RSS ${mb(m.rssKb)}, ` +
  `db ${(m.dbBytes / 1024 / 1024).toFixed(1)} MB (${(m.dbBytes / m.n / 1024).toFixed(1)} KB/target), ` +
  `fleet report ${ms(m.reportMs)} (with a previous run: ${ms(m.reportPrevMs)}), ` +
  `journaled ${m.journaled}, stored ${m.stored}, ${m.notGraded} not graded`;

function rows(base: Sized, m: readonly Sized[], v: Verdicts, r: Resumed, h: History): BenchRow[] {
  const [b, z] = [m[1]!, m[m.length - 1]!];
  const lin = (x: { low: number; high: number }): boolean => x.high <= x.low * LINEAR_BOUND;
  const pair = (x: { low: number; high: number }): string => `${x.low.toFixed(1)} -> ${x.high.toFixed(1)} ms`;
  const peak = Math.max(...m.map((s) => s.rssKb));
  return [
    ...m.map((s): BenchRow => ({
      measurement: `fleet of ${s.n} loopback targets (journal + SQLite), concurrency ${CONCURRENCY}`,
      value:
        `wall ${ms(s.wallMs)}, CPU ${ms(s.cpuMs)}, peak RSS ${mb(s.rssKb)}, ` +
        `db ${(s.dbBytes / 1024 / 1024).toFixed(1)} MB, fleet report ${ms(s.reportMs)} / ${ms(s.reportPrevMs)}`,
      ratio: '-',
      goal: 'every target journaled and stored',
      pass: s.journaled === s.n && s.stored === s.n,
    })),
    {
      measurement: `fleet: wall time per added target, ${m[0]!.n}->${b.n} vs ${m[m.length - 2]!.n}->${z.n}`,
      value: pair(v.wall),
      ratio: `${(v.wall.high / v.wall.low).toFixed(2)}x`,
      goal: `linear (<= ${LINEAR_BOUND}x)`,
      pass: lin(v.wall),
    },
    {
      measurement: `fleet: CPU time per added target, ${m[0]!.n}->${b.n} vs ${m[m.length - 2]!.n}->${z.n}`,
      value: pair(v.cpu),
      ratio: `${(v.cpu.high / v.cpu.low).toFixed(2)}x`,
      goal: `linear (<= ${LINEAR_BOUND}x)`,
      pass: lin(v.cpu),
    },
    {
      measurement: `fleet: peak RSS above a ${base.n}-target run, per target, at ${b.n} and ${z.n}`,
      value: `${v.rss.at500.toFixed(1)} -> ${v.rss.atTop.toFixed(1)} KB (${mb(v.rss.growthTopKb)} at ${z.n})`,
      ratio: v.rss.at500 > 0 ? `${(v.rss.atTop / v.rss.at500).toFixed(2)}x` : '-',
      goal: `linear (<= ${LINEAR_BOUND}x, or under ${mb(RSS_NOISE_KB)} in all)`,
      pass: v.rss.pass,
    },
    {
      measurement: `fleet: peak RSS of the scanning process, every size (concurrency ${CONCURRENCY})`,
      value: mb(peak),
      ratio: `${(peak / RSS_BOUND_KB).toFixed(2)}x`,
      goal: `< ${mb(RSS_BOUND_KB)}`,
      pass: peak < RSS_BOUND_KB,
    },
    {
      measurement: `fleet report of ${h.n} targets: 1 previous run vs ${h.runs - 1} in the database`,
      value: `${ms(z.reportPrevMs)} -> ${ms(h.reportMs)} (db ${(h.dbBytes / 1024 / 1024).toFixed(0)} MB)`,
      ratio: `${(h.reportMs / z.reportPrevMs).toFixed(2)}x`,
      goal: `flat in the history (<= ${LINEAR_BOUND}x)`,
      pass: h.reportMs <= z.reportPrevMs * LINEAR_BOUND,
    },
    {
      measurement: `fleet of ${r.n} killed (SIGKILL) at ${r.atKill} finished (random), resumed with its run ID`,
      value:
        `journal ${r.journaled} lines, ${r.distinct} distinct, db ${r.stored}; resumed run scanned ` +
        `${r.scannedOnResume}, took ${r.fromJournal} from the journal`,
      ratio: '-',
      goal: 'every target once: none lost, none twice',
      pass: r.problems.length === 0,
    },
  ];
}

export async function scaleBench(sizes = [250, 500, 1000, 2000], resumeSize = 500): Promise<BenchSection> {
  const servers = await Promise.all(
    Array.from({ length: SERVERS }, () => startFixtureServer({ getMode: '405' })),
  );
  const dir = mkdtempSync(join(tmpdir(), 'mcp-posture-bench-scale-'));
  const measured: Sized[] = [];
  let base: Sized;
  let resume: Resumed;
  let history: History;
  try {
    base = await sized(dir, servers, CONCURRENCY);
    for (const n of sizes) measured.push(await sized(dir, servers, n));
    history = await historyGrown(dir, sizes[sizes.length - 1]!);
    resume = await killedAndResumed(dir, servers, resumeSize);
  } finally {
    await Promise.all(servers.map((s) => s.close()));
    rmSync(dir, { recursive: true, force: true });
  }
  const v = verdicts(base, measured);
  return {
    details: [
      `Scale: ${SERVERS} fixture servers on loopback, targets spread over them (one URL each), the CLI in a child ` +
        `process with --journal and --db (SQLite), concurrency ${CONCURRENCY}, ${PER_HOST} per host; ` +
        `CPU and peak RSS are the scanning process's own; fleet report alone / with a previous run to compare.`,
      `  base: ${base.n} targets (one wave), peak RSS ${mb(base.rssKb)}, wall ${ms(base.wallMs)}`,
      ...measured.map(sizeLine),
      `  history: ${history.runs} runs of ${history.n} targets, db ${(history.dbBytes / 1024 / 1024).toFixed(0)} MB, fleet report ${ms(history.reportMs)}`,
      `  killed and resumed: ${resume.n} targets, killed after ${resume.atKill} (${resume.torn ? 'a torn last line cut' : 'no torn line'}), ` +
        `${resume.replayed} journal entries stored on resume; ${resume.problems.length ? resume.problems.join('; ') : 'every target once'}`,
    ],
    rows: rows(base, measured, v, resume, history),
    interpretation: [
      'scale: each finished target is reduced to a record, journaled (one appended line) and stored (one ' +
        'transaction, keyed by indexes), then dropped, so the cost of a target does not depend on how many came ' +
        'before it, and memory holds the scans in flight, not the ones finished; the peak RSS is that of ' +
        `${CONCURRENCY} scans at once, whatever the fleet's size.`,
    ],
  };
}
