/**
 * The command line: the only place that reads argv, files and the environment,
 * writes to stdout/stderr and decides the exit code. Exit codes: 0 no finding
 * at or above the threshold; 1 findings at or above it (or a stale baseline
 * entry, or a grade below --min-grade); 2 usage error; 3 target unreachable or
 * not an MCP endpoint (a scan failure is never reported as a finding).
 */
import type { DiscoverCliOptions } from './cli-options.js';

import { Command, CommanderError, Option } from 'commander';

import { ConfigError } from '../config/errors.js';
import { BundleError } from '../evidence/bundle-write.js';
import { BaselineError } from '../report/baseline-compare.js';
import { UsageError } from '../run/errors.js';
import { EXIT } from '../run/exit-code.js';
import { TOOL_VERSION } from '../version.js';
import { registerCimdCommands } from './cimd-command.js';
import { registerDoctorCommand } from './doctor-command.js';
import { HistoryError, registerHistoryCommands } from './history-command.js';
import { registerLockCommands } from './lock-command.js';
import { registerLoginCommands } from './login-command.js';
import { registerChecksCommands } from './checks-command.js';
import { registerDiffCommand, registerEvaluateCommand } from './report-commands.js';
import { registerScanCommand } from './scan-command.js';

function registerDiscoverCommand(program: Command, result: { code: number }): void {
  program
    .command('discover')
    .description('list every MCP server the MCP clients of this user are configured with; launches nothing')
    .option('--home <dir>', 'read the client configs of this home directory (default: yours)')
    .option('--project <dir>', 'the project directory whose config files are read (default: .)')
    .option('--system-root <dir>', 'root of the managed settings (default: /; none with --home)')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('-o, --output <file>', 'write the list to a file instead of stdout')
    .action(async (o: DiscoverCliOptions) => {
      const { runDiscover } = await import('./discover-command.js');
      result.code = runDiscover(o);
    });
}

export function buildProgram(): { program: Command; result: { code: number } } {
  const result = { code: EXIT.ok as number };
  const program = new Command('mcp-posture')
    .description('Audit the security and compliance posture of MCP servers, live, from the outside.')
    .version(TOOL_VERSION)
    .exitOverride();
  registerScanCommand(program, result);
  registerDiscoverCommand(program, result);
  registerEvaluateCommand(program, result);
  registerDiffCommand(program, result);
  registerHistoryCommands(program, result);
  registerLockCommands(program, result);
  registerLoginCommands(program, result);
  registerCimdCommands(program, result);
  registerDoctorCommand(program, result);
  registerChecksCommands(program);
  hintAfterErrors(program, 'mcp-posture');
  return { program, result };
}

/**
 * A bad flag or value prints commander's one-line error and where the options are listed, not
 * the whole help (scan's runs to a hundred lines).
 */
function hintAfterErrors(cmd: Command, path: string): void {
  cmd.showHelpAfterError(`(${path} --help lists the options)`);
  for (const sub of cmd.commands) hintAfterErrors(sub, `${path} ${sub.name()}`);
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
