/**
 * Runs this command again in a second Node process started with other V8 flags (a scan's heap
 * setting, ../run/heap.ts), and ends as it ends. The terminal, pipes and environment are the
 * child's; a signal sent to this process alone is passed on; and if this process is killed outright,
 * the child sees its IPC channel close and exits, so no scan runs on unowned.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

import { SCAN_CHILD_ENV } from '../run/heap.js';

const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export function runInChild(
  nodeArgs: readonly string[],
  script: string,
  args: readonly string[],
): Promise<number> {
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, [SCAN_CHILD_ENV]: '1' },
  });
  const forward = (sig: NodeJS.Signals) => () => child.kill(sig);
  for (const sig of FORWARDED) process.on(sig, forward(sig));
  return new Promise((resolve) => {
    child.on('error', () => resolve(4));
    child.on('exit', (code, signal) => {
      if (signal === null) return resolve(code ?? 4);
      // Ended by a signal: end the same way, so a shell or CI sees what happened.
      for (const sig of FORWARDED) process.removeAllListeners(sig);
      process.kill(process.pid, signal);
      // Should the signal not end this process at once, the shell's code for it.
      resolve(128 + (constants.signals[signal] ?? 0));
    });
  });
}

/** In the second process: exit when the first is gone (its IPC channel closes). */
export function exitWithParent(): void {
  if (!process.connected) return;
  process.on('disconnect', () => process.exit(130));
  // The channel must not keep the process alive once the command is done.
  process.channel?.unref();
}
