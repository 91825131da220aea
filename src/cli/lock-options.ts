/**
 * `scan --lock FILE [--update-lock]` (docs/pinning.md): the lock is read before anything is
 * sent (a corrupted lock, or one of another schema version, is a usage error and the file is
 * left untouched), each target is handed its entry for its credential context, and after the
 * scan `--update-lock` records the targets that were reached.
 */
import type { Evidence } from '../evidence/types.js';
import type { CredentialContext } from '../evidence/pin-types.js';
import type { LockFile } from '../lock/file.js';
import { entryFor, LockError, readLock, updateLock } from '../lock/file.js';
import { UsageError } from './options.js';

export interface LockChoice {
  readonly file: string;
  readonly update: boolean;
  readonly lock: LockFile;
}

/** The lock given by `--lock` (or the config's `lock`), read and validated; undefined without one. */
export function readLockOption(
  flag: string | undefined,
  fromConfig: string | undefined,
  update: boolean,
): LockChoice | undefined {
  const file = flag ?? fromConfig;
  if (!file) {
    if (update) throw new UsageError('--update-lock needs --lock FILE (or `lock` in the config file)');
    return undefined;
  }
  try {
    return { file, update, lock: readLock(file, update) };
  } catch (err) {
    if (err instanceof LockError) throw new UsageError(err.message);
    throw err;
  }
}

/** The collect option for one target: its entry in its credential context. */
export function lockFor(
  choice: LockChoice,
  url: string,
  hasToken: boolean,
): {
  file: string;
  baseline: ReturnType<typeof entryFor>['baseline'];
  recordedContexts: CredentialContext[];
} {
  const target = new URL(url).toString();
  const { baseline, recordedContexts } = entryFor(choice.lock, target, hasToken ? 'token' : 'anonymous');
  return { file: choice.file, baseline, recordedContexts };
}

/** Records each scanned target's current surface; returns the lines to print on stderr. */
export async function recordLocks(choice: LockChoice, evidences: readonly Evidence[]): Promise<string[]> {
  const lines: string[] = [];
  for (const ev of evidences) {
    if (!ev.pin) continue;
    try {
      const out = await updateLock(
        choice.file,
        ev.target.url,
        ev.pin.context,
        ev.pin.current,
        ev.detection.targetClass === 'reachable',
      );
      lines.push(
        out.written
          ? `recorded ${ev.target.url} (${ev.pin.context}) in lock ${choice.file} (${out.targets} target${out.targets === 1 ? '' : 's'})`
          : `lock ${choice.file} not updated: ${out.reason}`,
      );
    } catch (err) {
      if (err instanceof LockError) throw new UsageError(err.message);
      throw err;
    }
  }
  return lines;
}
