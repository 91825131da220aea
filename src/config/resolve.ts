/**
 * One setting, four layers. Precedence per setting: CLI flag > environment
 * variable > the target's entry > `defaults` > built-in default. `headers` and
 * `thresholds` merge per name/member across layers; every other setting is
 * taken whole from the highest layer that sets it.
 */
import type { Mode } from '../evidence/types.js';
import type { Revision } from '../spec/revisions.js';
import { sameHref } from '../evidence/parse/url.js';
import { ConfigError } from './errors.js';
import type { Config, FailOn, Format, Grade, Settings, TargetConfig } from './schema.js';
import { DEFAULT_THRESHOLDS, FAIL_ON, GRADES, MODES } from './constants.js';

export type SettingSource = 'cli' | 'env' | 'target' | 'defaults' | 'builtin';

/** Flags the user actually typed: a CLI layer filled with commander defaults would hide the config. */
export type CliOverrides = Settings;

export type Env = Readonly<Record<string, string | undefined>>;

export const ENV_VARS = {
  failOn: 'MCP_POSTURE_FAIL_ON',
  mode: 'MCP_POSTURE_MODE',
  minGrade: 'MCP_POSTURE_MIN_GRADE',
  timeoutMs: 'MCP_POSTURE_TIMEOUT_MS',
} as const;

const BUILTIN = {
  mode: 'safe',
  failOn: 'medium',
  minGrade: null,
  timeoutMs: 10_000,
  scanTimeoutMs: 120_000,
  spec: null,
  tokenEnv: null,
  secondTokenEnv: null,
  narrowTokenEnv: null,
  expiredTokenEnv: null,
  allowPrivate: false,
  formats: ['text'],
  outputDir: null,
  designateTool: null,
  oauthClient: null,
  cimdUrl: null,
} as const;

type ScalarKey = keyof typeof BUILTIN;
type SettingKey = ScalarKey | 'headers' | 'thresholds';

export interface ResolvedSettings {
  readonly url: string;
  readonly name: string | null;
  readonly mode: Mode;
  readonly failOn: FailOn;
  readonly minGrade: Grade | null;
  readonly timeoutMs: number;
  readonly scanTimeoutMs: number;
  /** `draft` is evaluated as 2026-07-28. */
  readonly spec: Revision | null;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly tokenEnv: string | null;
  readonly secondTokenEnv: string | null;
  readonly narrowTokenEnv: string | null;
  readonly expiredTokenEnv: string | null;
  readonly allowPrivate: boolean;
  readonly formats: readonly Format[];
  readonly outputDir: string | null;
  readonly thresholds: {
    readonly certExpiryDays: number;
    readonly hstsMaxAge: number;
    readonly sessionEntropyBits: number;
  };
  readonly designateTool: { readonly name: string; readonly arguments?: Record<string, unknown> } | null;
  readonly oauthClient: { readonly clientId: string; readonly redirectUri: string } | null;
  readonly cimdUrl: string | null;
  /** Where each setting came from, for `--print-config`-style diagnostics. */
  readonly sources: Readonly<Record<SettingKey, SettingSource>>;
}

function pick<T extends string>(
  raw: string,
  allowed: readonly T[],
  name: string,
  issues: string[],
): T | undefined {
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  issues.push(`${name}: expected one of ${allowed.join('|')}`);
  return undefined;
}

