/**
 * The `clientConfig` section: for a target found in the user's MCP client configurations
 * (`scan --discovered`), where it is configured and what those configurations hold by way of
 * credentials, by name only. No value is ever recorded (MCPP-CFG01, docs/stdio.md#discovery).
 */

/** A configured header or environment variable, by name. */
export interface ConfigKeyRef {
  readonly where: 'header' | 'env';
  readonly key: string;
}

/** One client configuration entry that lists the target. */
export interface ClientConfigListing {
  readonly client: string;
  /** `user`, `project` (a file that travels with the project, often committed) or `managed`. */
  readonly scope: string;
  readonly file: string;
  readonly project?: string;
  /** The server's name in that file. */
  readonly server: string;
  /** Headers and env entries whose value is a literal secret (not a reference to the environment). */
  readonly literalSecrets: readonly ConfigKeyRef[];
  /** The credentials the entry gives the server: every header, and env entries named like secrets. */
  readonly credentials: readonly ConfigKeyRef[];
}

export interface ClientConfigEvidence {
  readonly listings: readonly ClientConfigListing[];
  /** Whether this scan sent the configured credentials (`--use-config-credentials`). */
  readonly credentialsUsed: boolean;
}
