/**
 * `--lock FILE [--update-lock]` for every run (docs/pinning.md): the lock is read before
 * anything is sent (a corrupted lock, or one of another schema version, is a usage error and
 * the file is left untouched), each target is handed its entry by identity and credential
 * context, and with `--update-lock` the surfaces of the targets that were reached are recorded,
 * in batches, each batch under the lock's guard in one safe write.
 */
import type { CredentialContext, Evidence } from '../evidence/types.js';
import type { LockFile, LockUpdate, UpdateOutcome } from '../lock/file.js';
import { entryFor, LockError, readLock, updateLockEntries } from '../lock/file.js';
import type { ScanOutput, ScanTargetOptions } from '../api.js';
import { evaluate } from '../api.js';
import type { ReportOptions } from '../report/model.js';
import { UsageError } from './errors.js';

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

/** The scan option for one target: its entry, by identity, in its credential context. */
export function lockFor(
  choice: LockChoice,
  identity: string,
  context: CredentialContext,
): NonNullable<ScanTargetOptions['lock']> {
  const { baseline, recordedContexts } = entryFor(choice.lock, identity, context);
  return { file: choice.file, baseline, recordedContexts };
}

/** The update a scan's evidence asks for (null without a `pin` section: no lock was given). */
export function lockUpdateOf(identity: string, ev: Evidence): LockUpdate | null {
  if (!ev.pin) return null;
  return {
    identity,
    context: ev.pin.context,
    entry: ev.pin.current,
    reachable: ev.detection.targetClass === 'reachable',
  };
}

/**
 * With `--update-lock`, a target the lock had no entry for is judged against the entry this run
 * records for it, not reported as missing from the lock the same run fills in (PIN04 then says it
 * was recorded by this scan). A target that was not reached is not recorded, and keeps its report.
 */
export function judgedAgainstRecording(out: ScanOutput, reportOpts: ReportOptions): ScanOutput {
  const pin = out.evidence.pin;
  if (!pin || pin.baseline !== null || !pin.reachable) return out;
  const recordedContexts = [...new Set([...pin.recordedContexts, pin.context])];
  return evaluate({ ...out.evidence, pin: { ...pin, baseline: pin.current, recordedContexts } }, reportOpts);
}

const BATCH = 50;

/**
 * Collects the updates of a run and writes them in batches (a fleet's entries are not all held
 * until the end); `lines` is what to print, one per target, in the order they were recorded.
 */
export class LockRecorder {
  readonly lines: string[] = [];
  #pending: LockUpdate[] = [];
  #writing: Promise<void> = Promise.resolve();

  constructor(readonly choice: LockChoice) {}

  add(update: LockUpdate): void {
    this.#pending.push(update);
    if (this.#pending.length >= BATCH) this.#flush();
  }

  /** Writes what is pending and waits for every write. */
  async close(): Promise<void> {
    this.#flush();
    await this.#writing;
  }

  #flush(): void {
    const batch = this.#pending;
    this.#pending = [];
    if (batch.length === 0) return;
    this.#writing = this.#writing.then(async () => {
      let outcomes: UpdateOutcome[];
      try {
        outcomes = await updateLockEntries(this.choice.file, batch);
      } catch (err) {
        if (err instanceof LockError) throw new UsageError(err.message);
        throw err;
      }
      batch.forEach((u, i) => this.lines.push(this.#line(u, outcomes[i]!)));
    });
  }

  #line(u: LockUpdate, out: UpdateOutcome): string {
    const file = this.choice.file;
    return out.written
      ? `recorded ${u.identity} (${u.context}) in lock ${file} (${out.targets} target${out.targets === 1 ? '' : 's'})`
      : `lock ${file} not updated: ${out.reason}`;
  }
}
