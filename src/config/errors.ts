/** A config problem: every issue at once, each as `path: problem`. */
export class ConfigError extends Error {
  constructor(
    /** The file (or `environment`) the issues were found in. */
    readonly source: string,
    readonly issues: readonly string[],
  ) {
    super(`${source}: invalid configuration\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}
