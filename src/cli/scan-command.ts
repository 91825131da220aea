/** The `scan` command: its options, grouped as the help reads them, and its action. */
import type { ScanCliOptions } from './cli-options.js';

import type { Command } from 'commander';
import { Option } from 'commander';

import { addFleetScanOptions } from './fleet-options.js';
import {
  collectEnv,
  collectHeader,
  collectList,
  parseJsonObject,
  parsePositiveInt,
  parseRevision,
} from './options.js';
import { addOutputOptions } from './outputs.js';
import { addRenamed } from './renamed.js';
import { runScan } from './scan.js';

/** What to scan besides a URL: the config's targets, the user's client configs. */
function addTargetOptions(cmd: Command): Command {
  return cmd
    .argument('[url]', 'the MCP endpoint URL, e.g. https://mcp.example.com/mcp')
    .argument('[command...]', 'with --stdio, after --: the command that starts the server, and its arguments')
    .option('--config-target <name>', 'only this target of the config file (name or URL)')
    .option(
      '--discovered',
      'scan every server the MCP clients of this user are configured with (see discover)',
    )
    .option('--allow-exec', 'with --discovered: also launch the local (stdio) servers found in config files')
    .option(
      '--use-config-credentials',
      'with --discovered: send each server the headers (remote) or secret env (local) its own client configuration gives it, to that server only',
    )
    .option('--home <dir>', 'with --discovered: read the client configs of this home directory')
    .option(
      '--project <dir>',
      'with --discovered: the project directory whose config files are read (default: .)',
    );
}

/** A local server: a command, or a package audited before it is installed. */
function addStdioOptions(cmd: Command): Command {
  return cmd
    .option('--stdio', 'launch a local stdio server instead: scan --stdio -- <command> [args...]')
    .option(
      '--npm <package[@version]>',
      'audit an npm package before installing it: install it into a throwaway prefix (with network, install scripts not run), then scan its bin inside the sandbox; implies --sandbox (strict) unless --sandbox=best-effort is given; arguments for the server after --',
    )
    .option('--npm-bin <name>', 'with --npm: the command to launch when the package declares several')
    .option(
      '--pypi <package[==version]>',
      'the same for a Python package, through uv (wheels only): its console script runs inside the sandbox',
    )
    .option(
      '--pypi-bin <name>',
      'with --pypi: the console script to launch when the package declares several',
    )
    .option(
      '--env <name[=value]>',
      'with --stdio, --npm or --pypi: a variable the server gets (NAME=value, or NAME to pass the current value); repeatable',
      collectEnv,
    )
    .option('--cwd <dir>', 'with --stdio: the working directory (default: a throwaway directory)')
    .option(
      '--sandbox [best-effort]',
      'with --stdio: run the server with no network, none of your files and nothing left running (Linux namespaces), or not at all (exit 2); =best-effort runs without it, with a warning, where it cannot be had',
    )
    .option(
      '--sandbox-map <path>',
      'with --sandbox: a path the server may read (read-only), such as a directory it serves; repeatable',
      collectList,
    );
}

/** What the scan may send, and how long it may take. */
function addModeOptions(cmd: Command): Command {
  return cmd
    .addOption(
      new Option('--mode <mode>', 'what the scan may send')
        .choices(['passive', 'safe', 'intrusive'])
        .default('safe'),
    )
    .option('--spec <revision>', 'pin the protocol revision instead of detecting it', parseRevision)
    .option('--timeout <ms>', 'per-request timeout', parsePositiveInt, 10_000)
    .option('--scan-timeout <ms>', 'overall scan deadline', parsePositiveInt, 120_000)
    .option('--allow-private', 'let URLs learned from the server reach other private or loopback addresses')
    .option('--ca-file <file>', 'extra CA certificates (PEM) to trust')
    .option('--plan', 'print every request the scan would send, and send nothing');
}

/** Credentials and the headers sent with them (only ever to the target's own origin). */
function addAuthenticationOptions(cmd: Command): Command {
  return cmd
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
    .option(
      '--expired-token-env <var>',
      'read an expired token from the same authorization server from this variable (intrusive, MCPP-ACT04)',
    );
}

/** The intrusive probes' prerequisites: a designated tool, an OAuth client, the CIMD documents. */
function addIntrusiveOptions(cmd: Command): Command {
  return cmd
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
    .option('--cimd-tls-key <file>', 'the private key (PEM) of --cimd-tls-cert');
}

