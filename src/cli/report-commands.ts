/** `evaluate` (a saved evidence bundle, offline), `diff` (two JSON reports) and `checks` (the catalogue). */
import type { OutputCliOptions } from './cli-options.js';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

import type { Command } from 'commander';

import { evaluate } from '../api.js';
import { ALL_CHECKS, findCheck } from '../checks/index.js';
import { UsageError } from '../run/errors.js';
import { clientOptions } from '../report/clients.js';
import { EXIT, exitCodeFor } from '../run/exit-code.js';
import { anchorFor } from './manifest.js';
import { addOutputOptions, checkOutputOpts, outputOptsOf, writeOutputs } from './outputs.js';
import { readBaseline, readConfig } from './scan-flags.js';

async function evaluateBundle(bundle: string, o: OutputCliOptions): Promise<number> {
  let text: string;
  try {
    text = readFileSync(bundle, 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read ${bundle}: ${(err as Error).message}`);
  }
  const outputs = outputOptsOf(o);
  checkOutputOpts(outputs);
  const { config, path: configPath } = await readConfig(o.config);
  const baseline = await readBaseline(o.baseline, false);
  // The bundle reader (and zod) is loaded only by the command that reads bundles.
  const { parseEvidence } = await import('../evidence/bundle.js');
  const out = evaluate(parseEvidence(text), {
    suppressions: config?.suppressions ?? [],
    ...(baseline ? { baseline } : {}),
    ...clientOptions(o),
  });
  const anchor = configPath
    ? anchorFor(relative(process.cwd(), configPath), readFileSync(configPath, 'utf8'))
    : anchorFor('mcp-posture.targets.json', '');
  const color = o.color && Boolean(process.stdout.isTTY) && !o.output;
  process.stdout.write(await writeOutputs([out.report], outputs, { anchor, color }));
  return exitCodeFor(out.report, {
    failOn: o.failOn,
    minGrade: o.minGrade ?? null,
    ...(o.failOnClient ? { failOnClient: o.failOnClient } : {}),
  });
}

export function registerEvaluateCommand(program: Command, result: { code: number }): void {
  const evalCmd = addOutputOptions(
    program
      .command('evaluate')
      .description('re-evaluate a saved evidence bundle offline')
      .argument('<bundle>', 'evidence bundle written by scan --save-evidence'),
  );
  evalCmd.action(async (bundle: string, o: OutputCliOptions) => {
    result.code = await evaluateBundle(bundle, o);
  });
}

export function registerDiffCommand(program: Command, result: { code: number }): void {
  program
    .command('diff')
    .description('compare two JSON reports: new, fixed and unchanged findings, and the grade change')
    .argument('<old>', 'the earlier JSON report')
    .argument('<new>', 'the later JSON report')
    .option('--fail-on-new', 'exit 1 when the later report has a failure the earlier one did not')
    .action(async (oldFile: string, newFile: string, o: { failOnNew?: boolean }) => {
      // The report reader validates with ajv: loaded only for `diff`.
      const [{ parseReport, ReportParseError }, { diffReports, renderDiffText }] = await Promise.all([
        import('../report/parse-report.js'),
        import('../report/diff.js'),
      ]);
      const read = (f: string) => {
        try {
          return parseReport(readFileSync(f, 'utf8'), f);
        } catch (err) {
          if (err instanceof ReportParseError) throw new UsageError(err.message);
          throw new UsageError(`cannot read ${f}: ${(err as Error).message}`);
        }
      };
      const diff = diffReports(read(oldFile), read(newFile));
      process.stdout.write(renderDiffText(diff));
      result.code = o.failOnNew && diff.new.length > 0 ? EXIT.findings : EXIT.ok;
    });
}

export function registerChecksCommands(program: Command): void {
  const checks = program.command('checks').description('the check catalogue');
  checks
    .command('list')
    .description('list every implemented check')
    .action(() => {
      for (const c of ALL_CHECKS)
        process.stdout.write(
          `${c.meta.id.padEnd(12)} ${c.meta.severity.padEnd(8)} ${c.meta.mode.padEnd(9)} ${c.meta.title}\n`,
        );
      process.stdout.write(`\n${ALL_CHECKS.length} checks\n`);
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
