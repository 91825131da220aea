/**
 * Flags renamed for one vocabulary across commands (docs/cli.md#renamed-flags): the old spelling is
 * kept, hidden from the help, for one minor version. Given, it prints one deprecation line on
 * stderr and its value goes to the new flag as if that had been typed (so a typed-flag check,
 * `getOptionValueSource(...) === 'cli'`, sees it).
 */
import type { Command } from 'commander';
import { Option } from 'commander';

import { UsageError } from '../run/errors.js';

export interface Renamed {
  /** The old flag as declared, e.g. `--target <name>` or `--json`. */
  readonly old: string;
  /** The new flag's long name, e.g. `--config-target`. */
  readonly now: string;
  /** The new flag's value from the old one's (default: the same value). */
  readonly value?: (old: unknown) => unknown;
  /** What to type instead, when it is more than the new flag's name (e.g. `--format json`). */
  readonly say?: string;
}

/** `--config-target` → `configTarget`, as commander names an option's value. */
const keyOf = (flag: string): string =>
  flag
    .replace(/^--/, '')
    .replace(/ .*$/, '')
    .replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** Adds the old spellings to `cmd`, hidden, each mapped onto its new flag before the action runs. */
export function addRenamed(cmd: Command, renamed: readonly Renamed[]): Command {
  for (const r of renamed) cmd.addOption(new Option(r.old).hideHelp());
  cmd.hook('preAction', (c) => {
    for (const r of renamed) {
      const oldKey = keyOf(r.old);
      if (c.getOptionValueSource(oldKey) !== 'cli') continue;
      const oldFlag = r.old.replace(/ .*$/, '');
      const newKey = keyOf(r.now);
      if (c.getOptionValueSource(newKey) === 'cli')
        throw new UsageError(`${oldFlag} is the old name of ${r.now}: give one of them`);
      const v: unknown = c.getOptionValue(oldKey);
      c.setOptionValueWithSource(newKey, r.value ? r.value(v) : v, 'cli');
      process.stderr.write(
        `mcp-posture: ${oldFlag} is deprecated and will be removed in the next minor version; use ${r.say ?? r.now}\n`,
      );
    }
  });
  return cmd;
}
