/**
 * A fleet run killed with SIGKILL once its journal holds a random number of finished targets, then
 * resumed (`--resume`, the same `--run-id`), and checked from what it left: the journal holds every
 * target once, its lines from before the kill unchanged and first; the database holds one scan of
 * every target under the run ID; the resumed run took the journal's targets from it and scanned
 * only the others (its summary's counts), so no finished target was scanned twice.
 */
import { join } from 'node:path';

import type { FixtureServer } from '../demo/fixture-server.js';
import { progress } from './format.js';
import { fleetArgs, journalEntries, RAN, runScaleCli, writeTargets } from './scale-child.js';
import { storedRun } from './scale-history.js';

export interface Resumed {
  readonly n: number;
  /** Complete journal lines when the killed process was gone. */
  readonly atKill: number;
  /** The kill left a torn (unterminated) last line. */
  readonly torn: boolean;
  readonly journaled: number;
  readonly distinct: number;
  readonly stored: number;
  /** From the resumed run's summary: targets it scanned, and those it took from the journal. */
  readonly scannedOnResume: number;
  readonly fromJournal: number;
  /** Journal lines the resumed run wrote into the database (finished but not yet stored at the kill). */
  readonly replayed: number;
  /** What is wrong; empty when every target is there once. */
  readonly problems: readonly string[];
}

const RUN_ID = 'scale-killed';

/** `done N (+M from the journal)` and `(K journal entries stored)` of the CLI's summary. */
function summaryCounts(stdout: string): { done: number; fromJournal: number; replayed: number } {
  const done = /\bdone (\d+)(?: \(\+(\d+) from the journal\))?/.exec(stdout);
  const replayed = /\((\d+) journal entries stored\)/.exec(stdout);
  return {
    done: done ? Number(done[1]) : Number.NaN,
    fromJournal: done?.[2] ? Number(done[2]) : 0,
    replayed: replayed ? Number(replayed[1]) : 0,
  };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

export async function killedAndResumed(
  dir: string,
  servers: readonly FixtureServer[],
  n: number,
): Promise<Resumed> {
  const { file, urls } = writeTargets(dir, servers, n);
  const journal = join(dir, 'journal-killed.ndjson');
  const db = join(dir, 'history-killed.db');
  const args = fleetArgs(file, journal, db, RUN_ID);
  // Anywhere from a tenth to nine tenths of the way.
  const after = Math.round(n * (0.1 + 0.8 * Math.random()));
  progress(`scale: ${n} targets, to be killed after ${after} finished`);
  const killed = await runScaleCli(args, { cwd: dir, killAt: { journal, after } });
  const before = journalEntries(journal);
  if (killed.killedAt === null)
    throw new Error(`the run to kill ended first (exit ${String(killed.code)}): ${killed.stderr}`);
  progress(`scale: killed with ${before.entries.length}/${n} journaled, resuming`);
  const resumed = await runScaleCli([...args, '--resume'], { cwd: dir });
  if (!RAN.includes(resumed.code ?? -1))
    throw new Error(`resume exited ${String(resumed.code)}: ${resumed.stderr}`);
  const after2 = journalEntries(journal).entries;
  const stored = storedRun(db, RUN_ID);
  const counts = summaryCounts(resumed.stdout);
  const journaledUrls = after2.map((e) => e.url);
  const expected = [...urls].sort();
  const problems: string[] = [];
  if (!sameList([...journaledUrls].sort(), expected))
    problems.push(`the journal's targets are not the fleet's, each once (${after2.length} lines)`);
  if (
    !sameList(
      journaledUrls.slice(0, before.entries.length),
      before.entries.map((e) => e.url),
    )
  )
    problems.push('the lines journaled before the kill changed');
  if (after2.some((e) => e.runId !== RUN_ID)) problems.push('a journal line of another run');
  if (!sameList([...stored.urls].sort(), expected) || stored.distinctTargets !== n)
    problems.push(`the database holds ${stored.scans} scans of ${stored.distinctTargets} targets`);
  if (counts.fromJournal !== before.entries.length || counts.done !== n - before.entries.length)
    problems.push(
      `the resumed run scanned ${counts.done} and took ${counts.fromJournal} from the journal ` +
        `(${before.entries.length} were journaled)`,
    );
  return {
    n,
    atKill: before.entries.length,
    torn: before.torn,
    journaled: after2.length,
    distinct: new Set(journaledUrls).size,
    stored: stored.scans,
    scannedOnResume: counts.done,
    fromJournal: counts.fromJournal,
    replayed: counts.replayed,
    problems,
  };
}