/** What the scan is compared against and what it saves. */
function addLockOptions(cmd: Command): Command {
  return cmd
    .option('--save-evidence <file>', 'also save the evidence bundle (for `evaluate`)')
    .option('--lock <file>', 'compare the scan against this lock file (the PIN checks)')
    .option('--update-lock', 'record the scanned surface in the --lock file (other targets are kept)');
}

/**
 * The help's groups, in the order they are printed (as trivy and semgrep group theirs). Every
 * visible option of `scan` is in one (test/unit/cli-help.test.ts); the help and version flags
 * stay under "Options:".
 */
export const SCAN_HELP_GROUPS: Readonly<Record<string, readonly string[]>> = {
  'Targets:': [
    '--config',
    '--config-target',
    '--discovered',
    '--allow-exec',
    '--use-config-credentials',
    '--home',
    '--project',
  ],
  'Local (stdio) servers:': [
    '--stdio',
    '--npm',
    '--npm-bin',
    '--pypi',
    '--pypi-bin',
    '--env',
    '--cwd',
    '--sandbox',
    '--sandbox-map',
  ],
  'Authentication:': [
    '--header',
    '--token',
    '--token-env',
    '--login',
    '--second-token-env',
    '--narrow-token-env',
    '--expired-token-env',
  ],
  'Modes and limits:': [
    '--mode',
    '--spec',
    '--timeout',
    '--scan-timeout',
    '--allow-private',
    '--ca-file',
    '--plan',
  ],
  'Intrusive mode:': [
    '--designate-tool',
    '--designate-tool-args',
    '--oauth-client-id',
    '--oauth-redirect-uri',
    '--cimd-base',
    '--cimd-special-use',
    '--cimd-tls-cert',
    '--cimd-tls-key',
  ],
  'Output:': [
    '--format',
    '--output',
    '--output-dir',
    '--save-evidence',
    '--docs-url',
    '--clients',
    '--no-color',
    '--verbose',
  ],
  'Gating (exit code):': [
    '--fail-on',
    '--min-grade',
    '--fail-on-client',
    '--baseline',
    '--update-baseline',
    '--lock',
    '--update-lock',
  ],
  'Fleet (lists of targets, history):': [
    '--targets',
    '--registry',
    '--updated-since',
    '--concurrency',
    '--per-host',
    '--fleet-timeout',
    '--max-attempts',
    '--max-backoff',
    '--journal',
    '--resume',
    '--db',
    '--no-db',
    '--run-id',
    '--shard',
    '--shard-count',
    '--no-progress',
  ],
};

/** Puts each option in its group; options of a group are listed in the order they were added. */
function groupHelp(cmd: Command): void {
  const groupOf = new Map(
    Object.entries(SCAN_HELP_GROUPS).flatMap(([g, flags]) => flags.map((f) => [f, g] as const)),
  );
  const headings = Object.keys(SCAN_HELP_GROUPS);
  // commander prints the groups in the order of their first option: sort the options by group.
  const rank = (o: Option) => headings.indexOf(groupOf.get(o.long ?? '') ?? '');
  const sorted = [...cmd.options].sort((a, b) => rank(a) - rank(b));
  (cmd.options as Option[]).splice(0, cmd.options.length, ...sorted);
  for (const o of cmd.options) {
    const g = groupOf.get(o.long ?? '');
    if (g) o.helpGroup(g);
  }
}

export function registerScanCommand(program: Command, result: { code: number }): void {
  const scanCmd = program
    .command('scan')
    .description(
      'scan an MCP endpoint (Streamable HTTP or HTTP+SSE), every target of the config file, a local server (--stdio, --npm, --pypi), or a fleet (--targets, --registry, --discovered)',
    );
  for (const add of [
    addTargetOptions,
    addStdioOptions,
    addModeOptions,
    addAuthenticationOptions,
    addIntrusiveOptions,
    addOutputOptions,
    addLockOptions,
    addFleetScanOptions,
  ])
    add(scanCmd);
  addRenamed(scanCmd, [{ old: '--target <name>', now: '--config-target' }]);
  groupHelp(scanCmd);
  scanCmd.action(async (url: string | undefined, words: string[], o: ScanCliOptions) => {
    result.code = await runScan(url, o, scanCmd, words);
  });
}
