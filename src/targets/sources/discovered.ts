/**
 * `scan --discovered`: the servers the user's MCP clients are configured with (../discover/),
 * as a target source. Remote servers become HTTP targets; local (stdio) servers only with
 * `--allow-exec`, because their commands come from files, not from the user. Every server that
 * is not scanned is skipped with its reason (docs/stdio.md#discovery). Each target remembers
 * the client configurations that list it: the servers of one configuration are co-installed.
 */
import { homedir } from 'node:os';

import type { DiscoveredServer, Discovery } from '../discover/discover.js';
import { discoverServers } from '../discover/discover.js';
import type { Target, TargetError } from '../target.js';
import { isTargetError, parseHttpTarget, stdioTarget } from '../target.js';
import type { ClientConfigListing } from '../../evidence/client-config-types.js';
import { configuredCredentials, isSecretEnv, literalSecrets } from '../discover/secrets.js';
import { expandEnvRefs, expandHeaderRefs } from './env-refs.js';
import type { TargetEntry, TargetSource } from './types.js';

export interface DiscoveryRoots {
  /** The home directory whose client configs are read (default: the user's). */
  readonly home?: string;
  /** The project directory whose config files are read (default: the working directory). */
  readonly project?: string;
  /** Root of the managed settings (default `/`; none when `home` is given). */
  readonly systemRoot?: string;
}

export function discoverClientConfigs(o: DiscoveryRoots): Discovery {
  return discoverServers({
    home: o.home ?? homedir(),
    project: o.project ?? process.cwd(),
    // A fake home (tests, audits of another account) does not read this machine's managed settings.
    systemRoot: o.systemRoot ?? (o.home ? null : '/'),
  });
}

/** Why a discovered server is not scanned, or null when it is. */
function skipReason(s: DiscoveredServer, allowExec: boolean): string | null {
  if (s.transport === 'stdio')
    return allowExec ? null : 'a local command from a config file: runs only with --allow-exec';
  if (!/^https?:\/\//i.test(s.url ?? '')) return 'not an http(s) URL';
  if (/\$\{|\$[A-Za-z_]/.test(s.url ?? '')) return 'the URL holds an environment-variable reference';
  return null;
}

/**
 * A local server's environment: without `--use-config-credentials`, the entries named like
 * secrets are withheld (the server is launched as it would be without them; the report names them).
 */
function launchEnv(s: DiscoveredServer, useCredentials: boolean): Record<string, string> {
  const env = s.env ?? {};
  return useCredentials
    ? { ...env }
    : Object.fromEntries(Object.entries(env).filter(([k]) => !isSecretEnv(k)));
}

function targetOf(
  s: DiscoveredServer,
  env: Readonly<Record<string, string | undefined>>,
  useCredentials: boolean,
): Target | TargetError {
  if (s.transport !== 'stdio') return parseHttpTarget(s.url ?? '');
  const expanded = expandEnvRefs(launchEnv(s, useCredentials), 'client', env);
  if ('unset' in expanded) return { error: 'an env reference names an unset variable' };
  return stdioTarget({ command: s.command!, args: s.args ?? [], env: expanded.env, cwd: s.cwd ?? null });
}

/** Where the server is configured and which credentials the entry holds, by name only. */
function listingOf(s: DiscoveredServer): ClientConfigListing {
  return {
    client: s.client,
    scope: s.scope,
    file: s.file,
    ...(s.project ? { project: s.project } : {}),
    server: s.name,
    literalSecrets: literalSecrets(s.headers, s.env),
    credentials: configuredCredentials(s.headers, s.env),
  };
}

/** A remote server's configured headers with their references expanded; a header naming an unset variable is left out. */
function headersOf(
  s: DiscoveredServer,
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> | undefined {
  if (s.transport === 'stdio' || !s.headers) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(s.headers)) {
    const x = expandHeaderRefs(v, env);
    if (x !== null) out[k.toLowerCase()] = x;
  }
  return Object.keys(out).length ? out : undefined;
}

export interface DiscoveredOptions {
  readonly allowExec: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** `--use-config-credentials`: each server gets the headers (remote) or secret env (local) its configuration gives it. */
  readonly useConfigCredentials?: boolean;
}

export function discoveredSource(d: Discovery, o: DiscoveredOptions): TargetSource {
  const useCredentials = o.useConfigCredentials === true;
  return {
    label: 'discovered client configs',
    async *entries(): AsyncIterable<TargetEntry> {
      for (const k of d.skipped)
        yield {
          kind: 'skipped',
          skipped: { ref: k.file, reason: k.reason, source: 'discovered', registry: null },
        };
      for (const s of d.servers) {
        const ref = `${s.client} ${s.name} (${s.transport}, ${s.file})`;
        const why = skipReason(s, o.allowExec);
        const t = why === null ? targetOf(s, o.env, useCredentials) : { error: why };
        if (isTargetError(t)) {
          yield { kind: 'skipped', skipped: { ref, reason: t.error, source: 'discovered', registry: null } };
          continue;
        }
        const installedIn = [
          { client: s.client, file: s.file, ...(s.project ? { project: s.project } : {}) },
        ];
        const headers = useCredentials ? headersOf(s, o.env) : undefined;
        yield {
          kind: 'target',
          target: {
            target: t,
            name: s.name,
            source: 'discovered',
            registry: null,
            installedIn,
            configListings: [listingOf(s)],
            ...(headers ? { configHeaders: headers } : {}),
          },
        };
      }
    },
  };
}
