/**
 * One target's scan options, from its resolved settings (flags > environment > config): the
 * credentials it may carry, the report options and the exit-code gate. Every run prepares every
 * target here, before anything is sent, so a bad setting stops the run at once.
 *
 * The credential rule is data (TRUST): a target the user named (the URL typed, the command
 * after `--stdio`, a target of the config file) gets the credentials given for it; a target a
 * list named (a targets file, the registry, a client configuration) gets only what a config
 * entry for it sets. Typed `-H` headers also go to discovered servers: they are the user's own
 * clients' servers, and each header goes to its own target's origin only. With
 * `--use-config-credentials`, a discovered server also gets the headers its own client
 * configuration entry gives it (never another entry's), bound and redacted the same way.
 */
import type { SandboxMode } from '../probe/stdio/sandbox/prepare.js';
import type { ScanTargetOptions } from '../api.js';
import type { CliOverrides, ResolvedSettings } from '../config/resolve.js';
import { resolveTargetSettings } from '../config/resolve.js';
import type { Config, TargetConfig } from '../config/schema.js';
import type { Mode } from '../evidence/types.js';
import type { Baseline } from '../report/baseline-compare.js';
import type { ReportOptions } from '../report/model.js';
import type { SourcedTarget, TargetSourceKind } from '../targets/sources/types.js';
import { identityOf, withReadOnly } from '../targets/target.js';
import { UsageError } from './errors.js';
import type { GateOptions } from './exit-code.js';
import { storedToken } from './stored-login.js';
import { readCaFile } from './ca-file.js';
import { clientOptions } from '../report/clients.js';

/** What the user gave for the whole run; each target takes from it what TRUST allows. */
export interface RunSettings {
  readonly config: Config | null;
  readonly cli: CliOverrides;
  /** `--token` as typed (a literal token). */
  readonly token: string | undefined;
  /** `--login`: each named HTTP target uses the token stored by `login` for its identity. */
  readonly storedLogin: boolean;
  readonly caFile: string | undefined;
  /** `--cimd-base`, `--cimd-special-use`, `--cimd-tls-cert`/`--cimd-tls-key` (the intrusive CIMD requests). */
  readonly cimd?: ScanTargetOptions['cimd'];
  /** `--sandbox` for local servers: `strict`, `best-effort` or `off` (docs/stdio.md#sandbox). */
  readonly sandbox: SandboxMode;
  /** `--sandbox-map`: paths every local server may read inside the sandbox (a directory it serves). */
  readonly sandboxMap?: readonly string[];
  readonly baseline: { readonly file: string; readonly data: Baseline } | undefined;
  /** `--use-config-credentials`: discovered servers get what their client configuration gives them. */
  readonly useConfigCredentials?: boolean;
  /** `--clients`: the client matrix is limited to these profiles (plus those of `failOnClient`). */
  readonly clients?: readonly string[];
  /** `--fail-on-client`: a blocked client among these fails the gate. */
  readonly failOnClient?: readonly string[];
}

interface Trust {
  /** The user named this target: it gets the typed credentials and its config entry's. */
  readonly named: boolean;
  /** Typed `-H` headers go to it even when it is not named. */
  readonly typedHeaders: boolean;
  /**
   * With `--use-config-credentials`, the headers its own client configuration gives it go to it
   * (its origin only, redacted like `--token`); each server gets its own entry's, never another's.
   */
  readonly configCredentials: boolean;
}

const TRUST: Readonly<Record<TargetSourceKind, Trust>> = {
  url: { named: true, typedHeaders: true, configCredentials: false },
  command: { named: true, typedHeaders: true, configCredentials: false },
  config: { named: true, typedHeaders: true, configCredentials: false },
  file: { named: false, typedHeaders: false, configCredentials: false },
  registry: { named: false, typedHeaders: false, configCredentials: false },
  discovered: { named: false, typedHeaders: true, configCredentials: true },
};

/** May typed credentials (`--token`, `--token-env`, `--login`, designations) be used with these sources? */
export function takesTypedCredentials(kinds: readonly TargetSourceKind[]): boolean {
  return kinds.every((k) => TRUST[k].named);
}

/** May typed `-H` headers be used with these sources? */
export function takesTypedHeaders(kinds: readonly TargetSourceKind[]): boolean {
  return kinds.every((k) => TRUST[k].typedHeaders);
}

export interface PreparedTarget {
  readonly sourced: SourcedTarget;
  /** Everything but the deadline, the progress callback and the lock entry. */
  readonly options: Omit<ScanTargetOptions, 'scanTimeoutMs' | 'onProgress' | 'lock'>;
  readonly mode: Mode;
  readonly scanTimeoutMs: number;
  readonly reportOpts: ReportOptions;
  readonly gate: GateOptions;
}

/** A token named by an environment variable; a named but empty variable is a usage error. */
function fromEnv(name: string | null): string | undefined {
  if (!name) return undefined;
  const v = process.env[name];
  if (!v) throw new UsageError(`environment variable ${name} is empty or unset`);
  return v;
}

/** The config's endpoint targets by identity, parsed once per config (not once per target of a fleet). */
const configIndex = new WeakMap<Config, ReadonlyMap<string, TargetConfig>>();
function indexOf(config: Config): ReadonlyMap<string, TargetConfig> {
  let index = configIndex.get(config);
  if (!index) {
    const entries = config.targets.filter((t) => t.command === undefined);
    // The first entry of an identity wins, as a lookup by URL always did.
    index = new Map(entries.reverse().map((t) => [identityOf(t.url), t]));
    configIndex.set(config, index);
  }
  return index;
}