/** The environment layer; blank variables count as unset. Throws ConfigError naming the variable. */
export function envOverrides(env: Env): Settings {
  const issues: string[] = [];
  const get = (name: string) => {
    const v = env[name]?.trim();
    return v ? v : undefined;
  };
  const out: Settings = {};
  const failOn = get(ENV_VARS.failOn);
  if (failOn !== undefined) out.failOn = pick(failOn.toLowerCase(), FAIL_ON, ENV_VARS.failOn, issues);
  const mode = get(ENV_VARS.mode);
  if (mode !== undefined) out.mode = pick(mode.toLowerCase(), MODES, ENV_VARS.mode, issues);
  const minGrade = get(ENV_VARS.minGrade);
  if (minGrade !== undefined) out.minGrade = pick(minGrade.toUpperCase(), GRADES, ENV_VARS.minGrade, issues);
  const timeout = get(ENV_VARS.timeoutMs);
  if (timeout !== undefined) {
    if (/^[0-9]+$/.test(timeout) && Number(timeout) > 0) out.timeoutMs = Number(timeout);
    else issues.push(`${ENV_VARS.timeoutMs}: expected a positive integer (milliseconds)`);
  }
  if (issues.length > 0) throw new ConfigError('environment', issues);
  return out;
}

/** A configured target by name or URL. */
export function findTarget(config: Config | null, nameOrUrl: string): TargetConfig | undefined {
  return (
    config?.targets.find((t) => t.name === nameOrUrl) ??
    config?.targets.find((t) => sameHref(t.url, nameOrUrl))
  );
}

function lowerKeys(h: Readonly<Record<string, string>> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(h ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
}

/**
 * Effective settings for one target. `target` is a configured entry, or a name
 * or URL (a URL that is not configured gets the defaults).
 */
export function resolveTargetSettings(
  config: Config | null,
  target: TargetConfig | string,
  env: Env,
  cli: CliOverrides = {},
): ResolvedSettings {
  let entry: TargetConfig;
  if (typeof target === 'string') {
    const found = findTarget(config, target);
    if (found) entry = found;
    else if (URL.canParse(target)) entry = { url: target };
    else throw new ConfigError('config', [`no target named "${target}"`]);
  } else entry = target;

  const { url: _url, name: _name, ...targetSettings } = entry;
  const layers: readonly [SettingSource, Settings][] = [
    ['cli', cli],
    ['env', envOverrides(env)],
    ['target', targetSettings],
    ['defaults', config?.defaults ?? {}],
  ];
  const sources = {} as Record<SettingKey, SettingSource>;
  const scalar = <K extends ScalarKey>(key: K): NonNullable<Settings[K]> | (typeof BUILTIN)[K] => {
    for (const [source, layer] of layers) {
      const v = layer[key];
      if (v !== undefined) {
        sources[key] = source;
        return v;
      }
    }
    sources[key] = 'builtin';
    return BUILTIN[key];
  };
  // Lowest layer first so higher layers overwrite per header name / threshold member.
  const lowToHigh = [...layers].reverse();
  const headers = Object.assign({}, ...lowToHigh.map(([, l]) => lowerKeys(l.headers))) as Record<
    string,
    string
  >;
  sources.headers = layers.find(([, l]) => l.headers !== undefined)?.[0] ?? 'builtin';
  const thresholds = Object.assign(
    { ...DEFAULT_THRESHOLDS },
    ...lowToHigh.map(([, l]) => l.thresholds ?? {}),
  ) as ResolvedSettings['thresholds'];
  sources.thresholds = layers.find(([, l]) => l.thresholds !== undefined)?.[0] ?? 'builtin';

  const spec = scalar('spec');
  return {
    url: entry.url,
    name: entry.name ?? null,
    mode: scalar('mode'),
    failOn: scalar('failOn'),
    minGrade: scalar('minGrade'),
    timeoutMs: scalar('timeoutMs'),
    scanTimeoutMs: scalar('scanTimeoutMs'),
    spec: spec === 'draft' ? '2026-07-28' : spec,
    headers,
    tokenEnv: scalar('tokenEnv'),
    secondTokenEnv: scalar('secondTokenEnv'),
    narrowTokenEnv: scalar('narrowTokenEnv'),
    expiredTokenEnv: scalar('expiredTokenEnv'),
    allowPrivate: scalar('allowPrivate'),
    formats: scalar('formats'),
    outputDir: scalar('outputDir'),
    thresholds,
    designateTool: scalar('designateTool'),
    oauthClient: scalar('oauthClient'),
    cimdUrl: scalar('cimdUrl'),
    sources,
  };
}
