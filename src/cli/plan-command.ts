/**
 * `scan --plan`: every request the scan of each target would send, and nothing sent. For a
 * local server: the command line, the environment and the messages, and nothing run
 * (docs/stdio.md). Only the settings are resolved: no token is read for a plan.
 */
import { resolveTargetSettings } from '../config/resolve.js';
import type { TargetConfig } from '../config/schema.js';
import type { Mode } from '../evidence/types.js';
import { buildPlan } from '../probe/plan.js';
import type { PlanEntry } from '../probe/plan-entry.js';
import { buildStdioPlan } from '../probe/stdio/plan.js';
import type { SandboxMode } from '../probe/stdio/sandbox/prepare.js';
import { escapeTerminalLine } from '../escape/terminal.js';
import { EXIT } from '../run/exit-code.js';
import type { RunSettings } from '../run/prepare.js';
import type { SourcedTarget } from '../targets/sources/types.js';
import type { StdioCommand } from '../targets/target.js';

function entryLines(entries: readonly PlanEntry[]): string[] {
  return entries.flatMap((p) => [
    `${p.tier.padEnd(9)} ${p.method.padEnd(7)} ${p.probe.padEnd(32)} ${p.url}`,
    `${' '.repeat(18)}${p.purpose}${p.when ? ` (${p.when})` : ''}`,
  ]);
}

function stdioPlanText(command: StdioCommand, mode: Mode, sandbox: SandboxMode): string {
  const plan = buildStdioPlan(command, mode, sandbox);
  const out: string[] = [
    `command  ${escapeTerminalLine(plan.commandLine)}`,
    `cwd      ${escapeTerminalLine(plan.cwd)}`,
    `sandbox  ${sandbox === 'off' ? 'no' : sandbox}`,
    ...plan.sandboxSteps.map((l) => `  ${escapeTerminalLine(l)}`),
    'env',
    ...plan.env.map((e) => `  ${escapeTerminalLine(e)}`),
    '',
    ...entryLines(plan.entries),
  ];
  out.push('', `${plan.entries.length} steps; nothing was run.`, '');
  return out.join('\n');
}

export function printPlans(
  targets: readonly SourcedTarget[],
  entries: ReadonlyMap<string, TargetConfig>,
  s: RunSettings,
): number {
  for (const t of targets) {
    const target = t.target;
    const settings = resolveTargetSettings(
      s.config,
      entries.get(target.identity) ?? t.name ?? target.identity,
      process.env,
      s.cli,
    );
    if (target.kind === 'stdio') {
      process.stdout.write(stdioPlanText(target, settings.mode, s.sandbox));
      continue;
    }
    const plan = buildPlan(target.href, settings.mode);
    process.stdout.write(
      `${entryLines(plan).join('\n')}\n\n${plan.length} request kinds; nothing was sent.\n`,
    );
  }
  return EXIT.ok;
}
