/**
 * The command line: the only place that reads argv, files and the environment,
 * writes to stdout/stderr and decides the exit code. Exit codes: 0 no finding
 * at or above the threshold; 1 findings at or above it (or a stale baseline
 * entry, or a grade below --min-grade); 2 usage error; 3 target unreachable or
 * not an MCP endpoint (a scan failure is never reported as a finding).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';

import { ALL_CHECKS, findCheck } from '../checks/index.js';
import { ConfigError, loadConfig, resolveTargetSettings } from '../config/load.js';
import type { CliOverrides } from '../config/resolve.js';
import type { Config, FailOn, Grade } from '../config/schema.js';
import { CONFIG_FILE_NAME, FAIL_ON, GRADES } from '../config/schema.js';
import { BundleError, parseEvidence, serializeEvidence } from '../evidence/bundle.js';
import type { Mode } from '../evidence/types.js';
import { evaluate, scan } from '../index.js';
import type { ScanOutput } from '../index.js';
import { buildPlan } from '../probe/plan.js';
import type { Baseline } from '../report/baseline.js';
import { BaselineError, loadBaseline, serializeBaseline, writeBaseline } from '../report/baseline.js';
import { renderCheckDoc } from '../report/check-doc.js';
import { diffReports, renderDiffText } from '../report/diff.js';
import { escapeTerminalLine } from '../report/escape.js';
import type { FormatName, RenderContext } from '../report/formats.js';
import { FORMAT_NAMES, FORMATS, isFormatName } from '../report/formats.js';
import type { ReportOptions, ScanReport } from '../report/model.js';
import { parseReport, ReportParseError } from '../report/parse-report.js';
import type { Revision } from '../spec/revisions.js';
import { isRevision, REVISIONS } from '../spec/revisions.js';
import { TOOL_VERSION } from '../version.js';
import { combineExitCodes, EXIT, exitCodeFor } from './exit-code.js';
import { anchorFor, writeManifest } from './manifest.js';

class UsageError extends Error {}

function parseFailOn(v: string): FailOn {
  const s = v.toLowerCase();
  if ((FAIL_ON as readonly string[]).includes(s)) return s as FailOn;
  throw new InvalidArgumentError(`expected one of ${FAIL_ON.join(', ')}`);
}

function parseGrade(v: string): Grade {
  const s = v.toUpperCase();
  if ((GRADES as readonly string[]).includes(s)) return s as Grade;
  throw new InvalidArgumentError(`expected one of ${GRADES.join(', ')}`);
}

function parsePositiveInt(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0)
    throw new InvalidArgumentError('expected a positive integer (milliseconds)');
  return n;
}

function parseRevision(v: string): Revision {
  const r = v === 'draft' ? '2026-07-28' : v;
  if (!isRevision(r)) throw new InvalidArgumentError(`expected one of ${REVISIONS.join(', ')} or draft`);
  return r;
}

function parseFormats(v: string): FormatName[] {
  const list = v.split(',').map((s) => s.trim().toLowerCase());
  for (const f of list)
    if (!isFormatName(f))
      throw new InvalidArgumentError(`unknown format "${f}"; expected ${FORMAT_NAMES.join(', ')}`);
  return [...new Set(list)] as FormatName[];
}

function collectHeader(v: string, acc: Record<string, string>): Record<string, string> {
  const i = v.indexOf(':');
  if (i <= 0) throw new InvalidArgumentError('expected "Name: value"');
  const name = v.slice(0, i).trim().toLowerCase();
  if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(name))
    throw new InvalidArgumentError(`invalid header name "${name}"`);
  return { ...acc, [name]: v.slice(i + 1).trim() };
}

interface OutputOpts {
  formats: FormatName[];
  output?: string;
  outputDir?: string;
  color: boolean;
}

function outputOptsOf(o: Record<string, unknown>): OutputOpts {
  return {
    formats: o['format'] as FormatName[],
    ...(o['output'] ? { output: o['output'] as string } : {}),
    ...(o['outputDir'] ? { outputDir: o['outputDir'] as string } : {}),
    color: o['color'] as boolean,
  };
}

function checkOutputOpts(o: OutputOpts): void {
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

/** Renders every requested format; returns what goes to stdout (single format, no file). */
function writeOutputs(reports: readonly ScanReport[], o: OutputOpts, ctx: RenderContext): string {
  if (!o.outputDir) {
    const text = FORMATS[o.formats[0]!].render(reports, ctx);
    if (o.output) {
      writeFileSync(o.output, text);
      return '';
    }
    return text;
  }
  mkdirSync(o.outputDir, { recursive: true });
  const written: string[] = [];
  for (const f of o.formats) {
    const spec = FORMATS[f];
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

function addOutputOptions(cmd: Command): Command {
  return cmd
    .option(
      '-f, --format <formats>',
      `report format(s), comma-separated: ${FORMAT_NAMES.join(', ')}`,
      parseFormats,
      ['text'],
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
    .option('--config <file>', `config file (default: ./${CONFIG_FILE_NAME} when present)`)
    .option(
      '--baseline <file>',
      'expected-failures baseline: only new failures fail, and stale entries fail too',
    )
    .option('--update-baseline', 'write the current failures to the --baseline file and exit 0')
    .option('--no-color', 'never colour the terminal report');
}

/** Only flags the user typed override the config (commander defaults must not). */
function typed(cmd: Command, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (cmd.getOptionValueSource(k) === 'cli') out[k] = cmd.getOptionValue(k);
  return out;
}

function readConfig(path: string | undefined): { config: Config | null; path: string | null } {
  if (path) return { config: loadConfig(path), path };
  try {
    readFileSync(CONFIG_FILE_NAME);
  } catch {
    return { config: null, path: null };
  }
  return { config: loadConfig(CONFIG_FILE_NAME), path: CONFIG_FILE_NAME };
}

function readBaseline(
  file: string | undefined,
  update: boolean,
): { file: string; data: Baseline } | undefined {
  if (!file) {
    if (update) throw new UsageError('--update-baseline needs --baseline FILE');
    return undefined;
  }
  try {
    return { file, data: loadBaseline(file) };
  } catch (err) {
    // Creating a baseline for the first time is the point of --update-baseline.
    if (update && err instanceof BaselineError && /ENOENT|cannot read/i.test(err.message))
      return { file, data: { version: 1, entries: [] } };
    throw err;
  }
}

async function runScan(url: string | undefined, o: Record<string, unknown>, cmd: Command): Promise<number> {
  const { config, path: configPath } = readConfig(o['config'] as string | undefined);
  const cliTyped = typed(cmd, [
    'mode',
    'failOn',
    'minGrade',
    'timeout',
    'scanTimeout',
    'spec',
    'allowPrivate',
    'tokenEnv',
  ]);
  const cli: CliOverrides = {
    ...(cliTyped['mode'] ? { mode: cliTyped['mode'] as Mode } : {}),
    ...(cliTyped['failOn'] ? { failOn: cliTyped['failOn'] as FailOn } : {}),
    ...(cliTyped['minGrade'] ? { minGrade: cliTyped['minGrade'] as Grade } : {}),
    ...(cliTyped['timeout'] ? { timeoutMs: cliTyped['timeout'] as number } : {}),
    ...(cliTyped['scanTimeout'] ? { scanTimeoutMs: cliTyped['scanTimeout'] as number } : {}),
    ...(cliTyped['spec'] ? { spec: cliTyped['spec'] as Revision } : {}),
    ...(cliTyped['allowPrivate'] ? { allowPrivate: true } : {}),
    ...(cliTyped['tokenEnv'] ? { tokenEnv: cliTyped['tokenEnv'] as string } : {}),
    ...(Object.keys((o['header'] as Record<string, string>) ?? {}).length
      ? { headers: o['header'] as Record<string, string> }
      : {}),
  };

  let targets: { url: string; name: string | null }[];
  if (url) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new UsageError(`not a URL: ${url}`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw new UsageError('the URL must be http:// or https://');
    targets = [{ url: parsed.toString(), name: null }];
  } else if (config) {
    const only = o['target'] as string | undefined;
    const chosen = config.targets.filter((t) => !only || t.name === only || t.url === only);
    if (chosen.length === 0) throw new UsageError(`no configured target named ${only}`);
    targets = chosen.map((t) => ({ url: t.url, name: t.name ?? null }));
  } else {
    throw new UsageError('give a URL, or a config file with targets (--config)');
  }

  if (o['plan']) {
    for (const t of targets) {
      const settings = resolveTargetSettings(config, t.name ?? t.url, process.env, cli);
      const plan = buildPlan(t.url, settings.mode);
      for (const p of plan) {
        process.stdout.write(
          `${p.tier.padEnd(7)} ${p.method.padEnd(7)} ${p.probe.padEnd(32)} ${p.url}\n${' '.repeat(16)}${p.purpose}${p.when ? ` (${p.when})` : ''}\n`,
        );
      }
      process.stdout.write(`\n${plan.length} request kinds; nothing was sent.\n`);
    }
    return EXIT.ok;
  }

  const outputs = outputOptsOf(o);
  checkOutputOpts(outputs);
  const baseline = readBaseline(o['baseline'] as string | undefined, Boolean(o['updateBaseline']));
  const quiet = !o['output'] && !o['outputDir'] && outputs.formats[0] !== 'text';
  const reports: ScanReport[] = [];
  const codes: number[] = [];
  const evidences: ScanOutput['evidence'][] = [];
  for (const t of targets) {
    const s = resolveTargetSettings(config, t.name ?? t.url, process.env, cli);
    const token = tokenFor(o, s.tokenEnv);
    const caFile = o['caFile'] as string | undefined;
    const reportOpts: ReportOptions = {
      suppressions: config?.suppressions ?? [],
      targetName: t.name,
      ...(baseline ? { baseline } : {}),
    };
    const out = await scan(
      {
        url: t.url,
        mode: s.mode,
        spec: s.spec,
        allowPrivate: s.allowPrivate,
        headers: s.headers,
        ...(token ? { token } : {}),
        requestTimeoutMs: s.timeoutMs,
        scanTimeoutMs: s.scanTimeoutMs,
        ...(caFile ? { ca: readFileSync(caFile, 'utf8') } : {}),
        onProgress: (m) => {
          if (process.stderr.isTTY || !quiet) process.stderr.write(`… ${escapeTerminalLine(m)}\n`);
        },
      },
      reportOpts,
    );
    reports.push(out.report);
    evidences.push(out.evidence);
    codes.push(exitCodeFor(out.report, { failOn: s.failOn, minGrade: s.minGrade }));
  }

  const saveEvidence = o['saveEvidence'] as string | undefined;
  if (saveEvidence) {
    if (evidences.length !== 1) throw new UsageError('--save-evidence works with one target at a time');
    writeFileSync(saveEvidence, serializeEvidence(evidences[0]!));
  }

  if (o['updateBaseline'] && baseline) {
    let data = baseline.data;
    for (const r of reports) data = writeBaseline(r, data);
    writeFileSync(baseline.file, serializeBaseline(data));
    process.stderr.write(`wrote baseline ${baseline.file} (${data.entries.length} entries)\n`);
  }

  const anchor = configPath
    ? anchorFor(relative(process.cwd(), configPath), readFileSync(configPath, 'utf8'))
    : outputs.formats.includes('sarif') && outputs.outputDir
      ? writeManifest(outputs.outputDir, reports)
      : anchorFor('mcp-posture.targets.json', '');
  const color =
    (o['color'] as boolean) && Boolean(process.stdout.isTTY) && !o['output'] && !process.env['NO_COLOR'];
  process.stdout.write(writeOutputs(reports, outputs, { anchor, color }));
  return o['updateBaseline'] ? EXIT.ok : combineExitCodes(codes);
}

function tokenFor(o: Record<string, unknown>, tokenEnv: string | null): string | undefined {
  const direct = o['token'] as string | undefined;
  if (direct) return direct;
  if (!tokenEnv) return undefined;
  const v = process.env[tokenEnv];
  if (!v) throw new UsageError(`environment variable ${tokenEnv} is empty or unset`);
  return v;
}

export function buildProgram(): { program: Command; result: { code: number } } {
  const result = { code: EXIT.ok as number };
  const program = new Command('mcp-posture')
    .description('Audit the security and compliance posture of MCP servers, live, from the outside.')
    .version(TOOL_VERSION)
    .showHelpAfterError()
    .exitOverride();

  const scanCmd = addOutputOptions(
    program
      .command('scan')
      .description('scan an MCP endpoint (Streamable HTTP or HTTP+SSE), or every target of the config file')
      .argument('[url]', 'the MCP endpoint URL, e.g. https://mcp.example.com/mcp')
      .addOption(
        new Option('--mode <mode>', 'what the scan may send')
          .choices(['passive', 'safe', 'intrusive'])
          .default('safe'),
      )
      .option('--target <name>', 'only this configured target (name or URL)')
      .option('--spec <revision>', 'pin the protocol revision instead of detecting it', parseRevision)
      .option('--timeout <ms>', 'per-request timeout', parsePositiveInt, 10_000)
      .option('--scan-timeout <ms>', 'overall scan deadline', parsePositiveInt, 120_000)
      .option(
        '-H, --header <header>',
        'extra request header "Name: value", sent only to the target origin (repeatable)',
        collectHeader,
        {},
      )
      .option('--token <token>', 'bearer token, sent only to the target origin (prefer --token-env)')
      .option('--token-env <var>', 'read the bearer token from this environment variable')
      .option(
        '--allow-private',
        'let URLs learned from the server reach other private or loopback addresses',
        false,
      )
      .option('--ca-file <file>', 'extra CA certificates (PEM) to trust')
      .option('--save-evidence <file>', 'also save the evidence bundle (for `evaluate`)')
      .option('--plan', 'print every request the scan would send, and send nothing', false),
  );
  scanCmd.action(async (url: string | undefined, o: Record<string, unknown>) => {
    result.code = await runScan(url, o, scanCmd);
  });

  const evalCmd = addOutputOptions(
    program
      .command('evaluate')
      .description('re-evaluate a saved evidence bundle offline')
      .argument('<bundle>', 'evidence bundle written by scan --save-evidence'),
  );
  evalCmd.action((bundle: string, o: Record<string, unknown>) => {
    let text: string;
    try {
      text = readFileSync(bundle, 'utf8');
    } catch (err) {
      throw new UsageError(`cannot read ${bundle}: ${(err as Error).message}`);
    }
    const outputs = outputOptsOf(o);
    checkOutputOpts(outputs);
    const { config, path: configPath } = readConfig(o['config'] as string | undefined);
    const baseline = readBaseline(o['baseline'] as string | undefined, false);
    const evidence = parseEvidence(text);
    const out = evaluate(evidence, {
      suppressions: config?.suppressions ?? [],
      ...(baseline ? { baseline } : {}),
    });
    const anchor = configPath
      ? anchorFor(relative(process.cwd(), configPath), readFileSync(configPath, 'utf8'))
      : anchorFor('mcp-posture.targets.json', '');
    const color = (o['color'] as boolean) && Boolean(process.stdout.isTTY) && !o['output'];
    process.stdout.write(writeOutputs([out.report], outputs, { anchor, color }));
    result.code = exitCodeFor(out.report, {
      failOn: o['failOn'] as FailOn,
      minGrade: (o['minGrade'] as Grade | undefined) ?? null,
    });
  });

  program
    .command('diff')
    .description('compare two JSON reports: new, fixed and unchanged findings, and the grade change')
    .argument('<old>', 'the earlier JSON report')
    .argument('<new>', 'the later JSON report')
    .option('--fail-on-new', 'exit 1 when the later report has a failure the earlier one did not', false)
    .action((oldFile: string, newFile: string, o: { failOnNew: boolean }) => {
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

  const checks = program.command('checks').description('the check catalogue');
  checks
    .command('list')
    .description('list every implemented check')
    .action(() => {
      for (const c of ALL_CHECKS)
        process.stdout.write(
          `${c.meta.id.padEnd(12)} ${c.meta.severity.padEnd(8)} ${c.meta.mode.padEnd(8)} ${c.meta.title}\n`,
        );
      process.stdout.write(`\n${ALL_CHECKS.length} checks\n`);
    });
  checks
    .command('show')
    .description('print the documentation page of one check')
    .argument('<id>', 'check ID, e.g. MCPP-LEG08 or leg08')
    .action((id: string) => {
      const c = findCheck(id);
      if (!c) throw new UsageError(`unknown check ${id} (see: mcp-posture checks list)`);
      process.stdout.write(renderCheckDoc(c));
    });
  return { program, result };
}

export async function main(argv: readonly string[]): Promise<number> {
  const { program, result } = buildProgram();
  // Only this run's command decides the code (a library caller may have left one behind).
  process.exitCode = undefined;
  try {
    await program.parseAsync([...argv]);
    return result.code;
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version exit 0; every other commander error is a usage error.
      return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (
      err instanceof UsageError ||
      err instanceof BundleError ||
      err instanceof ConfigError ||
      err instanceof BaselineError
    ) {
      process.stderr.write(`mcp-posture: ${err.message}\n`);
      return EXIT.usage;
    }
    process.stderr.write(
      `mcp-posture: internal error: ${err instanceof Error ? err.message : String(err)}\n`,
    );
    return 4;
  }
}
