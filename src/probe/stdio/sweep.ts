/**
 * Ending what a launch left running (docs/stdio.md#every-process-ends), outside the sandbox: on
 * Linux every process of the server's process group and every process whose environment carries
 * the launch's marker (the way Jenkins' process-tree killer finds a build's processes) is found in
 * /proc, recorded, sent SIGTERM, and SIGKILL after the grace period. A process is identified by its
 * pid and its start time, read again before each signal, so a pid reused meanwhile is never hit.
 */
import { readdirSync, readFileSync } from 'node:fs';

import { sleep } from './group.js';

/** The variable every launched process inherits: its value is unique to the launch. */
export const MARKER_NAME = 'MCP_POSTURE_LAUNCH';

/** A process found by the sweep: pid and start time (clock ticks since boot) identify it. */
export interface FoundProcess {
  readonly pid: number;
  readonly start: string;
  readonly pgid: number;
  readonly command: string;
}

export interface SweepOutcome {
  readonly found: readonly FoundProcess[];
  readonly ended: 'sigterm' | 'sigkill' | null;
}

/** Processes of group `pgid` or carrying `marker`, not zombies, not this process. */
export function findLaunchProcesses(pgid: number | null, marker: string): FoundProcess[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const needle = Buffer.from(`${MARKER_NAME}=${marker}\0`);
  const out: FoundProcess[] = [];
  for (const e of entries) {
    if (!/^\d+$/.test(e) || Number(e) === process.pid) continue;
    const stat = statOf(Number(e));
    if (stat === null || stat.zombie) continue;
    if (stat.pgid !== pgid && !environHas(Number(e), needle)) continue;
    out.push({ pid: Number(e), start: stat.start, pgid: stat.pgid, command: commandOf(Number(e)) });
  }
  return out;
}

/**
 * Ends the processes of a launch: SIGTERM, then SIGKILL to those still running after `graceMs`,
 * and again for any they started meanwhile (a few rounds). Every process seen is returned.
 */
export async function endLaunchProcesses(
  pgid: number | null,
  marker: string,
  graceMs: number,
): Promise<SweepOutcome> {
  const seen = new Map<string, FoundProcess>();
  let ended: SweepOutcome['ended'] = null;
  for (let round = 0; round < 3; round++) {
    const found = findLaunchProcesses(pgid, marker);
    if (found.length === 0) break;
    for (const p of found) seen.set(`${p.pid}:${p.start}`, p);
    for (const p of found) signalIfSame(p, 'SIGTERM');
    ended = ended ?? 'sigterm';
    if (await waitGone(found, graceMs)) continue;
    ended = 'sigkill';
    for (const p of found) signalIfSame(p, 'SIGKILL');
    await waitGone(found, 1_000);
  }
  return { found: [...seen.values()], ended };
}

/** Sends `signal` only when the pid still names the same, live process. */
function signalIfSame(p: FoundProcess, signal: NodeJS.Signals): void {
  const now = statOf(p.pid);
  if (now === null || now.zombie || now.start !== p.start) return;
  try {
    process.kill(p.pid, signal);
  } catch {
    // It ended between the check and the signal.
  }
}

async function waitGone(procs: readonly FoundProcess[], ms: number): Promise<boolean> {
  const live = () => procs.some((p) => isRunning(p));
  for (const until = Date.now() + ms; Date.now() < until && live();) await sleep(50);
  return !live();
}

function isRunning(p: FoundProcess): boolean {
  const now = statOf(p.pid);
  return now !== null && !now.zombie && now.start === p.start;
}

/** pid (comm) state ppid pgrp … starttime (field 22): comm may hold spaces and ')', so read after the last ')'. */
function statOf(pid: number): { zombie: boolean; pgid: number; start: string } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { zombie: f[0] === 'Z' || f[0] === 'X', pgid: Number(f[2]), start: f[19] ?? '' };
}

/** The environment holds `needle` (`NAME=value\0`) as a whole entry. Bounded: 1 MB read. */
function environHas(pid: number, needle: Buffer): boolean {
  let env: Buffer;
  try {
    env = readFileSync(`/proc/${pid}/environ`).subarray(0, 1 << 20);
  } catch {
    return false;
  }
  if (env.subarray(0, needle.length).equals(needle)) return true;
  return env.includes(Buffer.concat([Buffer.from([0]), needle]));
}

/** The command line, arguments joined by spaces, cut to 200 characters. */
function commandOf(pid: number): string {
  try {
    const raw = readFileSync(`/proc/${pid}/cmdline`).subarray(0, 1024);
    return raw.toString('utf8').split('\0').filter(Boolean).join(' ').slice(0, 200);
  } catch {
    return '';
  }
}
