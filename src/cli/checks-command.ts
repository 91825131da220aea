/** `checks list` (filtered by family and severity, as text or JSON) and `checks show ID`: the catalogue. */
import type { Command } from 'commander';
import { InvalidArgumentError, Option } from 'commander';

import type { Family, Severity } from '../checks/define-check.js';
import { FAMILIES, SEVERITIES } from '../checks/define-check.js';
import { ALL_CHECKS, findCheck } from '../checks/index.js';
import { UsageError } from '../run/errors.js';
import { writeTo } from './outputs.js';

/** A comma-separated list of names, each one of `known` (case-insensitive). */
function listOf<T extends string>(known: readonly T[], upper: boolean) {
  return (v: string): T[] => {
    const list = v
      .split(',')
      .map((s) => (upper ? s.trim().toUpperCase() : s.trim().toLowerCase()))
      .filter(Boolean);
    for (const x of list)
      if (!(known as readonly string[]).includes(x))
        throw new InvalidArgumentError(`unknown "${x}"; expected ${known.join(', ')} (comma-separated)`);
    if (list.length === 0) throw new InvalidArgumentError(`expected ${known.join(', ')} (comma-separated)`);
    return list as T[];
  };
}

interface ChecksListOptions {
  readonly family?: Family[];
  readonly severity?: Severity[];
  readonly format: 'text' | 'json';
  readonly output?: string;
}

/** `MCPP-TRN01` → `TRN`. */
const familyOf = (id: string): string => id.slice('MCPP-'.length).replace(/\d+$/, '');

function listChecks(o: ChecksListOptions): string {
  const chosen = ALL_CHECKS.filter(
    (c) =>
      (!o.family || (o.family as readonly string[]).includes(familyOf(c.meta.id))) &&
      (!o.severity || o.severity.includes(c.meta.severity)),
  );
  if (o.format === 'json')
    return `${JSON.stringify(
      chosen.map((c) => ({
        id: c.meta.id,
        family: familyOf(c.meta.id),
        severity: c.meta.severity,
        mode: c.meta.mode,
        title: c.meta.title,
      })),
      null,
      2,
    )}\n`;
  const lines = chosen.map(
    (c) => `${c.meta.id.padEnd(12)} ${c.meta.severity.padEnd(8)} ${c.meta.mode.padEnd(9)} ${c.meta.title}\n`,
  );
  const of = chosen.length === ALL_CHECKS.length ? '' : ` of ${ALL_CHECKS.length}`;
  return `${lines.join('')}\n${chosen.length}${of} checks\n`;
}

export function registerChecksCommands(program: Command): void {
  const checks = program.command('checks').description('the check catalogue');
  checks
    .command('list')
    .description('list the implemented checks: ID, severity, mode, title')
    .option(
      '--family <families>',
      `only these families, comma-separated (${FAMILIES.join(', ')})`,
      listOf(FAMILIES, true),
    )
    .option(
      '--severity <severities>',
      `only these severities, comma-separated (${SEVERITIES.join(', ')})`,
      listOf(SEVERITIES, false),
    )
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('-o, --output <file>', 'write the list to a file instead of stdout')
    .action((o: ChecksListOptions) => {
      process.stdout.write(writeTo(o.output, listChecks(o)));
    });
  checks
    .command('show')
    .description('print the documentation page of one check')
    .argument('<id>', 'check ID, e.g. MCPP-LEG08 or leg08')
    .action(async (id: string) => {
      const c = findCheck(id);
      if (!c) throw new UsageError(`unknown check ${id} (see: mcp-posture checks list)`);
      const { renderCheckDoc } = await import('../report/check-doc.js');
      process.stdout.write(renderCheckDoc(c));
    });
}
