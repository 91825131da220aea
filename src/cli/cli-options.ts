/**
 * The parsed options of each command, as commander hands them over: every value already went
 * through its parser (src/cli/options.ts), so the types here are what the parsers return. Each
 * command reads its options through one of these, never through casts on an untyped bag.
 */
import type { FailOn, Grade } from '../config/constants.js';
import type { Mode } from '../evidence/types.js';
import type { FormatName } from '../report/format-spec.js';
import type { Revision } from '../spec/revisions.js';
import type { FleetScanOptions } from './fleet-options.js';

/** The report and gate options shared by `scan` and `evaluate` (addOutputOptions). */
export interface OutputCliOptions {
  /** Defaulted (`text`), like `failOn` and `color`: always present. */
  readonly format: FormatName[];
  readonly output?: string;
  readonly outputDir?: string;
  readonly failOn: FailOn;
  readonly minGrade?: Grade;
  /** `--clients`: the client profiles the matrix is limited to. */
  readonly clients?: string[];
  /** `--fail-on-client`: exit 1 when one of these clients is blocked. */
  readonly failOnClient?: string[];
  readonly config?: string;
  readonly baseline?: string;
  readonly updateBaseline?: boolean;
  readonly docsUrl?: string;
  readonly color: boolean;
  readonly verbose?: boolean;
}

/** `scan`: the target, tier, credential, stdio, lock and fleet options on top of the outputs. */
export interface ScanCliOptions extends OutputCliOptions, FleetScanOptions {
  readonly stdio?: boolean;
  readonly env?: Record<string, string>;
  readonly cwd?: string;
  /** `--npm <package>[@version]`, `--pypi <package>[==version]`: install into a throwaway prefix, scan in the sandbox. */
  readonly npm?: string;
  readonly npmBin?: string;
  readonly pypi?: string;
  readonly pypiBin?: string;
  /** `--sandbox` (true) or `--sandbox=best-effort`. */
  readonly sandbox?: boolean | string;
  /** `--sandbox-map <path>` (repeatable): paths local servers may read inside the sandbox. */
  readonly sandboxMap?: readonly string[];
  readonly discovered?: boolean;
  readonly allowExec?: boolean;
  /** `--use-config-credentials` (with --discovered). */
  readonly useConfigCredentials?: boolean;
  readonly home?: string;
  readonly project?: string;
  readonly mode?: Mode;
  /** `--config-target NAME` (was `--target`). */
  readonly configTarget?: string;
  readonly spec?: Revision;
  readonly timeout?: number;
  readonly scanTimeout?: number;
  readonly header?: Record<string, string>;
  readonly token?: string;
  readonly tokenEnv?: string;
  readonly login?: boolean;
  readonly secondTokenEnv?: string;
  readonly narrowTokenEnv?: string;
  readonly expiredTokenEnv?: string;
  readonly allowPrivate?: boolean;
  readonly designateTool?: string;
  readonly designateToolArgs?: Record<string, unknown>;
  readonly oauthClientId?: string;
  readonly oauthRedirectUri?: string;
  readonly cimdBase?: string;
  readonly cimdSpecialUse?: boolean;
  readonly cimdTlsCert?: string;
  readonly cimdTlsKey?: string;
  readonly caFile?: string;
  readonly saveEvidence?: string;
  readonly lock?: string;
  readonly updateLock?: boolean;
  readonly plan?: boolean;
}

/** `discover`, and the discovery part of `scan --discovered`. */
export interface DiscoverCliOptions {
  readonly home?: string;
  readonly project?: string;
  readonly systemRoot?: string;
  readonly format?: 'text' | 'json';
  readonly output?: string;
}

/** `cimd lint`: its document source options on top of the outputs. */
export interface CimdLintCliOptions extends OutputCliOptions {
  readonly url?: string;
  readonly allowPrivate?: boolean;
}

/** `login` (and `logout`'s `--ca-file`). */
export interface LoginCliOptions {
  readonly oauthClientId?: string;
  readonly oauthClientSecretEnv?: string;
  readonly clientMetadataUrl?: string;
  readonly callbackPort?: number;
  /** Defaulted (`127.0.0.1`), like the timeouts, the browser switch and the format. */
  readonly callbackHost: '127.0.0.1' | 'localhost';
  readonly browser: boolean;
  readonly loginTimeout: number;
  readonly timeout: number;
  readonly allowPrivate?: boolean;
  readonly caFile?: string;
  readonly format: 'text' | 'json' | 'html';
  readonly output?: string;
}
