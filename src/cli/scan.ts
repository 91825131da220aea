/**
 * `scan`: reads the flags, the config, the baseline and the lock, chooses the targets, prepares
 * them (every setting and token checked before anything is sent), hands them to the run loop
 * (src/run/run-targets.ts) and prints what it returns: every report (a URL, `--stdio`, the
 * config's targets) or a fleet's summary (`--targets`, `--registry`, `--discovered`).
 */
import { resolve } from 'node:path';

import type { ScanCliOptions } from './cli-options.js';

import type { Command } from 'commander';

import { UsageError } from '../run/errors.js';
import type { SandboxMode } from '../probe/stdio/sandbox/prepare.js';
import { PackageInstalls } from '../run/package-install.js';
import { PackageError } from '../run/package-step.js';
import { throughPackages } from '../run/package-targets.js';
import { uvPath } from '../run/pypi-package.js';
import { readLockOption } from '../run/lock.js';
import type { RunSettings } from '../run/prepare.js';
import { prepareTargets, takesTypedCredentials, takesTypedHeaders } from '../run/prepare.js';
import { collectTargets, TargetListError } from '../targets/sources/collect.js';
import type { CollectedTargets } from '../targets/sources/collect.js';
import { TargetsFileError } from '../targets/sources/file.js';
import { RegistryError } from '../targets/sources/registry.js';
import { EXIT } from '../run/exit-code.js';
import { escapeTerminalLine } from '../escape/terminal.js';
import { fleetOptionsOf } from './fleet-options.js';
import { checkFleetFlags, runFleetScan } from './fleet-output.js';
import { checkOutputOpts, outputOptsOf } from './outputs.js';
import type { Typed } from './scan-flags.js';
import {
  checkStdioFlags,
  checkTargetFlags,
  cimdOptionsOf,
  cliOverridesOf,
  readBaseline,
  readConfig,
  typedCredentials,
  typedScanOptions,
} from './scan-flags.js';
import type { TargetChoice } from './scan-targets.js';
import { chooseTargets, packageChoiceOf } from './scan-targets.js';
import { runKeptScan } from './scan-output.js';
import { sandboxModeOf } from './run-options.js';
import { checkSandboxedRunner } from './sandbox-network.js';

/** Credentials go only to the targets the user named: a list's targets never inherit them. */
function checkCredentialFlags(
  choice: TargetChoice,
  o: ScanCliOptions,
  t: Typed,
  settings: RunSettings,
): void {
  if (o.login && (o.token || t.tokenEnv))
    throw new UsageError('--login uses the stored token: give it without --token or --token-env');
  const refused = {
    ...(takesTypedCredentials(choice.kinds) ? {} : typedCredentials(o, t, settings.cli)),
    ...(takesTypedHeaders(choice.kinds) ? {} : { '--header': Object.keys(o.header ?? {}).length > 0 }),
  };
  for (const [flag, given] of Object.entries(refused))
    if (given)
      throw new UsageError(
        `${flag} does not apply to a fleet scan (--targets/--registry/--discovered): ` +
          'tokens, headers and designations go only to the targets of the config file they are set for',
      );
}

/** The targets of every source; a bad list is a usage error, an unreachable registry a scan failure. */
async function collected(choice: TargetChoice): Promise<CollectedTargets | number> {
  try {
    return await collectTargets(choice.sources);
  } catch (err) {
    if (err instanceof TargetsFileError || err instanceof TargetListError) throw new UsageError(err.message);
    if (err instanceof PackageError && err.kind === 'usage') throw new UsageError(err.message);
    if (err instanceof RegistryError || err instanceof PackageError) {
      process.stderr.write(`mcp-posture: ${escapeTerminalLine(err.message)}\n`);
      return EXIT.scanFailed;
    }
    throw err;
  }
}

/** The discovered servers skipped, on stderr as discovery finds them; false when none is left to scan. */
function saidDiscovered(list: CollectedTargets): boolean {
  for (const k of list.skipped)
    if (k.source === 'discovered')
      process.stderr.write(`skipped ${escapeTerminalLine(k.ref)}: ${escapeTerminalLine(k.reason)}\n`);
  if (list.targets.length > 0) return true;
  process.stderr.write('mcp-posture: no discovered server was scanned\n');
  return false;
}

