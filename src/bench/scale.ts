/**
 * A fleet of 500, 1 000 and 2 000 targets (issue 25 item 5), as users run one: `mcp-posture scan
 * --targets FILE --journal … --db …` in a child process, against loopback fixture servers (GET
 * answered 405), then `fleet report` on the database it wrote. Wall time, peak RSS, database size
 * and report time per size, to show that time grows linearly and memory stays flat; then a run
 * killed with SIGKILL half-way and resumed from its journal: every target once, none twice.
 * The targets are distinct URLs (a query string per target) spread over a few servers.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { startFixtureServer } from '../demo/fixture-server.js';
import type { FixtureServer } from '../demo/fixture-server.js';
import { runCli } from './child-scan.js';
import type { BenchRow, BenchSection } from './format.js';
import { mb, ms, progress } from './format.js';

const SERVERS = 40;
const CONCURRENCY = 32;
/** Targets of one server at once: the servers are few, the targets many. */
const PER_HOST = 4;
/** Per-target time at the largest size may exceed the smallest's by this much and still be linear. */
const LINEAR_SLACK = 1.25;
/** Peak RSS at the largest size may exceed the smallest's by this much and still be flat. */
const FLAT_SLACK = 1.15;

const BIN = fileURLToPath(new URL('../bin/mcp-posture.js', import.meta.url));

interface Sized {
  readonly n: number;
  readonly wallMs: number;
  readonly rssKb: number;
  readonly dbBytes: number;
  readonly reportMs: number;
  readonly journaled: number;
  /** Targets whose scan did not end graded (on a loaded machine: timeouts). */
  readonly notGraded: number;
}

const fleetArgs = (targets: string, journal: string, db: string): string[] => [
  'scan',
  '--targets',
  targets,
  '--journal',
  journal,
  '--db',
  db,
  '--concurrency',
  String(CONCURRENCY),
  '--per-host',
  String(PER_HOST),
  '--no-progress',
];

interface Journaled {
  readonly url: string;
  readonly outcome: string;
}

function journaled(path: string): Journaled[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .flatMap((line) => {
      try {
        const r = JSON.parse(line) as { record?: { target?: { url?: string }; outcome?: string } };
        const url = r.record?.target?.url;
        return typeof url === 'string' ? [{ url, outcome: String(r.record?.outcome) }] : [];
      } catch {
        return [];
      }
    });
}

const journalTargets = (path: string): string[] => journaled(path).map((j) => j.url);

/** The CLI's exit codes of a fleet that ran to its end: 3 when a target was not reached. */
const RAN = [0, 1, 3];

function writeTargets(
  dir: string,
  servers: readonly FixtureServer[],
  n: number,
): { file: string; urls: string[] } {
  const urls = Array.from({ length: n }, (_, i) => `${servers[i % servers.length]!.url}?t=${i}`);
  const file = join(dir, `targets-${n}.txt`);
  writeFileSync(file, `${urls.join('\n')}\n`);
  return { file, urls };
}

async function sized(dir: string, servers: readonly FixtureServer[], n: number): Promise<Sized> {
  const { file } = writeTargets(dir, servers, n);
  const journal = join(dir, `journal-${n}.ndjson`);
  const db = join(dir, `history-${n}.db`);
  progress(`scale: ${n} targets, concurrency ${CONCURRENCY}`);
  const run = await runCli(fleetArgs(file, journal, db));
  if (!RAN.includes(run.code ?? -1))
    throw new Error(`fleet of ${n} exited ${String(run.code)}: ${run.stderr}`);
  const report = await runCli([
    'fleet',
    'report',
    '--db',
    db,
    '--format',
    'json',
    '--output',
    join(dir, 'r.json'),
  ]);
  if (report.code !== 0) throw new Error(`fleet report exited ${String(report.code)}: ${report.stderr}`);
  return {
    n,
    wallMs: run.wallMs,
    rssKb: run.maxRssKb ?? Number.NaN,
    dbBytes: statSync(db).size,
    reportMs: report.wallMs,
    journaled: journalTargets(journal).length,
    notGraded: journaled(journal).filter((j) => j.outcome !== 'graded').length,
  };
}

