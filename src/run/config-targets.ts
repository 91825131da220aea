/**
 * The targets of the config file (`scan` with a config and no URL), parsed once: an endpoint
 * `url` becomes an HTTP target, a `command` a stdio target whose `${env:NAME}` values are read
 * from the environment now. Each keeps its config entry, which its settings come from.
 */
import type { Config, TargetConfig } from '../config/schema.js';
import { expandEnvRefs } from '../targets/sources/env-refs.js';
import type { SourcedTarget } from '../targets/sources/types.js';
import type { Target } from '../targets/target.js';
import { isTargetError, parseHttpTarget, stdioTarget } from '../targets/target.js';
import { UsageError } from './errors.js';

export interface ConfigTarget {
  readonly sourced: SourcedTarget;
  readonly entry: TargetConfig;
}

function targetOf(t: TargetConfig): Target {
  if (t.command === undefined) {
    const parsed = parseHttpTarget(t.url);
    if (isTargetError(parsed)) throw new UsageError(`target ${t.name ?? t.url}: ${parsed.error}`);
    return parsed;
  }
  const expanded = expandEnvRefs(t.env ?? {}, 'config', process.env);
  if ('unset' in expanded) {
    const { key, name } = expanded.unset;
    throw new UsageError(`target ${t.name ?? t.url}: env ${key} names \${env:${name}}, which is not set`);
  }
  return stdioTarget({ command: t.command, args: t.args ?? [], env: expanded.env, cwd: t.cwd ?? null });
}

/** The config's targets, or only the one named `only` (by name or URL). */
export function configTargets(config: Config, only: string | undefined): ConfigTarget[] {
  const chosen = config.targets.filter((t) => !only || t.name === only || t.url === only);
  if (chosen.length === 0) throw new UsageError(`no configured target named ${only}`);
  return chosen.map((entry) => ({
    sourced: { target: targetOf(entry), name: entry.name ?? null, source: 'config', registry: null },
    entry,
  }));
}
