/**
 * `doctor URL|NAME [--client NAME] [--format text|markdown]` with the scan's credentials and config
 * (`-H`, `--token-env`, `--login`, `--ca-file`, `--config`, `--mode`): parses and prints;
 * src/run/doctor.ts runs it through the run loop.
 */
import { InvalidArgumentError, Option } from 'commander';
import type { Command } from 'commander';

import type { CliOverrides } from '../config/resolve.js';
import type { Mode } from '../evidence/types.js';
import { escapeTerminalLine } from '../escape/terminal.js';
import { collectHeader, parseClientIds, parsePositiveInt } from './options.js';
import { readConfig } from './scan-flags.js';

interface DoctorCliOptions {
  readonly client?: string[];
  readonly format: 'text' | 'markdown';
  readonly timeout?: number;
  readonly mode?: Mode;
  readonly header?: Record<string, string>;
  readonly tokenEnv?: string;
  readonly login?: boolean;
  readonly caFile?: string;
  readonly config?: string;
}

function parseDoctorFormat(v: string): 'text' | 'markdown' {
  if (v === 'text' || v === 'markdown') return v;
  throw new InvalidArgumentError('expected text or markdown');
}

function overridesOf(o: DoctorCliOptions): CliOverrides {
  return {
    ...(o.mode ? { mode: o.mode } : {}),
    ...(o.timeout ? { timeoutMs: o.timeout } : {}),
    ...(o.tokenEnv ? { tokenEnv: o.tokenEnv } : {}),
    ...(o.header && Object.keys(o.header).length ? { headers: o.header } : {}),
  };
}

export function registerDoctorCommand(program: Command, result: { code: number }): void {
  program
    .command('doctor')
    .description('can this client connect and log in? If not, whose layer fails and the next step')
    .argument('<target>', 'the MCP endpoint URL, or the name of a target in the config file')
    .option('--client <id>', 'the client to ask about (default: every client)', parseClientIds)
    .option(
      '--format <format>',
      'text, or markdown to paste into an issue tracker',
      parseDoctorFormat,
      'text',
    )
    .addOption(
      new Option('--mode <mode>', 'what the scan may send (default: safe)').choices([
        'passive',
        'safe',
        'intrusive',
      ]),
    )
    .option('--timeout <ms>', 'per-request timeout', parsePositiveInt)
    .option(
      '-H, --header <header>',
      'extra request header "Name: value", sent only to the target origin (repeatable)',
      collectHeader,
    )
    .option('--token-env <var>', 'read the bearer token from this environment variable')
    .option('--login', 'use the token stored by `mcp-posture login URL` (refreshed when it expires)')
    .option('--ca-file <file>', 'extra CA certificates (PEM) to trust')
    .option('--config <file>', 'config file (default: ./mcp-posture.config.json when present)')
    .action(async (target: string, o: DoctorCliOptions) => {
      if (o.client && o.client.length > 1) throw new InvalidArgumentError('--client takes one client id');
      const config = await readConfig(o.config);
      const { runDoctor } = await import('../run/doctor.js');
      const run = await runDoctor({
        target,
        ...(o.client?.[0] ? { client: o.client[0] } : {}),
        format: o.format,
        config: config.config,
        cli: overridesOf(o),
        storedLogin: o.login === true,
        ...(o.caFile ? { caFile: o.caFile } : {}),
        warn: (line) => process.stderr.write(`${escapeTerminalLine(line)}\n`),
      });
      process.stdout.write(run.output);
      result.code = run.code;
    });
}
