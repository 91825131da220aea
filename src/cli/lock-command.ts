/**
 * `lock show FILE` and `lock diff OLD NEW`: the lock and the semantic diff of two locks, without
 * scanning. `lock diff` exits 1 when a change is at or above `--fail-on` (default medium, as
 * `scan`), or on any change with `--fail-on-change`.
 */
import { readFileSync } from 'node:fs';

import type { Command } from 'commander';
import { Option } from 'commander';

import type { FailOn } from '../config/constants.js';
import { FAIL_ON } from '../config/constants.js';
import { SEVERITIES } from '../checks/define-check.js';
import { LockError, readLock, serializeLock } from '../lock/file.js';
import type { LockChange } from '../report/lock-diff.js';
import { EXIT } from '../run/exit-code.js';
import { UsageError } from '../run/errors.js';
import { wrongKind } from './file-kind.js';
import { parseFailOn } from './options.js';
import { writeTo } from './outputs.js';
import { addRenamed } from './renamed.js';

function read(file: string) {
  try {
    return readLock(file, false);
  } catch (err) {
    if (!(err instanceof LockError)) throw err;
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      // The lock reader's own message says the file cannot be read.
    }
    throw new UsageError(wrongKind(file, text, 'lock') ?? err.message);
  }
}

interface LockOutputOptions {
  readonly format: 'text' | 'json';
  readonly output?: string;
}

interface LockDiffOptions extends LockOutputOptions {
  readonly failOn: FailOn;
  readonly failOnChange?: boolean;
}

/** `-f text|json`, `-o FILE`, and the old `--json` (one minor version). */
function addLockOutput(cmd: Command): Command {
  cmd
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('-o, --output <file>', 'write to a file instead of stdout');
  return addRenamed(cmd, [
    { old: '--json', now: '--format', value: () => 'json', say: '--format json (-f json)' },
  ]);
}

/** The gate of `lock diff`: any change with --fail-on-change, else one at or above --fail-on. */
function lockDiffCode(changes: readonly LockChange[], o: LockDiffOptions): number {
  if (o.failOnChange) return changes.length > 0 ? EXIT.findings : EXIT.ok;
  if (o.failOn === 'none') return EXIT.ok;
  const bar = SEVERITIES.indexOf(o.failOn);
  return changes.some((c) => SEVERITIES.indexOf(c.severity) <= bar) ? EXIT.findings : EXIT.ok;
}

export function registerLockCommands(program: Command, result: { code: number }): void {
  const lock = program.command('lock').description('the lock file of the PIN checks (docs/pinning.md)');
  const show = lock
    .command('show')
    .description(
      'list the targets and credential contexts a lock records (-f json: the lock itself, sorted, validated)',
    )
    .argument('<file>', 'the lock file');
  addLockOutput(show).action(async (file: string, o: LockOutputOptions) => {
    const { renderLockText } = await import('../report/lock-diff.js');
    const l = read(file);
    process.stdout.write(writeTo(o.output, o.format === 'json' ? serializeLock(l) : renderLockText(l)));
    result.code = EXIT.ok;
  });
  const diff = lock
    .command('diff')
    .description(
      'the semantic diff of two locks, graded as the PIN checks grade it, the most severe change first',
    )
    .argument('<old>', 'the earlier lock')
    .argument('<new>', 'the later lock')
    .option(
      '--fail-on <severity>',
      `exit 1 when a change is at or above this severity (${FAIL_ON.join('|')})`,
      parseFailOn,
      'medium',
    )
    .option('--fail-on-change', 'exit 1 on any change, whatever its severity (as --fail-on info)');
  addLockOutput(diff).action(async (oldFile: string, newFile: string, o: LockDiffOptions) => {
    const { lockChanges, renderChangesText } = await import('../report/lock-diff.js');
    const changes = lockChanges(read(oldFile), read(newFile));
    const text = o.format === 'json' ? `${JSON.stringify(changes, null, 2)}\n` : renderChangesText(changes);
    process.stdout.write(writeTo(o.output, text));
    result.code = lockDiffCode(changes, o);
  });
}
