/**
 * `scan`'s flags, checked and turned into what the run takes: the overrides of the config's
 * settings (only flags the user typed: commander defaults must not hide the config), the
 * intrusive prerequisites, and the combinations that make no sense, refused before anything
 * is read or sent.
 */
import type { ScanCliOptions } from './cli-options.js';
import { readFileSync } from 'node:fs';

import type { Command } from 'commander';

import { CONFIG_FILE_NAME } from '../config/constants.js';
import type { CliOverrides } from '../config/resolve.js';
import type { Config } from '../config/schema.js';
import type { Baseline } from '../report/baseline-compare.js';
import { BaselineError } from '../report/baseline-compare.js';
import { UsageError } from '../run/errors.js';
import type { RunSettings } from '../run/prepare.js';

/** Only flags the user typed override the config (commander defaults must not). */
function typed<K extends keyof ScanCliOptions>(cmd: Command, keys: readonly K[]): Pick<ScanCliOptions, K> {
  const all = cmd.opts<ScanCliOptions>();
  // fromEntries loses the pairing of each key with its value's type that the filter keeps.
  return Object.fromEntries(
    keys.filter((k) => cmd.getOptionValueSource(k) === 'cli').map((k) => [k, all[k]]),
  ) as Pick<ScanCliOptions, K>;
}

export type Typed = ReturnType<typeof typedScanOptions>;
export const typedScanOptions = (cmd: Command) =>
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
    'expiredTokenEnv',
    'designateTool',
    'designateToolArgs',
    'oauthClientId',
    'oauthRedirectUri',
  ]);

const flagName = (key: string) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

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

