/**
 * Which targets `scan` was pointed at, from its arguments and flags: a URL, a command after
 * `--stdio`, the config file's targets, the user's client configurations (`--discovered`), a
 * targets file, a registry. Each becomes a target source (src/targets/sources/); the run
 * collects and de-duplicates them. A run that names its targets one by one keeps every report
 * and renders them together; a run over lists (a fleet) streams them.
 */
import type { ScanCliOptions } from './cli-options.js';

import type { Config, TargetConfig } from '../config/schema.js';
import { configTargets } from '../run/config-targets.js';
import { UsageError } from '../run/errors.js';
import type { PackageInstalls } from '../run/package-install.js';
import type { PackageChoice } from '../run/package-targets.js';
import { packageSource } from '../run/package-targets.js';
import { registryPageFetcher } from '../run/registry-fetch.js';
import { discoverClientConfigs, discoveredSource } from '../targets/sources/discovered.js';
import { fileSource, listSource } from '../targets/sources/file.js';
import { registrySource } from '../targets/sources/registry.js';
import type { TargetSource, TargetSourceKind } from '../targets/sources/types.js';
import { isTargetError, parseHttpTarget, stdioTarget } from '../targets/target.js';
import type { HttpTarget } from '../targets/target.js';
import { escapeTerminalLine } from '../escape/terminal.js';
import type { FleetScanOptions } from './fleet-options.js';
import { registryUrl } from './fleet-options.js';

export interface TargetChoice {
  readonly sources: readonly TargetSource[];
  /** The kinds of source, for the credential rule (src/run/prepare.ts). */
  readonly kinds: readonly TargetSourceKind[];
  /** The config entries of config targets, by identity. */
  readonly entries: ReadonlyMap<string, TargetConfig>;
  /** A fleet: reports stream into --output-dir and stdout gets the run's summary. */
  readonly fleet: boolean;
  /** The run's source, as the history database records it. */
  readonly label: string;
}

/** The URL the user typed, parsed once; a mistake says what is wrong and, when it can, what was meant. */
export function typedUrl(url: string): HttpTarget {
  const t = parseHttpTarget(url);
  if (isTargetError(t)) throw new UsageError(t.hint ? `${t.error} (${t.hint})` : t.error);
  return t;
}

function fleetSources(url: string | undefined, f: FleetScanOptions): TargetSource[] {
  const sources: TargetSource[] = [];
  if (url !== undefined) sources.push(listSource(url, 'url', [{ target: typedUrl(url), name: null }]));
  if (f.targets) sources.push(fileSource(f.targets));
  const registry = registryUrl(f);
  if (registry !== null)
    sources.push(
      registrySource({
        baseUrl: registry,
        ...(f.updatedSince ? { updatedSince: f.updatedSince } : {}),
        fetchPage: registryPageFetcher(),
      }),
    );
  return sources;
}

/** `--discovered`: the discovery's errors (malformed files) are said on stderr; nothing is launched. */
function discovered(o: ScanCliOptions): TargetSource {
  const d = discoverClientConfigs({
    ...(o.home !== undefined ? { home: o.home } : {}),
    ...(o.project !== undefined ? { project: o.project } : {}),
  });
  for (const err of d.errors)
    process.stderr.write(
      `mcp-posture: ${escapeTerminalLine(err.file)}: ${escapeTerminalLine(err.message)}\n`,
    );
  return discoveredSource(d, {
    allowExec: Boolean(o.allowExec),
    env: process.env,
    useConfigCredentials: Boolean(o.useConfigCredentials),
  });
}

const label = (sources: readonly TargetSource[]) => sources.map((s) => s.label).join(' + ') || 'targets';

/** `--npm` / `--pypi`: the package, the command chosen among its own, its arguments (after `--`). */
export function packageChoiceOf(
  url: string | undefined,
  words: readonly string[],
  o: ScanCliOptions,
): PackageChoice | null {
  const spec = o.npm ?? o.pypi;
  if (spec === undefined) return null;
  const npm = o.npm !== undefined;
  return {
    ecosystem: npm ? 'npm' : 'pypi',
    request: {
      spec,
      bin: (npm ? o.npmBin : o.pypiBin) ?? null,
      args: url !== undefined ? [url, ...words] : [...words],
      env: o.env ?? {},
    },
  };
}

export function chooseTargets(
  url: string | undefined,
  words: readonly string[],
  o: ScanCliOptions,
  config: { readonly config: Config | null; readonly path: string | null },
  installs: PackageInstalls,
): TargetChoice {
  const none = new Map<string, TargetConfig>();
  const pkg = packageChoiceOf(url, words, o);
  if (pkg !== null) {
    const sources = [packageSource(installs, pkg)];
    return { sources, kinds: ['command'], entries: none, fleet: false, label: sources[0]!.label };
  }
  if (o.discovered || o.targets !== undefined || o.registry !== undefined) {
    const sources = [...(o.discovered ? [discovered(o)] : []), ...fleetSources(url, o)];
    const kinds: TargetSourceKind[] = [
      ...(o.discovered ? (['discovered'] as const) : []),
      ...(url !== undefined ? (['url'] as const) : []),
      ...(o.targets ? (['file'] as const) : []),
      ...(o.registry !== undefined ? (['registry'] as const) : []),
    ];
    return { sources, kinds, entries: none, fleet: true, label: label(sources) };
  }
  if (o.stdio) {
    const target = stdioTarget({ command: url!, args: words, env: o.env ?? {}, cwd: o.cwd ?? null });
    const sources = [listSource(target.href, 'command', [{ target, name: null }])];
    return { sources, kinds: ['command'], entries: none, fleet: false, label: target.href };
  }
  if (url !== undefined) {
    const sources = [listSource(url, 'url', [{ target: typedUrl(url), name: null }])];
    return { sources, kinds: ['url'], entries: none, fleet: false, label: url };
  }
  if (!config.config) throw new UsageError('give a URL, or a config file with targets (--config)');
  const chosen = configTargets(config.config, o.configTarget);
  const entries = new Map(chosen.map((c) => [c.sourced.target.identity, c.entry]));
  const where = `config ${config.path ?? ''}`.trim();
  const items = chosen.map((c) => ({ target: c.sourced.target, name: c.sourced.name }));
  return {
    sources: [listSource(where, 'config', items)],
    kinds: ['config'],
    entries,
    fleet: false,
    label: where,
  };
}
