/**
 * The command line: the only place that reads argv, writes to stdout/stderr and
 * sets the exit code. Exit codes: 0 no finding at or above the threshold;
 * 1 findings at or above it; 2 usage error; 3 target unreachable or not an MCP
 * endpoint (a scan failure is never reported as a finding).
 */
import { readFileSync, writeFileSync } from 'node:fs';

import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';

import type { Severity } from '../checks/define-check.js';
import { SEVERITIES } from '../checks/define-check.js';
import { ALL_CHECKS, findCheck } from '../checks/index.js';
import { BundleError, parseEvidence, serializeEvidence } from '../evidence/bundle.js';
import type { Mode } from '../evidence/types.js';
import { evaluate, scan } from '../index.js';
import type { ScanOutput } from '../index.js';
import { buildPlan } from '../probe/plan.js';
import { renderCheckDoc } from '../report/check-doc.js';
import { escapeTerminalLine } from '../report/escape.js';
import { renderJson } from '../report/json.js';
import { renderText } from '../report/text.js';
import type { Revision } from '../spec/revisions.js';
import { isRevision, REVISIONS } from '../spec/revisions.js';
import { TOOL_VERSION } from '../version.js';
import { exitCodeFor } from './exit-code.js';

const FORMATS = ['text', 'json'] as const;
type Format = (typeof FORMATS)[number];

class UsageError extends Error {}

function parseSeverity(v: string): Severity | 'none' {
  const s = v.toLowerCase();
  if (s === 'none' || (SEVERITIES as readonly string[]).includes(s)) return s as Severity | 'none';
  throw new InvalidArgumentError(`expected one of ${[...SEVERITIES, 'none'].join(', ')}`);
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

function collectHeader(v: string, acc: Record<string, string>): Record<string, string> {
  const i = v.indexOf(':');
  if (i <= 0) throw new InvalidArgumentError('expected "Name: value"');
  const name = v.slice(0, i).trim().toLowerCase();
  if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(name))
    throw new InvalidArgumentError(`invalid header name "${name}"`);
  return { ...acc, [name]: v.slice(i + 1).trim() };
}

interface OutputOpts {
  format: Format;
  output?: string;
  failOn: Severity | 'none';
  color?: boolean;
}

function render(out: ScanOutput, opts: OutputOpts): string {
  switch (opts.format) {
    case 'json':
      return renderJson(out.report);
    case 'text':
      return renderText(out.report, {
        color: opts.color ?? (process.stdout.isTTY && !opts.output && !process.env['NO_COLOR']),
      });
  }
}

function emit(out: ScanOutput, opts: OutputOpts): void {
  const text = render(out, opts);
  if (opts.output) writeFileSync(opts.output, text);
  else process.stdout.write(text);
  process.exitCode = exitCodeFor(out.report, opts.failOn);
}

function addOutputOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('-f, --format <format>', 'report format').choices(FORMATS).default('text'))
    .option('-o, --output <file>', 'write the report to a file instead of stdout')
    .option(
      '--fail-on <severity>',
      'exit 1 when a check fails at or above this severity (critical|high|medium|low|info|none)',
      parseSeverity,
      'medium',
    )
    .option('--no-color', 'never colour the terminal report');
}

export function buildProgram(): Command {
  const program = new Command('mcp-posture')
    .description('Audit the security and compliance posture of MCP servers, live, from the outside.')
    .version(TOOL_VERSION)
    .showHelpAfterError()
    .exitOverride();

  addOutputOptions(
    program
      .command('scan')
      .description('scan an MCP endpoint (Streamable HTTP or HTTP+SSE)')
      .argument('<url>', 'the MCP endpoint URL, e.g. https://mcp.example.com/mcp')
      .addOption(
        new Option('--mode <mode>', 'what the scan may send')
          .choices(['passive', 'safe', 'intrusive'])
          .default('safe'),
      )
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
  ).action(async (url: string, o: Record<string, unknown>) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw new UsageError(`not a URL: ${url}`);
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      throw new UsageError('the URL must be http:// or https://');
    const mode = o['mode'] as Mode;
    if (o['plan']) {
      const plan = buildPlan(target.toString(), mode);
      for (const p of plan) {
        process.stdout.write(
          `${p.tier.padEnd(7)} ${p.method.padEnd(7)} ${p.probe.padEnd(32)} ${p.url}\n${' '.repeat(16)}${p.purpose}${p.when ? ` (${p.when})` : ''}\n`,
        );
      }
      process.stdout.write(`\n${plan.length} request kinds; nothing was sent.\n`);
      return;
    }
    let token = o['token'] as string | undefined;
    const tokenEnv = o['tokenEnv'] as string | undefined;
    if (tokenEnv) {
      token = process.env[tokenEnv];
      if (!token) throw new UsageError(`environment variable ${tokenEnv} is empty or unset`);
    }
    const caFile = o['caFile'] as string | undefined;
    const quiet = o['output'] === undefined && o['format'] === 'json';
    const out = await scan({
      url: target.toString(),
      mode,
      spec: (o['spec'] as Revision | undefined) ?? null,
      allowPrivate: Boolean(o['allowPrivate']),
      headers: o['header'] as Record<string, string>,
      ...(token ? { token } : {}),
      requestTimeoutMs: o['timeout'] as number,
      scanTimeoutMs: o['scanTimeout'] as number,
      ...(caFile ? { ca: readFileSync(caFile, 'utf8') } : {}),
      onProgress: (m) => {
        if (process.stderr.isTTY || !quiet) process.stderr.write(`… ${escapeTerminalLine(m)}\n`);
      },
    });
    if (o['saveEvidence']) writeFileSync(o['saveEvidence'] as string, serializeEvidence(out.evidence));
    emit(out, o as unknown as OutputOpts);
  });

  addOutputOptions(
    program
      .command('evaluate')
      .description('re-evaluate a saved evidence bundle offline')
      .argument('<bundle>', 'evidence bundle written by scan --save-evidence'),
  ).action((bundle: string, o: Record<string, unknown>) => {
    let text: string;
    try {
      text = readFileSync(bundle, 'utf8');
    } catch (err) {
      throw new UsageError(`cannot read ${bundle}: ${(err as Error).message}`);
    }
    emit(evaluate(parseEvidence(text)), o as unknown as OutputOpts);
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
  return program;
}

export async function main(argv: readonly string[]): Promise<number> {
  const program = buildProgram();
  // Only this run's command may set the code (a library caller may have left one behind).
  process.exitCode = undefined;
  try {
    await program.parseAsync([...argv]);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version exit 0; every other commander error is a usage error.
      return err.exitCode === 0 ? 0 : 2;
    }
    if (err instanceof UsageError || err instanceof BundleError) {
      process.stderr.write(`mcp-posture: ${err.message}\n`);
      return 2;
    }
    process.stderr.write(
      `mcp-posture: internal error: ${err instanceof Error ? err.message : String(err)}\n`,
    );
    return 4;
  }
}
