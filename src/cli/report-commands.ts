/** `evaluate` (a saved evidence bundle, offline) and `diff` (two JSON reports). */
import type { OutputCliOptions } from './cli-options.js';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

import type { Command } from 'commander';
import { Option } from 'commander';

import { evaluate } from '../api.js';
import { SEVERITIES } from '../checks/define-check.js';
import type { FailOn } from '../config/constants.js';
import { FAIL_ON } from '../config/constants.js';
import type { Evidence } from '../evidence/types.js';
import type { ReportResult } from '../report/model.js';
import { UsageError } from '../run/errors.js';
import { clientOptions } from '../report/clients.js';
import { EXIT, exitCodeFor } from '../run/exit-code.js';
import { anchorFor } from './manifest.js';
import { wrongKind } from './file-kind.js';
import { parseFailOn } from './options.js';
import { addOutputOptions, checkOutputOpts, outputOptsOf, writeOutputs, writeTo } from './outputs.js';
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
  const [{ parseEvidence }, { BundleError }] = await Promise.all([
    import('../evidence/bundle.js'),
    import('../evidence/bundle-write.js'),
  ]);
  let evidence: Evidence;
  try {
    evidence = parseEvidence(text);
  } catch (err) {
    const wrong = err instanceof BundleError ? wrongKind(bundle, text, 'evidence') : null;
    if (wrong !== null) throw new UsageError(wrong);
    throw err;
  }
  const out = evaluate(evidence, {
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

interface DiffOptions {
  readonly format: 'text' | 'json';
  readonly output?: string;
  readonly failOn: FailOn;
  readonly failOnNew?: boolean;
}

/** The gate of `diff`: any new failure with --fail-on-new, else an unsuppressed new one at or above --fail-on. */
function diffCode(news: readonly ReportResult[], o: DiffOptions): number {
  if (o.failOnNew) return news.length > 0 ? EXIT.findings : EXIT.ok;
  if (o.failOn === 'none') return EXIT.ok;
  const bar = SEVERITIES.indexOf(o.failOn);
  const counted = news.filter((r) => r.suppression === null && r.severity !== null);
  return counted.some((r) => SEVERITIES.indexOf(r.severity!) <= bar) ? EXIT.findings : EXIT.ok;
}

export function registerDiffCommand(program: Command, result: { code: number }): void {
  program
    .command('diff')
    .description('compare two JSON reports: new, fixed and unchanged findings, and the grade change')
    .argument('<old>', 'the earlier JSON report')
    .argument('<new>', 'the later JSON report')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('-o, --output <file>', 'write to a file instead of stdout')
    .option(
      '--fail-on <severity>',
      `exit 1 when a new unsuppressed failure is at or above this severity (${FAIL_ON.join('|')})`,
      parseFailOn,
      'medium',
    )
    .option('--fail-on-new', 'exit 1 on any new failure, whatever its severity or suppression')
    .action(async (oldFile: string, newFile: string, o: DiffOptions) => {
      // The report reader validates with ajv: loaded only for `diff`.
      const [{ parseReport, ReportParseError }, { diffReports, renderDiffText }] = await Promise.all([
        import('../report/parse-report.js'),
        import('../report/diff.js'),
      ]);
      const read = (f: string) => {
        let text: string;
        try {
          text = readFileSync(f, 'utf8');
        } catch (err) {
          throw new UsageError(`cannot read ${f}: ${(err as Error).message}`);
        }
        try {
          return parseReport(text, f);
        } catch (err) {
          if (!(err instanceof ReportParseError)) throw err;
          throw new UsageError(wrongKind(f, text, 'report') ?? err.message);
        }
      };
      const diff = diffReports(read(oldFile), read(newFile));
      const text = o.format === 'json' ? `${JSON.stringify(diff, null, 2)}\n` : renderDiffText(diff);
      process.stdout.write(writeTo(o.output, text));
      result.code = diffCode(diff.new, o);
    });
}
