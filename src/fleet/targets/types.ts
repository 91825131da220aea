/**
 * Where fleet targets come from. Every source (a URL on the command line, the config file,
 * a targets file, the MCP registry, and later the client-config discovery of `--discovered`)
 * yields entries through one interface; the fleet then de-duplicates them by canonical URL.
 */

/** Which source named a target. `discovered` is reserved for client-config discovery. */
export type TargetSourceKind = 'url' | 'config' | 'file' | 'registry' | 'discovered';

/** The registry entry a target came from (`scan --registry`). */
export interface RegistryRef {
  /** Server name in reverse-DNS form, e.g. `io.github.example/weather`. */
  readonly name: string;
  readonly version: string;
  /** `active` or `deprecated` (deleted entries never become targets). */
  readonly status: string | null;
}

export interface FleetTarget {
  /** Canonical http(s) URL (see `canonicalTargetUrl`): the key of the target everywhere. */
  readonly url: string;
  /** The name the source gave it (config or targets-file name, registry server name). */
  readonly name: string | null;
  readonly source: TargetSourceKind;
  readonly registry: RegistryRef | null;
}

/** An entry a source named but that is not scanned, with the reason (shown to the user). */
export interface SkippedTarget {
  /** What the source named: a URL, a template or a registry server name. */
  readonly ref: string;
  readonly reason: string;
  readonly source: TargetSourceKind;
  readonly registry: RegistryRef | null;
}

export type TargetEntry =
  | { readonly kind: 'target'; readonly target: FleetTarget }
  | { readonly kind: 'skipped'; readonly skipped: SkippedTarget };

/** One source of targets. `--discovered` plugs in by implementing this. */
export interface TargetSource {
  /** Shown in progress and summaries, e.g. `targets.txt`, `registry https://…`. */
  readonly label: string;
  entries(): AsyncIterable<TargetEntry>;
}