/** A run killed half-way with SIGKILL, then resumed: the journal's targets, each once. */
async function killedAndResumed(
  dir: string,
  servers: readonly FixtureServer[],
  n: number,
): Promise<{ atKill: number; after: string[]; expected: number }> {
  const { file } = writeTargets(dir, servers, n);
  const journal = join(dir, 'journal-killed.ndjson');
  const db = join(dir, 'history-killed.db');
  const args = fleetArgs(file, journal, db);
  const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const deadline = Date.now() + 600_000;
  while (journalTargets(journal).length < n / 2 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  await exited;
  const atKill = journalTargets(journal).length;
  progress(`scale: killed at ${atKill}/${n}, resuming`);
  const resumed = await runCli([...args, '--resume']);
  if (!RAN.includes(resumed.code ?? -1))
    throw new Error(`resume exited ${String(resumed.code)}: ${resumed.stderr}`);
  return { atKill, after: journalTargets(journal), expected: n };
}

export async function scaleBench(sizes = [500, 1000, 2000], resumeSize = 400): Promise<BenchSection> {
  const servers = await Promise.all(
    Array.from({ length: SERVERS }, () => startFixtureServer({ getMode: '405' })),
  );
  const dir = mkdtempSync(join(tmpdir(), 'mcp-posture-bench-scale-'));
  const measured: Sized[] = [];
  let resume: Awaited<ReturnType<typeof killedAndResumed>>;
  try {
    for (const n of sizes) measured.push(await sized(dir, servers, n));
    resume = await killedAndResumed(dir, servers, resumeSize);
  } finally {
    await Promise.all(servers.map((s) => s.close()));
    rmSync(dir, { recursive: true, force: true });
  }
  const first = measured[0]!;
  const last = measured[measured.length - 1]!;
  const perTarget = (m: Sized): number => m.wallMs / m.n;
  const linear = perTarget(last) <= perTarget(first) * LINEAR_SLACK;
  const flat = last.rssKb <= first.rssKb * FLAT_SLACK;
  const complete = measured.every((m) => m.journaled === m.n);
  const once = resume.after.length === resume.expected && new Set(resume.after).size === resume.expected;
  const rows: BenchRow[] = [
    ...measured.map((m): BenchRow => ({
      measurement: `fleet of ${m.n} loopback targets (journal + SQLite), concurrency ${CONCURRENCY}`,
      value:
        `wall ${ms(m.wallMs)} (${perTarget(m).toFixed(1)} ms/target), peak RSS ${mb(m.rssKb)}, ` +
        `db ${(m.dbBytes / 1024 / 1024).toFixed(1)} MB, fleet report ${ms(m.reportMs)}`,
      ratio: '-',
      goal: '-',
    })),
    {
      measurement: `fleet ${first.n} -> ${last.n} targets: time per target, peak RSS`,
      value: `${perTarget(first).toFixed(1)} -> ${perTarget(last).toFixed(1)} ms; ${mb(first.rssKb)} -> ${mb(last.rssKb)}`,
      ratio: `${(perTarget(last) / perTarget(first)).toFixed(2)}x, ${(last.rssKb / first.rssKb).toFixed(2)}x`,
      goal: `linear (<= ${LINEAR_SLACK}x), flat (<= ${FLAT_SLACK}x), every target journaled`,
      pass: linear && flat && complete,
    },
    {
      measurement: `fleet of ${resume.expected} killed (SIGKILL) at ${resume.atKill} and resumed`,
      value: `${resume.after.length} journaled, ${new Set(resume.after).size} distinct`,
      ratio: '-',
      goal: 'every target once',
      pass: once,
    },
  ];
  return {
    details: [
      `Scale: ${SERVERS} fixture servers on loopback, targets spread over them (one URL each), the CLI in a child ` +
        `process with --journal and --db (SQLite), concurrency ${CONCURRENCY}, ${PER_HOST} per host.`,
      ...measured.map(
        (m) =>
          `  ${String(m.n).padStart(5)} targets: ${ms(m.wallMs)}, ${perTarget(m).toFixed(1)} ms/target, peak RSS ${mb(m.rssKb)}, ` +
          `db ${(m.dbBytes / 1024 / 1024).toFixed(1)} MB (${(m.dbBytes / m.n / 1024).toFixed(1)} KB/target), fleet report ${ms(m.reportMs)}, ` +
          `${m.notGraded} not graded`,
      ),
    ],
    rows,
    interpretation: [
      'scale: each finished target is reduced to a record, journaled and stored, then dropped, so memory does not ' +
        'grow with the fleet; the time per target is the CPU of one scan and its storage.',
    ],
  };
}
