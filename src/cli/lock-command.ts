/** `lock show FILE` and `lock diff OLD NEW`: the lock and the semantic diff of two locks, without scanning. */
import type { Command } from 'commander';

import { LockError, readLock, serializeLock } from '../lock/file.js';
import { EXIT } from '../run/exit-code.js';
import { UsageError } from '../run/errors.js';

function read(file: string) {
  try {
    return readLock(file, false);
  } catch (err) {
    if (err instanceof LockError) throw new UsageError(err.message);
    throw err;
  }
}

export function registerLockCommands(program: Command, result: { code: number }): void {
  const lock = program.command('lock').description('the lock file of the PIN checks (docs/pinning.md)');
  lock
    .command('show')
    .description('list the targets and credential contexts a lock records')
    .argument('<file>', 'the lock file')
    .option('--json', 'print the lock itself (sorted, validated)')
    .action(async (file: string, o: { json?: boolean }) => {
      const { renderLockText } = await import('../report/lock-diff.js');
      const l = read(file);
      process.stdout.write(o.json ? serializeLock(l) : renderLockText(l));
      result.code = EXIT.ok;
    });
  lock
    .command('diff')
    .description('the semantic diff of two locks, graded as the PIN checks grade it')
    .argument('<old>', 'the earlier lock')
    .argument('<new>', 'the later lock')
    .option('--json', 'print the changes as JSON')
    .option('--fail-on-change', 'exit 1 when there is any change')
    .action(async (oldFile: string, newFile: string, o: { json?: boolean; failOnChange?: boolean }) => {
      const { lockChanges, renderChangesText } = await import('../report/lock-diff.js');
      const changes = lockChanges(read(oldFile), read(newFile));
      process.stdout.write(o.json ? `${JSON.stringify(changes, null, 2)}\n` : renderChangesText(changes));
      result.code = o.failOnChange && changes.length > 0 ? EXIT.findings : EXIT.ok;
    });
}
