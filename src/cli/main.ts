/**
 * The command line: the only place that reads argv, files and the environment,
 * writes to stdout/stderr and decides the exit code. Exit codes: 0 no finding
 * at or above the threshold; 1 findings at or above it (or a stale baseline
 * entry, or a grade below --min-grade); 2 usage error; 3 target unreachable or
 * not an MCP endpoint (a scan failure is never reported as a finding).
 */
import type { DiscoverCliOptions, OutputCliOptions, ScanCliOptions } from './cli-options.js';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

import { Command, CommanderError, Option } from 'commander';

import { evaluate } from '../api.js';
import { ALL_CHECKS, findCheck } from '../checks/index.js';
import { ConfigError } from '../config/errors.js';
import { BundleError } from '../evidence/bundle-write.js';
import { BaselineError } from '../report/baseline-compare.js';
import { TOOL_VERSION } from '../version.js';
import { EXIT, exitCodeFor } from './exit-code.js';
import {
  parseJsonObject,
  parsePositiveInt,
  parseRevision,
  collectEnv,
  collectHeader,
  UsageError,
} from './options.js';
import { addOutputOptions, checkOutputOpts, outputOptsOf, writeOutputs } from './outputs.js';
import { readBaseline, readConfig, runScan } from './scan-command.js';
import { addFleetScanOptions } from './fleet-options.js';
import { HistoryError, registerHistoryCommands } from './history-command.js';
import { registerLockCommands } from './lock-command.js';
import { anchorFor } from './manifest.js';
import { registerLoginCommands } from './login-command.js';
import { registerCimdCommands } from './cimd-command.js';

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
      .description(
        'scan an MCP endpoint (Streamable HTTP or HTTP+SSE), every target of the config file, or a fleet (--targets, --registry)',
      )
      .argument('[url]', 'the MCP endpoint URL, e.g. https://mcp.example.com/mcp')
      .argument(
        '[command...]',
        'with --stdio, after --: the command that starts the server, and its arguments',
      )
      .option('--stdio', 'launch a local stdio server instead: scan --stdio -- <command> [args...]')
      .option(
        '--env <name[=value]>',
        'with --stdio: a variable the server gets (NAME=value, or NAME to pass the current value); repeatable',
        collectEnv,
      )
      .option('--cwd <dir>', 'with --stdio: the working directory (default: a throwaway directory)')
      .option(
        '--sandbox [best-effort]',
        'with --stdio: run the server with no network, none of your files and nothing left running (Linux namespaces), or not at all (exit 2); =best-effort runs without it, with a warning, where it cannot be had',
      )
      .option(
        '--discovered',
        'scan every server the MCP clients of this user are configured with (see discover)',
      )
      .option(
        '--allow-exec',
        'with --discovered: also launch the local (stdio) servers found in config files',
      )
      .option('--home <dir>', 'with --discovered: read the client configs of this home directory')
      .option(
        '--project <dir>',
        'with --discovered: the project directory whose config files are read (default: .)',
      )
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
      )
      .option('--token <token>', 'bearer token, sent only to the target origin (prefer --token-env)')
      .option('--token-env <var>', 'read the bearer token from this environment variable')
      .option('--login', 'use the token stored by `mcp-posture login URL` (refreshed when it expires)')
      .option(
        '--second-token-env <var>',
        'read a token issued for another resource from this variable (checks the audience, MCPP-ACT03)',
      )
      .option(
        '--narrow-token-env <var>',
        'read a valid token lacking a needed scope from this variable (step-up challenge, MCPP-SCP03)',
      )
      .option('--allow-private', 'let URLs learned from the server reach other private or loopback addresses')
      .option(
        '--designate-tool <name>',
        'a side-effect-free tool that intrusive mode may call (MCPP-MOD30, MCPP-MOD31)',
      )
      .option(
        '--designate-tool-args <json>',
        'arguments for the designated tool, as a JSON object',
        parseJsonObject,
      )
      .option(
        '--oauth-client-id <id>',
        'a pre-registered OAuth client at the authorization server, for intrusive authorization requests (MCPP-ACT07, MCPP-ACT08, MCPP-ACT11)',
      )
      .option(
        '--oauth-redirect-uri <uri>',
        'a redirect URI registered for --oauth-client-id (absolute URL; never fetched)',
      )
      .option(
        '--cimd-base <url>',
        'the https base where you host `cimd variants` documents, for the intrusive CIMD checks (MCPP-CIMD10–MCPP-CIMD19)',
      )
      .option(
        '--cimd-special-use',
        'also send URL client IDs on special-use IP hosts (MCPP-CIMD11; a separate SSRF opt-in, needs --mode intrusive)',
      )
      .option(
        '--cimd-tls-cert <file>',
        'a certificate (PEM) for the loopback CIMD variants server, so it serves https',
      )
      .option('--cimd-tls-key <file>', 'the private key (PEM) of --cimd-tls-cert')
      .option('--ca-file <file>', 'extra CA certificates (PEM) to trust')
      .option('--save-evidence <file>', 'also save the evidence bundle (for `evaluate`)')
      .option('--lock <file>', 'compare the scan against this lock file (the PIN checks)')
      .option('--update-lock', 'record the scanned surface in the --lock file (other targets are kept)')
      .option('--plan', 'print every request the scan would send, and send nothing'),
  );
  addFleetScanOptions(scanCmd);
  scanCmd.action(async (url: string | undefined, words: string[], o: ScanCliOptions) => {
    result.code = await runScan(url, o, scanCmd, words);
  });

  const discoverCmd = program
    .command('discover')
    .description('list every MCP server the MCP clients of this user are configured with; launches nothing')
    .option('--home <dir>', 'read the client configs of this home directory (default: yours)')
    .option('--project <dir>', 'the project directory whose config files are read (default: .)')
    .option('--system-root <dir>', 'root of the managed settings (default: /; none with --home)')
    .option('--format <format>', 'text or json', 'text');
  discoverCmd.action(async (o: DiscoverCliOptions) => {
    const { runDiscover } = await import('./discover-command.js');
    result.code = runDiscover(o);
  });

  const evalCmd = addOutputOptions(
    program
      .command('evaluate')
      .description('re-evaluate a saved evidence bundle offline')
      .argument('<bundle>', 'evidence bundle written by scan --save-evidence'),
  );
  evalCmd.action(async (bundle: string, o: OutputCliOptions) => {
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
    const evidence = parseEvidence(text);
    const out = evaluate(evidence, {
      suppressions: config?.suppressions ?? [],
      ...(baseline ? { baseline } : {}),
    });
    const anchor = configPath
      ? anchorFor(relative(process.cwd(), configPath), readFileSync(configPath, 'utf8'))
      : anchorFor('mcp-posture.targets.json', '');
    const color = o.color && Boolean(process.stdout.isTTY) && !o.output;
    process.stdout.write(await writeOutputs([out.report], outputs, { anchor, color }));
    result.code = exitCodeFor(out.report, {
      failOn: o.failOn,
      minGrade: o.minGrade ?? null,
    });
  });

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

  registerHistoryCommands(program, result);
  registerLockCommands(program, result);
  registerLoginCommands(program, result);
  registerCimdCommands(program, result);

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
    if (err instanceof HistoryError) {
      process.stderr.write(`mcp-posture: ${err.message}\n`);
      return EXIT.historyFailed;
    }
    process.stderr.write(
      `mcp-posture: internal error: ${err instanceof Error ? err.message : String(err)}\n`,
    );
    return 4;
  }
}
