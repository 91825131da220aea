/**
 * The process group of a launched server (docs/stdio.md#safety-launching-a-server-runs-its-code):
 * signalling it and telling whether anything in it still runs.
 */
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Signals the child's whole process group; Windows has no groups to signal, so only the child. */
export function signalGroup(child: ChildProcess | null, signal: NodeJS.Signals): void {
  const pid = child?.pid;
  if (pid === undefined) return;
  try {
    if (process.platform === 'win32') child?.kill(signal);
    else process.kill(-pid, signal);
  } catch {
    // The group is gone already.
  }
}

/**
 * Whether a live (not zombie) process of the group remains. On Linux /proc tells zombies
 * apart: an orphaned member that was killed stays a zombie until init reaps it, and a zombie
 * runs nothing. Elsewhere a signal 0 to the group answers.
 */
export function groupAlive(child: ChildProcess | null): boolean {
  const pid = child?.pid;
  if (pid === undefined) return false;
  try {
    process.kill(-pid, 0);
  } catch {
    return false;
  }
  return process.platform !== 'linux' || liveGroupMembers(pid) > 0;
}

/** Processes of process group `pgid` that are not zombies, from /proc (Linux). */
export function liveGroupMembers(pgid: number): number {
  let n = 0;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return 1;
  }
  for (const e of entries) {
    if (!/^\d+$/.test(e)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${e}/stat`, 'utf8');
    } catch {
      continue;
    }
    // pid (comm) state ppid pgrp …: comm may hold spaces and parentheses, so read after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid && fields[0] !== 'Z' && fields[0] !== 'X') n++;
  }
  return n;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Launches still running: their groups are killed if the scanner exits first (an uncaught error, exit()). */
const LIVE = new Set<{ kill(): void }>();
let exitHook = false;

export function trackLive(p: { kill(): void }): void {
  LIVE.add(p);
  if (exitHook) return;
  exitHook = true;
  process.once('exit', () => {
    for (const live of LIVE) live.kill();
  });
}

export function untrackLive(p: { kill(): void }): void {
  LIVE.delete(p);
}
