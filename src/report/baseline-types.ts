/**
 * The expected-failures baseline's file format as types, a leaf of the report model (the zod
 * reader is ./baseline.ts; the comparison ./baseline-compare.ts).
 */
export const BASELINE_VERSION = 1;

/** One accepted finding (the file format is validated by ./baseline.ts). */
export interface BaselineEntry {
  /** Target URL (or config name). */
  readonly target: string;
  /** `MCPP-TRN12`, `trn12`, or with a key: `TRN12:local-open`. */
  readonly check: string;
  readonly key?: string | undefined;
  readonly location?: string | undefined;
  readonly fingerprint?: string | undefined;
  readonly reason?: string | undefined;
}

export interface Baseline {
  readonly version: typeof BASELINE_VERSION;
  readonly entries: readonly BaselineEntry[];
}

export class BaselineError extends Error {
  constructor(
    readonly source: string,
    readonly issues: readonly string[],
  ) {
    super(`${source}: invalid baseline\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'BaselineError';
  }
}
