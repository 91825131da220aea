/** `scan`: resolves targets and settings (flags > environment > config), scans, renders and gates. */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

import type { Command } from 'commander';

import { scan } from '../api.js';
import type { ScanOutput } from '../api.js';
import { CONFIG_FILE_NAME } from '../config/constants.js';
import type { CliOverrides } from '../config/resolve.js';
import { resolveTargetSettings } from '../config/resolve.js';
import type { Config, TargetConfig } from '../config/schema.js';
import { serializeEvidence } from '../evidence/bundle-write.js';
import { buildPlan } from '../probe/plan.js';
import type { Baseline } from '../report/baseline-compare.js';
import { BaselineError, serializeBaseline, writeBaseline } from '../report/baseline-compare.js';
import { escapeTerminalLine } from '../report/escape.js';
import type { ScanReport } from '../report/model.js';
import { combineExitCodes, EXIT, exitCodeFor } from './exit-code.js';
import { fleetOptionsOf, wantsHistory } from './fleet-options.js';
import type { ScanContext } from './scan-target.js';
import { prepareTarget } from './scan-target.js';
import { lockFor, readLockOption, recordLocks } from './lock-options.js';
import { anchorFor, writeManifest } from './manifest.js';
import { UsageError } from './options.js';
import { storedToken } from './login-command.js';
import type { ScanCliOptions } from './cli-options.js';
import { checkOutputOpts, outputOptsOf, writeOutputs } from './outputs.js';

/** Only flags the user typed override the config (commander defaults must not). */
function typed<K extends keyof ScanCliOptions>(cmd: Command, keys: readonly K[]): Pick<ScanCliOptions, K> {
  const all = cmd.opts<ScanCliOptions>();
  // fromEntries loses the pairing of each key with its value's type that the filter keeps.
  return Object.fromEntries(
    keys.filter((k) => cmd.getOptionValueSource(k) === 'cli').map((k) => [k, all[k]]),
  ) as Pick<ScanCliOptions, K>;
}

type Typed = ReturnType<typeof typedScanOptions>;
const typedScanOptions = (cmd: Command) =>
  typed(cmd, [
    'mode',
    'failOn',
    'minGrade',
    'timeout',
    'scanTimeout',
    'spec',
    'allowPrivate',
    'tokenEnv',
    'secondTokenEnv',
    'narrowTokenEnv',
    'designateTool',
    'designateToolArgs',
    'oauthClientId',
    'oauthRedirectUri',
  ]);

function readable(file: string): boolean {
  try {
    readFileSync(file);
    return true;
  } catch {
    return false;
  }
}

/** The config file, when one is given or present; its reader (and zod) is loaded only then. */
export async function readConfig(
  path: string | undefined,
): Promise<{ config: Config | null; path: string | null }> {
  const file = path ?? (readable(CONFIG_FILE_NAME) ? CONFIG_FILE_NAME : null);
  if (file === null) return { config: null, path: null };
  const { loadConfig } = await import('../config/load.js');
  return { config: loadConfig(file), path: file };
}

/** The `--baseline` file; its reader (and zod) is loaded only when one is given. */
export async function readBaseline(
  file: string | undefined,
  update: boolean,
): Promise<{ file: string; data: Baseline } | undefined> {
  if (!file) {
    if (update) throw new UsageError('--update-baseline needs --baseline FILE');
    return undefined;
  }
  try {
    const { loadBaseline } = await import('../report/baseline.js');
    return { file, data: loadBaseline(file) };
  } catch (err) {
    // Creating a baseline for the first time is the point of --update-baseline.
    if (update && err instanceof BaselineError && /ENOENT|cannot read/i.test(err.message))
      return { file, data: { version: 1, entries: [] } };
    throw err;
  }
}

