/**
 * One target's scan options, from its resolved settings (flags > environment > config): the
 * tokens it may carry, the report options and the exit-code gate. Shared by the single scan
 * and the fleet. Credentials go only to targets the user configured them for: a URL from a
 * targets file or a registry never inherits a token.
 */
import { readFileSync } from 'node:fs';

import { resolveTargetSettings } from '../config/resolve.js';
import type { CliOverrides } from '../config/resolve.js';
import { findTarget } from '../config/resolve.js';
import type { Config } from '../config/schema.js';
import type { CollectOptions } from '../index.js';
import type { Baseline } from '../report/baseline.js';
import type { ReportOptions } from '../report/model.js';
import type { GateOptions } from './exit-code.js';
import { UsageError } from './options.js';

export interface ScanContext {
  readonly config: Config | null;
  readonly cli: CliOverrides;
  /** `--token` as typed (a literal token). */
  readonly token: string | undefined;
  readonly caFile: string | undefined;
  /** `--cimd-base`, `--cimd-special-use`, `--cimd-tls-cert`/`--cimd-tls-key` (the intrusive CIMD requests). */
  readonly cimd?: CollectOptions['cimd'];
  readonly baseline: { readonly file: string; readonly data: Baseline } | undefined;
}

export interface PreparedTarget {
  /** Everything but the URL, the deadline and progress. */
  readonly collect: Omit<CollectOptions, 'url' | 'scanTimeoutMs' | 'onProgress'>;
  readonly scanTimeoutMs: number;
  readonly reportOpts: ReportOptions;
  readonly gate: GateOptions;
}

/** A token named by an environment variable; a named but empty variable is a usage error. */
export function fromEnv(name: string | null): string | undefined {
  if (!name) return undefined;
  const v = process.env[name];
  if (!v) throw new UsageError(`environment variable ${name} is empty or unset`);
  return v;
}

const caCache = new Map<string, string>();
function readCa(file: string): string {
  let ca = caCache.get(file);
  if (ca === undefined) {
    ca = readFileSync(file, 'utf8');
    caCache.set(file, ca);
  }
  return ca;
}

/**
 * `credentials: 'configured'`: only a target of the config file gets tokens and headers (fleet
 * sources); `'all'`: the single scan's rule (the URL the user typed, or each config target).
 */
export function prepareTarget(
  ctx: ScanContext,
  t: { readonly url: string; readonly name: string | null },
  credentials: 'all' | 'configured',
): PreparedTarget {
  // A fleet target's name (a registry server name…) need not be a config name: look it up by URL too.
  const entry =
    credentials === 'all'
      ? undefined
      : (findTarget(ctx.config, t.url) ?? (t.name ? findTarget(ctx.config, t.name) : undefined));
  const configured = credentials === 'all' || entry !== undefined;
  const s = resolveTargetSettings(
    ctx.config,
    credentials === 'all' ? (t.name ?? t.url) : (entry ?? t.url),
    process.env,
    ctx.cli,
  );
  const token = configured ? (ctx.token ? ctx.token : fromEnv(s.tokenEnv)) : undefined;
  const secondToken = configured ? fromEnv(s.secondTokenEnv) : undefined;
  const narrowToken = configured ? fromEnv(s.narrowTokenEnv) : undefined;
  if ((secondToken || narrowToken) && !token)
    throw new UsageError('a second or narrow-scope token needs the main token too (--token or --token-env)');
  return {
    collect: {
      mode: s.mode,
      spec: s.spec,
      allowPrivate: s.allowPrivate,
      headers: configured ? s.headers : {},
      ...(token ? { token } : {}),
      ...(secondToken ? { secondToken } : {}),
      ...(narrowToken ? { narrowToken } : {}),
      ...(s.designateTool && configured ? { designatedTool: s.designateTool } : {}),
      ...(s.oauthClient && configured ? { oauthClient: s.oauthClient } : {}),
      requestTimeoutMs: s.timeoutMs,
      ...(ctx.caFile ? { ca: readCa(ctx.caFile) } : {}),
      ...(ctx.cimd ? { cimd: ctx.cimd } : {}),
    },
    scanTimeoutMs: s.scanTimeoutMs,
    reportOpts: {
      suppressions: ctx.config?.suppressions ?? [],
      targetName: t.name,
      ...(ctx.baseline ? { baseline: ctx.baseline } : {}),
    },
    gate: { failOn: s.failOn, minGrade: s.minGrade },
  };
}