export async function runScan(
  url: string | undefined,
  o: ScanCliOptions,
  cmd: Command,
  words: readonly string[] = [],
): Promise<number> {
  // Packages installed by --npm, --pypi or --discovered --sandbox are removed whatever happens.
  const installs = new PackageInstalls();
  try {
    return await scanWith(url, o, cmd, words, installs);
  } finally {
    installs.removeAll();
  }
}

/** `--npm` and `--pypi` run in the sandbox unless `--sandbox=best-effort` says otherwise. */
function sandboxOf(o: ScanCliOptions): SandboxMode {
  if ((o.npm !== undefined || o.pypi !== undefined) && o.sandbox === undefined) return 'strict';
  return sandboxModeOf(o.sandbox);
}

async function scanWith(
  url: string | undefined,
  o: ScanCliOptions,
  cmd: Command,
  words: readonly string[],
  installs: PackageInstalls,
): Promise<number> {
  checkTargetFlags(url, words, o);
  const pkg = packageChoiceOf(url, words, o);
  if (o.stdio || pkg) checkStdioFlags(o, cmd);
  if (o.stdio && url !== undefined)
    checkSandboxedRunner({ command: url, args: words, env: o.env ?? {}, cwd: o.cwd }, sandboxOf(o), (line) =>
      process.stderr.write(`${escapeTerminalLine(line)}\n`),
    );
  // Before anything else: a --pypi without uv says how to get it.
  const uv = pkg?.ecosystem === 'pypi' ? uvPath() : null;
  const config = await readConfig(o.config);
  const t = typedScanOptions(cmd);
  const settings: RunSettings = {
    config: config.config,
    cli: cliOverridesOf(o, t),
    token: o.token,
    storedLogin: Boolean(o.login),
    caFile: o.caFile,
    cimd: cimdOptionsOf(o),
    sandbox: sandboxOf(o),
    ...(o.sandboxMap?.length ? { sandboxMap: o.sandboxMap.map((m) => resolve(m)) } : {}),
    baseline: undefined,
    useConfigCredentials: Boolean(o.useConfigCredentials),
    ...(o.clients ? { clients: o.clients } : {}),
    ...(o.failOnClient ? { failOnClient: o.failOnClient } : {}),
  };
  const choice = chooseTargets(url, words, o, config, installs);
  checkCredentialFlags(choice, o, t, settings);
  const fleet = fleetOptionsOf(cmd);
  const outputs = outputOptsOf(o);
  if (choice.fleet) checkFleetFlags(o, outputs);
  else if (o.plan && pkg) {
    const { printPackagePlan } = await import('./plan-command.js');
    return printPackagePlan(pkg, settings, uv);
  } else if (o.plan) {
    const list = await collected(choice);
    if (typeof list === 'number') return list;
    // The plan (and the stdio runner's constants it lists) is loaded by --plan only.
    const { printPlans } = await import('./plan-command.js');
    return printPlans(list.targets, choice.entries, settings);
  }
  checkOutputOpts(outputs);
  const baseline = await readBaseline(o.baseline, Boolean(o.updateBaseline));
  const lock = readLockOption(o.lock, config.config?.lock, Boolean(o.updateLock));
  // As the scan's own progress: unless a report other than text goes to stdout (./scan-output.ts).
  const quiet = !o.output && !o.outputDir && outputs.formats[0] !== 'text';
  if (pkg && (process.stderr.isTTY || !quiet))
    process.stderr.write(
      `… installing ${escapeTerminalLine(pkg.request.spec)} outside the sandbox (${pkg.ecosystem === 'npm' ? 'npm' : 'uv'}, install scripts not run)\n`,
    );
  let list = await collected(choice);
  if (typeof list === 'number') return list;
  if (choice.kinds.includes('discovered') && settings.sandbox !== 'off')
    list = await throughPackages(list, installs, (line) =>
      process.stderr.write(`mcp-posture: ${escapeTerminalLine(line)}\n`),
    );
  if (choice.kinds.includes('discovered') && !saidDiscovered(list)) return EXIT.ok;
  const prepared = await prepareTargets({ ...settings, baseline }, list.targets, choice.entries);
  const run = { prepared, fleet, outputs, lock, choice, o };
  return choice.fleet
    ? runFleetScan({ ...run, collected: list })
    : runKeptScan({ ...run, configPath: config.path });
}