export async function runScan(
  url: string | undefined,
  o: ScanCliOptions,
  cmd: Command,
  words: readonly string[] = [],
): Promise<number> {
  if (!o.stdio && words.length > 0)
    throw new UsageError(
      `unexpected arguments after the URL: ${words.join(' ')} (a local server needs --stdio)`,
    );
  if (!o.stdio)
    for (const flag of ['env', 'cwd'] as const)
      if (o[flag] !== undefined) throw new UsageError(`--${flag} needs --stdio`);
  const { config, path: configPath } = await readConfig(o.config);
  const cliTyped = typedScanOptions(cmd);
  if (cliTyped.designateTool === '') throw new UsageError('--designate-tool needs a tool name');
  if (cliTyped.designateToolArgs && !cliTyped.designateTool)
    throw new UsageError('--designate-tool-args needs --designate-tool NAME');
  const oauthClient = oauthClientOf(cliTyped);
  const cli: CliOverrides = {
    ...(cliTyped.mode ? { mode: cliTyped.mode } : {}),
    ...(cliTyped.failOn ? { failOn: cliTyped.failOn } : {}),
    ...(cliTyped.minGrade ? { minGrade: cliTyped.minGrade } : {}),
    ...(cliTyped.timeout ? { timeoutMs: cliTyped.timeout } : {}),
    ...(cliTyped.scanTimeout ? { scanTimeoutMs: cliTyped.scanTimeout } : {}),
    ...(cliTyped.spec ? { spec: cliTyped.spec } : {}),
    ...(cliTyped.allowPrivate ? { allowPrivate: true } : {}),
    ...(cliTyped.tokenEnv ? { tokenEnv: cliTyped.tokenEnv } : {}),
    ...(cliTyped.secondTokenEnv ? { secondTokenEnv: cliTyped.secondTokenEnv } : {}),
    ...(cliTyped.narrowTokenEnv ? { narrowTokenEnv: cliTyped.narrowTokenEnv } : {}),
    ...(cliTyped.designateTool
      ? { designateTool: designationOf(cliTyped.designateTool, cliTyped.designateToolArgs) }
      : {}),
    ...(oauthClient ? { oauthClient } : {}),
    ...(Object.keys(o.header ?? {}).length ? { headers: o.header } : {}),
  };

  if (o.discovered) {
    if (url !== undefined || o.stdio)
      throw new UsageError('--discovered scans what discover finds: give no URL or --stdio');
    const { runDiscoveredScan } = await import('./discover-command.js');
    return runDiscoveredScan(o, { config, cli });
  }
  if (!o.discovered)
    for (const flag of ['allowExec', 'home', 'project'] as const)
      if (o[flag] !== undefined)
        throw new UsageError(`--${flag.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} needs --discovered`);
  if (o.stdio) {
    if (o.lock || o.updateLock)
      throw new UsageError('--lock compares remote servers only so far; a stdio server has no lock entry');
    const { runStdioScan } = await import('./stdio-command.js');
    return runStdioScan(url === undefined ? [] : [url, ...words], o, { config, cli, cmd });
  }

  const fleet = fleetOptionsOf(cmd);
  if (o.login && (o.token || cliTyped.tokenEnv))
    throw new UsageError('--login uses the stored token: give it without --token or --token-env');
  if (o.login && !url) throw new UsageError('--login needs the URL you logged in to');
  const token = o.login ? await storedToken(url!, o.caFile) : o.token;
  const caFile = o.caFile;
  if (fleet.targets !== undefined || fleet.registry !== undefined) {
    if (o.plan) throw new UsageError('--plan shows one target (a URL or a config file), not a fleet');
    if (o.saveEvidence) throw new UsageError('--save-evidence works with one target at a time');
    if (o.updateBaseline)
      throw new UsageError('--update-baseline works with a URL or a config file, not a fleet');
    if (o.lock || o.updateLock) throw new UsageError('--lock works with a URL or a config file, not a fleet');
    const outputs = outputOptsOf(o);
    checkOutputOpts(outputs);
    const baseline = await readBaseline(o.baseline, false);
    // The fleet machinery (runner, journal, history database) is loaded by fleet scans only.
    const { runFleetScan } = await import('./fleet-scan.js');
    return runFleetScan({
      url,
      fleet,
      ctx: { config, cli, token, caFile, baseline },
      outputs,
      refused: {
        '--token': Boolean(token),
        '--token-env': Boolean(cliTyped.tokenEnv),
        '--second-token-env': Boolean(cliTyped.secondTokenEnv),
        '--narrow-token-env': Boolean(cliTyped.narrowTokenEnv),
        '--header': Object.keys(o.header ?? {}).length > 0,
        '--designate-tool': Boolean(cliTyped.designateTool),
        '--oauth-client-id': Boolean(oauthClient),
      },
    });
  }

  let targets: { url: string; name: string | null }[];
  // Local stdio servers of the config file: run because the user asked for this config's targets.
  let stdioTargets: TargetConfig[] = [];
  if (url) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new UsageError(`not a URL: ${url}`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw new UsageError('the URL must be http:// or https://');
    targets = [{ url: parsed.toString(), name: null }];
  } else if (config) {
    const only = o.target;
    const chosen = config.targets.filter((t) => !only || t.name === only || t.url === only);
    if (chosen.length === 0) throw new UsageError(`no configured target named ${only}`);
    stdioTargets = chosen.filter((t) => t.command !== undefined);
    targets = chosen
      .filter((t) => t.command === undefined)
      .map((t) => ({ url: t.url, name: t.name ?? null }));
  } else {
    throw new UsageError('give a URL, or a config file with targets (--config)');
  }

  if (o.plan) {
    for (const t of targets) {
      const settings = resolveTargetSettings(config, t.name ?? t.url, process.env, cli);
      const plan = buildPlan(t.url, settings.mode);
      for (const p of plan) {
        process.stdout.write(
          `${p.tier.padEnd(9)} ${p.method.padEnd(7)} ${p.probe.padEnd(32)} ${p.url}\n${' '.repeat(18)}${p.purpose}${p.when ? ` (${p.when})` : ''}\n`,
        );
      }
      process.stdout.write(`\n${plan.length} request kinds; nothing was sent.\n`);
    }
    if (stdioTargets.length > 0) {
      const { printStdioPlan, stdioCommandOf } = await import('./stdio-command.js');
      for (const t of stdioTargets) {
        const settings = resolveTargetSettings(config, t, process.env, cli);
        printStdioPlan(stdioCommandOf(t), settings.mode, o.sandbox);
      }
    }
    return EXIT.ok;
  }

  const outputs = outputOptsOf(o);
  checkOutputOpts(outputs);
  const baseline = await readBaseline(o.baseline, Boolean(o.updateBaseline));
  const lock = readLockOption(o.lock, config?.lock, Boolean(o.updateLock));
  const quiet = !o.output && !o.outputDir && outputs.formats[0] !== 'text';
  const ctx: ScanContext = { config, cli, token, caFile, baseline, cimd: cimdOptionsOf(o) };
  // Every target's settings and tokens are checked before anything is sent.
  const prepared = targets.map((t) => {
    const p = prepareTarget(ctx, t, 'all');
    return lock
      ? { ...p, collect: { ...p.collect, lock: lockFor(lock, t.url, Boolean(p.collect.token)) } }
      : p;
  });
  const progress = (m: string): void => {
    if (process.stderr.isTTY || !quiet) process.stderr.write(`… ${escapeTerminalLine(m)}\n`);
  };
  const reports: ScanReport[] = [];
  const codes: number[] = [];
  const evidences: ScanOutput['evidence'][] = [];
  if (targets.length === 1 && !wantsHistory(fleet)) {
    const p = prepared[0]!;
    const out = await scan(
      { ...p.collect, url: targets[0]!.url, scanTimeoutMs: p.scanTimeoutMs, onProgress: progress },
      p.reportOpts,
    );
    reports.push(out.report);
    evidences.push(out.evidence);
    codes.push(exitCodeFor(out.report, p.gate));
  } else if (targets.length > 0) {
    const { scanCollected } = await import('./fleet-collect.js');
    const collected = await scanCollected(
      targets,
      prepared,
      fleet,
      url ? { label: url, kind: 'url' } : { label: `config ${configPath ?? ''}`.trim(), kind: 'config' },
      targets.length === 1 ? progress : undefined,
    );
    for (const out of collected.outputs) {
      if (out === null) continue;
      reports.push(out.report);
      evidences.push(out.evidence);
    }
    codes.push(...collected.codes);
    const failure =
      collected.run.summary.stoppedBy instanceof Error
        ? collected.run.summary.stoppedBy
        : collected.run.dbError;
    if (failure) {
      process.stderr.write(`mcp-posture: ${failure.message}\n`);
      codes.push(EXIT.historyFailed);
    }
  }

  if (stdioTargets.length > 0) {
    const { scanOneStdio, stdioCommandOf } = await import('./stdio-command.js');
    for (const t of stdioTargets) {
      const out = await scanOneStdio(stdioCommandOf(t), o, { config, cli, target: t, progress });
      reports.push(out.report);
      evidences.push(out.evidence);
      codes.push(out.code);
    }
  }

  const saveEvidence = o.saveEvidence;
  if (saveEvidence) {
    if (evidences.length !== 1) throw new UsageError('--save-evidence works with one target at a time');
    writeFileSync(saveEvidence, serializeEvidence(evidences[0]!));
  }

  if (lock?.update) for (const line of await recordLocks(lock, evidences)) process.stderr.write(`${line}\n`);

  if (o.updateBaseline && baseline) {
    let data = baseline.data;
    for (const r of reports) data = writeBaseline(r, data);
    writeFileSync(baseline.file, serializeBaseline(data));
    process.stderr.write(`wrote baseline ${baseline.file} (${data.entries.length} entries)\n`);
  }

  const anchor = configPath
    ? anchorFor(relative(process.cwd(), configPath), readFileSync(configPath, 'utf8'))
    : outputs.formats.includes('sarif') && outputs.outputDir
      ? writeManifest(outputs.outputDir, reports)
      : anchorFor('mcp-posture.targets.json', '');
  const color = o.color && Boolean(process.stdout.isTTY) && !o.output && !process.env['NO_COLOR'];
  process.stdout.write(await writeOutputs(reports, outputs, { anchor, color }));
  if (codes.includes(EXIT.historyFailed)) return EXIT.historyFailed;
  return o.updateBaseline ? EXIT.ok : combineExitCodes(codes);
}