/** Flag combinations about what is scanned, refused before anything is read. */
export function checkTargetFlags(url: string | undefined, words: readonly string[], o: ScanCliOptions): void {
  const pkg = o.npm !== undefined || o.pypi !== undefined;
  if (pkg) checkPackageFlags(url, o);
  if (o.npmBin !== undefined && o.npm === undefined) throw new UsageError('--npm-bin needs --npm');
  if (o.pypiBin !== undefined && o.pypi === undefined) throw new UsageError('--pypi-bin needs --pypi');
  if (!o.stdio && !pkg && words.length > 0)
    throw new UsageError(
      `unexpected arguments after the URL: ${words.join(' ')} (a local server needs --stdio)`,
    );
  if (!o.stdio && !(pkg && o.env !== undefined))
    for (const flag of ['env', 'cwd'] as const)
      if (o[flag] !== undefined) throw new UsageError(`--${flag} needs --stdio`);
  if (o.discovered && (url !== undefined || o.stdio))
    throw new UsageError('--discovered scans what discover finds: give no URL or --stdio');
  if (!o.discovered)
    for (const flag of ['allowExec', 'useConfigCredentials', 'home', 'project'] as const)
      if (o[flag] !== undefined) throw new UsageError(`${flagName(flag)} needs --discovered`);
  if (o.stdio && url === undefined)
    throw new UsageError('--stdio needs a command: mcp-posture scan --stdio -- <command> [args...]');
  // Never run a URL as a command: `scan URL --stdio -- cmd` mixes the two kinds of target.
  if (o.stdio && /^[a-z][a-z0-9+.-]*:\/\//i.test(url!))
    throw new UsageError(
      `--stdio launches a command, and ${url} is a URL: scan the URL (mcp-posture scan ${url}) or a command (mcp-posture scan --stdio -- <command> [args...]), not both`,
    );
}

/** `--npm` / `--pypi`: one package, alone, its arguments after `--` (docs/stdio.md#audit-a-package-before-installing-it). */
function checkPackageFlags(url: string | undefined, o: ScanCliOptions): void {
  const flag = o.npm !== undefined ? '--npm' : '--pypi';
  if (o.npm !== undefined && o.pypi !== undefined) throw new UsageError('give --npm or --pypi, not both');
  if (o.stdio || o.discovered)
    throw new UsageError(`${flag} scans one package: give no --stdio or --discovered`);
  if (o.cwd !== undefined)
    throw new UsageError(`--cwd does not apply to ${flag}: the server runs in a throwaway directory`);
  if (url !== undefined && /^https?:\/\//i.test(url))
    throw new UsageError(`${flag} scans a package, not a URL (arguments for the server go after --)`);
  if (o.npm === '' || o.pypi === '') throw new UsageError(`${flag} needs a package name`);
}

/** The flags a stdio scan cannot take, as typed. */
export function checkStdioFlags(o: ScanCliOptions, cmd: Command): void {
  const refused = [
    'token',
    'tokenEnv',
    'header',
    'designateTool',
    'oauthClientId',
    'targets',
    'registry',
  ] as const;
  for (const flag of refused)
    if (o[flag] !== undefined && cmd.getOptionValueSource(flag) === 'cli')
      throw new UsageError(`${flagName(flag)} does not apply to a stdio scan`);
}

/** `--designate-tool NAME` with its optional `--designate-tool-args JSON`. */
function designationOf(t: Typed): CliOverrides['designateTool'] | undefined {
  if (t.designateTool === '') throw new UsageError('--designate-tool needs a tool name');
  if (t.designateToolArgs && !t.designateTool)
    throw new UsageError('--designate-tool-args needs --designate-tool NAME');
  if (!t.designateTool) return undefined;
  return { name: t.designateTool, ...(t.designateToolArgs ? { arguments: t.designateToolArgs } : {}) };
}

/** `--oauth-client-id ID --oauth-redirect-uri URI`: both or neither; the URI must be absolute. */
function oauthClientOf(t: Typed): { clientId: string; redirectUri: string } | undefined {
  const clientId = t.oauthClientId;
  const redirectUri = t.oauthRedirectUri;
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

/** The settings the user typed, layered over the environment and the config. */
export function cliOverridesOf(o: ScanCliOptions, t: Typed): CliOverrides {
  const designateTool = designationOf(t);
  const oauthClient = oauthClientOf(t);
  return {
    ...(t.mode ? { mode: t.mode } : {}),
    ...(t.failOn ? { failOn: t.failOn } : {}),
    ...(t.minGrade ? { minGrade: t.minGrade } : {}),
    ...(t.timeout ? { timeoutMs: t.timeout } : {}),
    ...(t.scanTimeout ? { scanTimeoutMs: t.scanTimeout } : {}),
    ...(t.spec ? { spec: t.spec } : {}),
    ...(t.allowPrivate ? { allowPrivate: true } : {}),
    ...(t.tokenEnv ? { tokenEnv: t.tokenEnv } : {}),
    ...(t.secondTokenEnv ? { secondTokenEnv: t.secondTokenEnv } : {}),
    ...(t.narrowTokenEnv ? { narrowTokenEnv: t.narrowTokenEnv } : {}),
    ...(t.expiredTokenEnv ? { expiredTokenEnv: t.expiredTokenEnv } : {}),
    ...(designateTool ? { designateTool } : {}),
    ...(oauthClient ? { oauthClient } : {}),
    ...(Object.keys(o.header ?? {}).length ? { headers: o.header } : {}),
  };
}

/** `--cimd-base URL`, `--cimd-special-use`, `--cimd-tls-cert FILE --cimd-tls-key FILE` (both or neither). */
export function cimdOptionsOf(o: ScanCliOptions): RunSettings['cimd'] {
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

/** The typed credential flags that only a target the user named may take (name → given). */
export function typedCredentials(o: ScanCliOptions, t: Typed, cli: CliOverrides): Record<string, boolean> {
  return {
    '--token': Boolean(o.token),
    '--token-env': Boolean(t.tokenEnv),
    '--login': Boolean(o.login),
    '--second-token-env': Boolean(t.secondTokenEnv),
    '--narrow-token-env': Boolean(t.narrowTokenEnv),
    '--expired-token-env': Boolean(t.expiredTokenEnv),
    '--designate-tool': Boolean(t.designateTool),
    '--oauth-client-id': Boolean(cli.oauthClient),
  };
}
