/**
 * Where targets come from. Every source (a URL on the command line, `--stdio`, the config file,
 * a targets file, the MCP registry, the client configurations of `--discovered`) yields parsed
 * targets through one interface; the run then de-duplicates them by identity. A new source is
 * one module here that implements `TargetSource`, and one flag that chooses it.
 */
import type { ClientConfigListing } from '../../evidence/client-config-types.js';
import type { Target } from '../target.js';

/** Which source named a target. `url` and `command` are what the user typed on the command line. */
export type TargetSourceKind = 'url' | 'command' | 'config' | 'file' | 'registry' | 'discovered';

/** The registry entry a target came from (`scan --registry`). */
export interface RegistryRef {
  /** Server name in reverse-DNS form, e.g. `io.github.example/weather`. */
  readonly name: string;
  readonly version: string;
  /** `active` or `deprecated` (deleted entries never become targets). */
  readonly status: string | null;
}

/**
 * The client configuration that lists a discovered server. The servers of one configuration
 * are installed side by side in one client: the run judges them together (cross-server
 * shadowing, MCPP-TOOL04 key `cross`).
 */
export interface ClientConfigRef {
  readonly client: string;
  readonly file: string;
  /** For per-project entries of a user file (Claude Code): the project path. */
  readonly project?: string;
}

/** A parsed target and what its source said about it. */
export interface SourcedTarget {
  readonly target: Target;
  /** The name the source gave it (config or targets-file name, registry or client server name). */
  readonly name: string | null;
  readonly source: TargetSourceKind;
  readonly registry: RegistryRef | null;
  /** Discovered servers: every client configuration that lists this target (co-installed groups). */
  readonly installedIn?: readonly ClientConfigRef[];
  /** Discovered servers: the configuration entries that list it, credentials by name only (MCPP-CFG01). */
  readonly configListings?: readonly ClientConfigListing[];
  /**
   * Discovered remote servers: the headers their configuration gives them, references expanded.
   * Sent to this target's origin only, and only with `--use-config-credentials` (../../run/prepare.ts).
   */
  readonly configHeaders?: Readonly<Record<string, string>>;
}

/** An entry a source named but that is not scanned, with the reason (shown to the user). */
export interface SkippedTarget {
  /** What the source named: a URL, a template, a registry or client server name. */
  readonly ref: string;
  readonly reason: string;
  readonly source: TargetSourceKind;
  readonly registry: RegistryRef | null;
}

export type TargetEntry =
  | { readonly kind: 'target'; readonly target: SourcedTarget }
  | { readonly kind: 'skipped'; readonly skipped: SkippedTarget };

/** One source of targets. */
export interface TargetSource {
  /** Shown in progress and summaries, e.g. `targets.txt`, `registry https://…`. */
  readonly label: string;
  entries(): AsyncIterable<TargetEntry>;
}

/** The key of a co-installed group: one client configuration file (and project). */
export function groupKeyOf(ref: ClientConfigRef): string {
  return JSON.stringify([ref.client, ref.file, ref.project ?? null]);
}
