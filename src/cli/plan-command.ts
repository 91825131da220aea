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
import { npmInstallStep } from '../run/npm-package.js';
import type { PackageChoice } from '../run/package-targets.js';
import type { RunSettings } from '../run/prepare.js';
import { pypiInstallSteps } from '../run/pypi-package.js';
import type { SourcedTarget } from '../targets/sources/types.js';
import type { StdioCommand } from '../targets/target.js';
import { withReadOnly } from '../targets/target.js';

function entryLines(entries: readonly PlanEntry[]): string[] {
  return entries.flatMap((p) => [
    `${p.tier.padEnd(9)} ${p.method.padEnd(7)} ${p.probe.padEnd(32)} ${p.url}`,
    `${' '.repeat(18)}${p.purpose}${p.when ? ` (${p.when})` : ''}`,
  ]);
}

function stdioPlanText(
  command: StdioCommand & { readonly readOnly?: readonly string[] },
  mode: Mode,
  sandbox: SandboxMode,
): string {
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

/**
 * `scan --npm … --plan` / `--pypi … --plan`: the install step (outside the sandbox, with the
 * network) and the launch (inside it), then the messages; nothing installed, nothing run.
 */
export function printPackagePlan(c: PackageChoice, s: RunSettings, uv: string | null): number {
  const prefix = '<throwaway prefix>';
  const steps =
    c.ecosystem === 'npm' ? [npmInstallStep(c.request.spec, prefix)] : pypiInstallSteps(uv!, prefix);
  const script =
    c.ecosystem === 'npm'
      ? `${prefix}/node_modules/<${c.request.spec}>/<${c.request.bin ?? 'its bin'}>`
      : `${prefix}/venv/bin/${c.request.bin ?? '<its console script>'}`;
  const command: StdioCommand =
    c.ecosystem === 'npm'
      ? { command: 'node', args: [script, ...c.request.args], env: c.request.env, cwd: null }
      : { command: script, args: [...c.request.args], env: c.request.env, cwd: null };
  const mode = resolveTargetSettings(s.config, `${c.ecosystem}:${c.request.spec}`, process.env, s.cli).mode;
  const out = [
    ...steps.map((step) => `install  ${escapeTerminalLine([step.program, ...step.args].join(' '))}`),
    `         outside the sandbox, with the network; install scripts are not run; the prefix is removed after the scan`,
    `launch   inside the sandbox (${s.sandbox === 'off' ? 'no' : s.sandbox}): no network, the prefix mapped read-only`,
    '',
  ];
  process.stdout.write(out.join('\n') + stdioPlanText(command, mode, s.sandbox));
  return EXIT.ok;
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
      const mapped = s.sandboxMap?.length ? withReadOnly(target, s.sandboxMap) : target;
      process.stdout.write(stdioPlanText(mapped, settings.mode, s.sandbox));
      continue;
    }
    const plan = buildPlan(target.href, settings.mode);
    process.stdout.write(
      `${entryLines(plan).join('\n')}\n\n${plan.length} request kinds; nothing was sent.\n`,
    );
  }
  return EXIT.ok;
}
