/**
 * `scan --stdio -- <command> [args...]` and the stdio targets of a config file: launches a local
 * stdio server, scans it and writes the same reports as an HTTP scan (docs/stdio.md). `--plan`
 * prints the command line, the environment and the messages, and runs nothing.
 */
import type { ScanCliOptions } from './cli-options.js';
import { writeFileSync } from 'node:fs';

import type { Command } from 'commander';

import { scanStdio } from '../api.js';
import type { ScanOutput } from '../api.js';
import type { CliOverrides } from '../config/resolve.js';
import { resolveTargetSettings } from '../config/resolve.js';
import type { Config, TargetConfig } from '../config/schema.js';
import { serializeEvidence } from '../evidence/bundle-write.js';
import { buildStdioPlan } from '../probe/stdio/plan.js';
import type { SandboxMode } from '../probe/stdio/sandbox/prepare.js';
import { SandboxUnavailable } from '../probe/stdio/sandbox/prepare.js';
import type { StdioCommand } from '../targets/target.js';
import { stdioCommandLine } from '../targets/target.js';
import type { Mode } from '../evidence/types.js';
import { escapeTerminalLine } from '../report/escape.js';
import type { ScanReport } from '../report/model.js';
import { anchorFor } from './manifest.js';
import { EXIT, exitCodeFor } from './exit-code.js';
import { UsageError } from './options.js';
import { checkOutputOpts, outputOptsOf, writeOutputs } from './outputs.js';

const ENV_REF = /^\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}$/;

/** A config target's command; `${env:NAME}` values are read from the environment now. */
export function stdioCommandOf(t: TargetConfig): StdioCommand {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(t.env ?? {})) {
    const ref = ENV_REF.exec(v)?.[1];
    if (ref === undefined) env[k] = v;
    else {
      const value = process.env[ref];
      if (value === undefined)
        throw new UsageError(`target ${t.name ?? t.url}: env ${k} names \${env:${ref}}, which is not set`);
      env[k] = value;
    }
  }
  return { command: t.command!, args: t.args ?? [], env, cwd: t.cwd ?? null };
}

/** `--sandbox` is `strict`, `--sandbox=best-effort` warns and runs anyway (docs/stdio.md#sandbox). */
export function sandboxModeOf(option: boolean | string | undefined): SandboxMode {
  if (option === undefined || option === false) return 'off';
  if (option === true || option === 'strict') return 'strict';
  if (option === 'best-effort') return 'best-effort';
  throw new UsageError(`--sandbox takes no value, or =best-effort (got ${JSON.stringify(option)})`);
}

export function printStdioPlan(
  command: StdioCommand,
  mode: Mode,
  sandboxOption: boolean | string | undefined,
): void {
  const sandbox = sandboxModeOf(sandboxOption);
  const plan = buildStdioPlan(command, mode, sandbox);
  const out: string[] = [
    `command  ${escapeTerminalLine(plan.commandLine)}`,
    `cwd      ${escapeTerminalLine(plan.cwd)}`,
    `sandbox  ${sandbox === 'off' ? 'no' : sandbox}`,
    ...plan.sandboxSteps.map((l) => `  ${escapeTerminalLine(l)}`),
    'env',
    ...plan.env.map((e) => `  ${escapeTerminalLine(e)}`),
    '',
  ];
  for (const p of plan.entries)
    out.push(
      `${p.tier.padEnd(9)} ${p.method.padEnd(7)} ${p.probe.padEnd(32)} ${p.url}`,
      `${' '.repeat(18)}${p.purpose}${p.when ? ` (${p.when})` : ''}`,
    );
  out.push('', `${plan.entries.length} steps; nothing was run.`, '');
  process.stdout.write(out.join('\n'));
}

/** Scans one stdio server with the settings resolved for it (flags > environment > target > defaults). */
export async function scanOneStdio(
  command: StdioCommand,
  o: ScanCliOptions,
  ctx: {
    readonly config: Config | null;
    readonly cli: CliOverrides;
    readonly target: TargetConfig | null;
    readonly progress: (m: string) => void;
  },
): Promise<{
  readonly report: ScanReport;
  readonly evidence: ScanOutput['evidence'];
  readonly code: number;
}> {
  const s = resolveTargetSettings(
    ctx.config,
    ctx.target ?? { url: stdioCommandLine(command) },
    process.env,
    ctx.cli,
  );
  const out = await scanStdio(
    {
      command,
      mode: s.mode,
      spec: s.spec,
      requestTimeoutMs: s.timeoutMs,
      scanTimeoutMs: s.scanTimeoutMs,
      sandbox: sandboxModeOf(o.sandbox),
      // Printed before anything is launched: the first line of output.
      onWarning: (m) => process.stderr.write(`mcp-posture: warning: ${escapeTerminalLine(m)}\n`),
      onProgress: ctx.progress,
    },
    { suppressions: ctx.config?.suppressions ?? [], targetName: ctx.target?.name ?? null },
  ).catch((err: unknown) => {
    // Nothing was launched: a usage error (exit 2) with the reason and how to enable the sandbox.
    if (err instanceof SandboxUnavailable) throw new UsageError(err.message);
    throw err;
  });
  return {
    report: out.report,
    evidence: out.evidence,
    code: exitCodeFor(out.report, { failOn: s.failOn, minGrade: s.minGrade }),
  };
}

export async function runStdioScan(
  words: readonly string[],
  o: ScanCliOptions,
  ctx: { readonly config: Config | null; readonly cli: CliOverrides; readonly cmd: Command },
): Promise<number> {
  if (words.length === 0)
    throw new UsageError('--stdio needs a command: mcp-posture scan --stdio -- <command> [args...]');
  for (const flag of [
    'token',
    'tokenEnv',
    'header',
    'designateTool',
    'oauthClientId',
    'targets',
    'registry',
  ] as const)
    if (o[flag] !== undefined && ctx.cmd.getOptionValueSource(flag) === 'cli')
      throw new UsageError(
        `--${flag.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} does not apply to a stdio scan`,
      );
  const command: StdioCommand = {
    command: words[0]!,
    args: words.slice(1),
    env: o.env ?? {},
    cwd: o.cwd ?? null,
  };
  if (o.plan) {
    const s = resolveTargetSettings(ctx.config, { url: stdioCommandLine(command) }, process.env, ctx.cli);
    printStdioPlan(command, s.mode, o.sandbox);
    return EXIT.ok;
  }
  const outputs = outputOptsOf(o);
  checkOutputOpts(outputs);
  const quiet = !o.output && !o.outputDir && outputs.formats[0] !== 'text';
  const progress = (m: string): void => {
    if (process.stderr.isTTY || !quiet) process.stderr.write(`… ${escapeTerminalLine(m)}\n`);
  };
  const out = await scanOneStdio(command, o, { config: ctx.config, cli: ctx.cli, target: null, progress });
  const saveEvidence = o.saveEvidence;
  if (saveEvidence) writeFileSync(saveEvidence, serializeEvidence(out.evidence));
  const color = o.color && Boolean(process.stdout.isTTY) && !o.output && !process.env['NO_COLOR'];
  process.stdout.write(
    await writeOutputs([out.report], outputs, { anchor: anchorFor('mcp-posture.targets.json', ''), color }),
  );
  return out.code;
}
