/** `doctor URL [--client NAME] [--format text|markdown]`: parses and prints; src/run/doctor.ts runs it. */
import { InvalidArgumentError } from 'commander';
import type { Command } from 'commander';

import { parseClientIds, parsePositiveInt } from './options.js';

interface DoctorCliOptions {
  readonly client?: string[];
  readonly format: 'text' | 'markdown';
  readonly timeout?: number;
}

function parseDoctorFormat(v: string): 'text' | 'markdown' {
  if (v === 'text' || v === 'markdown') return v;
  throw new InvalidArgumentError('expected text or markdown');
}

export function registerDoctorCommand(program: Command, result: { code: number }): void {
  program
    .command('doctor')
    .description('can this client connect and log in? If not, whose layer fails and the next step')
    .argument('<url>', 'the MCP endpoint')
    .option('--client <id>', 'the client to ask about (default: every client)', parseClientIds)
    .option(
      '--format <format>',
      'text, or markdown to paste into an issue tracker',
      parseDoctorFormat,
      'text',
    )
    .option('--timeout <ms>', 'per-request timeout', parsePositiveInt)
    .action(async (url: string, o: DoctorCliOptions) => {
      if (o.client && o.client.length > 1) throw new InvalidArgumentError('--client takes one client id');
      const { runDoctor } = await import('../run/doctor.js');
      const run = await runDoctor(url, {
        ...(o.client?.[0] ? { client: o.client[0] } : {}),
        format: o.format,
        scan: { mode: 'safe', ...(o.timeout ? { requestTimeoutMs: o.timeout } : {}) },
      });
      process.stdout.write(run.output);
      result.code = run.code;
    });
}
