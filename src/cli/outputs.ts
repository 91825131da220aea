/** Where reports go: one format to stdout or a file, or several formats into a directory. */
import type { OutputCliOptions } from './cli-options.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { InvalidArgumentError, Option } from 'commander';
import type { Command } from 'commander';

import { FAIL_ON, GRADES, CONFIG_FILE_NAME } from '../config/constants.js';
import { loadFormats } from '../report/format-loader.js';
import type { FormatName, RenderContext } from '../report/format-spec.js';
import { FORMAT_NAMES } from '../report/format-spec.js';
import type { ScanReport } from '../report/model.js';
import { isDocsBase } from '../report/doc-links.js';
import { UsageError } from '../run/errors.js';
import { parseClientIds, parseFailOn, parseFormats, parseGrade } from './options.js';

function parseDocsUrl(value: string): string {
  if (!isDocsBase(value))
    throw new InvalidArgumentError('expected an http(s) URL or a plain path (no spaces, quotes or brackets)');
  return value;
}

export interface OutputOpts {
  formats: FormatName[];
  output?: string;
  outputDir?: string;
  color: boolean;
  /** Base of the check doc page links (`--docs-url`). */
  docsUrl?: string;
  /** The text report lists every not-applicable check (`--verbose`). */
  verbose: boolean;
}

export function outputOptsOf(o: OutputCliOptions): OutputOpts {
  return {
    formats: o.format,
    ...(o.output ? { output: o.output } : {}),
    ...(o.outputDir ? { outputDir: o.outputDir } : {}),
    color: o.color,
    ...(o.docsUrl ? { docsUrl: o.docsUrl } : {}),
    verbose: o.verbose === true,
  };
}

/** A command's whole output: into `file` when one is given (nothing left for stdout), else returned. */
export function writeTo(file: string | undefined, text: string): string {
  if (file === undefined) return text;
  writeFileSync(file, text);
  return '';
}

export function checkOutputOpts(o: OutputOpts): void {
  if (o.output && o.outputDir) throw new UsageError('use --output or --output-dir, not both');
  if (o.formats.length > 1 && !o.outputDir) throw new UsageError('several formats need --output-dir DIR');
}

function slug(url: string): string {
  return (
    url
      .replace(/^https?:\/\//, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'target'
  );
}

/**
 * Renders every requested format; returns what goes to stdout (single format, no file). Only
 * the renderers of the requested formats are loaded.
 */
export async function writeOutputs(
  reports: readonly ScanReport[],
  o: OutputOpts,
  renderCtx: RenderContext,
): Promise<string> {
  const ctx: RenderContext = {
    ...renderCtx,
    ...(o.docsUrl ? { docsBaseUrl: o.docsUrl } : {}),
    ...(o.verbose ? { verbose: true } : {}),
  };
  const specs = await loadFormats(o.formats);
  const format = (name: FormatName) => specs.get(name)!;
  if (!o.outputDir) {
    const text = format(o.formats[0]!).render(reports, ctx);
    if (o.output) {
      writeFileSync(o.output, text);
      return '';
    }
    return text;
  }
  mkdirSync(o.outputDir, { recursive: true });
  const written: string[] = [];
  for (const f of o.formats) {
    const spec = format(f);
    if (spec.combined || reports.length === 1) {
      const file = join(o.outputDir, `report.${spec.ext}`);
      writeFileSync(file, spec.render(reports, ctx));
      written.push(file);
    } else {
      reports.forEach((r, i) => {
        const file = join(o.outputDir!, `report-${i + 1}-${slug(r.target.url)}.${spec.ext}`);
        writeFileSync(file, spec.render([r], ctx));
        written.push(file);
      });
    }
  }
  return written.map((f) => `wrote ${f}\n`).join('');
}

export function addOutputOptions(cmd: Command): Command {
  return cmd
    .addOption(
      new Option('-f, --format <formats>', `report format(s), comma-separated: ${FORMAT_NAMES.join(', ')}`)
        .argParser(parseFormats)
        .default(['text'], 'text'),
    )
    .option('-o, --output <file>', 'write the report to a file instead of stdout')
    .option('--output-dir <dir>', 'write every requested format into this directory')
    .option(
      '--fail-on <severity>',
      `exit 1 when an unsuppressed check fails at or above this severity (${FAIL_ON.join('|')})`,
      parseFailOn,
      'medium',
    )
    .option(
      '--min-grade <grade>',
      `exit 1 when the grade is below this letter (${GRADES.join('|')})`,
      parseGrade,
    )
    .option(
      '--clients <ids>',
      'limit the client matrix to these clients, comma-separated (docs/clients.md lists the ids)',
      parseClientIds,
    )
    .option(
      '--fail-on-client <ids>',
      'exit 1 when any of these clients is blocked (comma-separated client ids)',
      parseClientIds,
    )
    .option('--config <file>', `config file (default: ./${CONFIG_FILE_NAME} when present)`)
    .option(
      '--baseline <file>',
      'expected-failures baseline: only new failures fail, and stale entries fail too',
    )
    .option('--update-baseline', 'write the current failures to the --baseline file and exit 0')
    .option(
      '--docs-url <url>',
      'base URL of the check doc pages linked from reports (default: relative docs/checks)',
      parseDocsUrl,
    )
    .option('--no-color', 'never colour the terminal report')
    .option('--verbose', 'list every not-applicable check in the text report (grouped by default)');
}
