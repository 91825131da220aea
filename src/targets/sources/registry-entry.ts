/**
 * One entry of a registry server list (`ServerResponse`: `{ server, _meta }`), reduced to the
 * remote endpoints a fleet can scan. Shapes follow the registry's OpenAPI (`ServerDetail` with
 * `remotes[]` of `streamable-http` / `sse` transports, `_meta["io.modelcontextprotocol.registry/official"]`
 * with `status` and `isLatest`); anything else is skipped with a reason, never guessed at.
 */
import type { RegistryRef } from './types.js';

export const OFFICIAL_META = 'io.modelcontextprotocol.registry/official';
const MAX_FIELD = 255;
const MAX_REMOTES = 16;

export type EntryTarget =
  | { readonly kind: 'target'; readonly url: string; readonly registry: RegistryRef }
  | {
      readonly kind: 'skipped';
      readonly ref: string;
      readonly reason: string;
      readonly registry: RegistryRef | null;
    };

type Obj = Readonly<Record<string, unknown>>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v.length <= MAX_FIELD ? v : null);

/** `{name}` style template variables in a remote URL (the registry's URL-template syntax). */
export function templateVariables(url: string): string[] {
  return [...url.matchAll(/\{([^{}]{0,64})\}/g)].map((m) => m[1] ?? '');
}

export function parseServerEntry(raw: unknown): EntryTarget[] {
  if (!isObj(raw) || !isObj(raw['server']))
    return [{ kind: 'skipped', ref: '(entry)', reason: 'not a registry server entry', registry: null }];
  const server = raw['server'];
  const name = str(server['name']);
  const version = str(server['version']);
  if (name === null || version === null)
    return [{ kind: 'skipped', ref: '(entry)', reason: 'entry without a name or version', registry: null }];
  const official = isObj(raw['_meta']) ? raw['_meta'][OFFICIAL_META] : undefined;
  const status = isObj(official) ? str(official['status']) : null;
  const registry: RegistryRef = { name, version, status };
  if (status === 'deleted')
    return [{ kind: 'skipped', ref: name, reason: 'deleted in the registry', registry }];
  if (isObj(official) && official['isLatest'] === false)
    return [{ kind: 'skipped', ref: name, reason: `version ${version} is not the latest`, registry }];
  const remotes = Array.isArray(server['remotes']) ? server['remotes'].slice(0, MAX_REMOTES) : [];
  if (remotes.length === 0)
    return [{ kind: 'skipped', ref: name, reason: 'no remote endpoint (packages only)', registry }];
  return remotes.map((remote: unknown): EntryTarget => {
    const type = isObj(remote) ? remote['type'] : undefined;
    const url = isObj(remote) ? remote['url'] : undefined;
    if (typeof url !== 'string' || url.length > 2048)
      return { kind: 'skipped', ref: name, reason: 'remote without a URL', registry };
    if (type !== 'streamable-http' && type !== 'sse')
      return {
        kind: 'skipped',
        ref: url,
        reason: `remote transport ${JSON.stringify(type)} is not scanned`,
        registry,
      };
    const vars = templateVariables(url);
    if (vars.length > 0)
      return {
        kind: 'skipped',
        ref: url,
        reason: `templated URL: needs ${vars.map((v) => `{${v}}`).join(', ')}, which only its user can fill in`,
        registry,
      };
    return { kind: 'target', url, registry };
  });
}