/** `--designate-tool NAME` with its optional `--designate-tool-args JSON`. */
function designationOf(
  name: string,
  args: Record<string, unknown> | undefined,
): { name: string; arguments?: Record<string, unknown> } {
  return { name, ...(args ? { arguments: args } : {}) };
}

/** `--oauth-client-id ID --oauth-redirect-uri URI`: both or neither; the URI must be absolute. */
function oauthClientOf(cliTyped: Typed): { clientId: string; redirectUri: string } | undefined {
  const clientId = cliTyped.oauthClientId;
  const redirectUri = cliTyped.oauthRedirectUri;
  if (clientId === undefined && redirectUri === undefined) return undefined;
  if (!clientId)
    throw new UsageError('--oauth-redirect-uri needs --oauth-client-id ID (a pre-registered client)');
  if (!redirectUri)
    throw new UsageError(
      '--oauth-client-id needs --oauth-redirect-uri URI (a redirect URI registered for it)',
    );
  if (!URL.canParse(redirectUri))
    throw new UsageError(`--oauth-redirect-uri must be an absolute URL: ${redirectUri}`);
  return { clientId, redirectUri };
}

/** `--cimd-base URL`, `--cimd-special-use`, `--cimd-tls-cert FILE --cimd-tls-key FILE` (both or neither). */
function cimdOptionsOf(o: ScanCliOptions): ScanContext['cimd'] {
  if (o.cimdBase !== undefined && !/^https:\/\//i.test(o.cimdBase))
    throw new UsageError(`--cimd-base must be an https URL (a CIMD client ID is one): ${o.cimdBase}`);
  if (Boolean(o.cimdTlsCert) !== Boolean(o.cimdTlsKey))
    throw new UsageError('--cimd-tls-cert and --cimd-tls-key go together');
  const tls =
    o.cimdTlsCert && o.cimdTlsKey
      ? { cert: readFileSync(o.cimdTlsCert, 'utf8'), key: readFileSync(o.cimdTlsKey, 'utf8') }
      : undefined;
  return {
    ...(o.cimdBase !== undefined ? { base: o.cimdBase } : {}),
    ...(o.cimdSpecialUse ? { specialUse: true } : {}),
    ...(tls ? { tls } : {}),
  };
}