/** The config entry that speaks for a target: the one it came from, or one naming its identity or name. */
function entryOf(
  s: RunSettings,
  t: SourcedTarget,
  given: TargetConfig | undefined,
): TargetConfig | undefined {
  if (given || !s.config) return given;
  const byName = (name: string) => s.config?.targets.find((c) => c.name === name);
  return (
    byName(t.target.identity) ??
    indexOf(s.config).get(t.target.identity) ??
    (t.name ? byName(t.name) : undefined)
  );
}

/** The bearer tokens of a target that may carry them; stored logins are looked up by the caller. */
function tokensOf(
  s: RunSettings,
  r: ResolvedSettings,
  stored: string | undefined,
): Pick<ScanTargetOptions, 'token' | 'secondToken' | 'narrowToken' | 'expiredToken'> {
  const token = s.token ?? stored ?? fromEnv(r.tokenEnv);
  const secondToken = fromEnv(r.secondTokenEnv);
  const narrowToken = fromEnv(r.narrowTokenEnv);
  const expiredToken = fromEnv(r.expiredTokenEnv);
  if ((secondToken || narrowToken) && !token)
    throw new UsageError('a second or narrow-scope token needs the main token too (--token or --token-env)');
  return {
    ...(token ? { token } : {}),
    ...(secondToken ? { secondToken } : {}),
    ...(narrowToken ? { narrowToken } : {}),
    ...(expiredToken ? { expiredToken } : {}),
  };
}

/** The options of an HTTP target: credentials only where TRUST (or a config entry) allows them. */
function httpOptions(
  s: RunSettings,
  r: ResolvedSettings,
  credentialed: boolean,
  typedHeaders: boolean,
  stored: string | undefined,
  configHeaders: Readonly<Record<string, string>>,
): PreparedTarget['options'] {
  const typed = credentialed ? r.headers : typedHeaders ? { ...(s.cli.headers ?? {}) } : {};
  // What the user typed wins over what the client configuration says.
  const headers = { ...configHeaders, ...typed };
  return {
    mode: r.mode,
    spec: r.spec,
    allowPrivate: r.allowPrivate,
    headers,
    ...(credentialed ? tokensOf(s, r, stored) : {}),
    ...(r.designateTool && credentialed ? { designatedTool: r.designateTool } : {}),
    ...(r.oauthClient && credentialed ? { oauthClient: r.oauthClient } : {}),
    requestTimeoutMs: r.timeoutMs,
    ...(s.caFile ? { ca: readCaFile(s.caFile) } : {}),
    ...(s.cimd ? { cimd: s.cimd } : {}),
  };
}

/**
 * One target's prepared scan. `entry` is the config entry it came from (config targets);
 * `stored` the token of its stored login (`--login`), looked up before.
 */
export function prepareTarget(
  s: RunSettings,
  given: SourcedTarget,
  entry?: TargetConfig,
  stored?: string,
): PreparedTarget {
  const t =
    given.target.kind === 'stdio' && s.sandboxMap?.length
      ? { ...given, target: withReadOnly(given.target, s.sandboxMap) }
      : given;
  const trust = TRUST[t.source];
  const found = entryOf(s, t, entry);
  const resolved = resolveTargetSettings(
    s.config,
    found ?? { url: t.target.identity },
    process.env,
    trust.typedHeaders ? s.cli : { ...s.cli, headers: {} },
  );
  const credentialed = trust.named || found !== undefined;
  const useConfig = trust.configCredentials && s.useConfigCredentials === true;
  const configHeaders = useConfig ? (t.configHeaders ?? {}) : {};
  const options: PreparedTarget['options'] = {
    ...(t.target.kind === 'http'
      ? httpOptions(s, resolved, credentialed, trust.typedHeaders, stored, configHeaders)
      : {
          mode: resolved.mode,
          spec: resolved.spec,
          requestTimeoutMs: resolved.timeoutMs,
          sandbox: s.sandbox,
        }),
    ...(t.configListings?.length
      ? { clientConfig: { listings: t.configListings, credentialsUsed: useConfig } }
      : {}),
  };
  return {
    sourced: t,
    options,
    mode: resolved.mode,
    scanTimeoutMs: resolved.scanTimeoutMs,
    reportOpts: {
      suppressions: s.config?.suppressions ?? [],
      targetName: t.name,
      ...(s.baseline ? { baseline: s.baseline } : {}),
      ...clientOptions(s),
    },
    gate: {
      failOn: resolved.failOn,
      minGrade: resolved.minGrade,
      ...(s.failOnClient ? { failOnClient: s.failOnClient } : {}),
    },
  };
}

/**
 * Every target of a run, prepared before anything is sent; `entries` are the config entries
 * of config targets, by identity. With `--login`, each named HTTP target's stored token is
 * looked up (and refreshed) here.
 */
export async function prepareTargets(
  s: RunSettings,
  targets: readonly SourcedTarget[],
  entries: ReadonlyMap<string, TargetConfig> = new Map(),
): Promise<PreparedTarget[]> {
  const out: PreparedTarget[] = [];
  for (const t of targets) {
    const stored =
      s.storedLogin && TRUST[t.source].named && t.target.kind === 'http'
        ? await storedToken(t.target, s.caFile)
        : undefined;
    out.push(prepareTarget(s, t, entries.get(t.target.identity), stored));
  }
  return out;
}
