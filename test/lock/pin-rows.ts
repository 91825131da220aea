/** The PIN results of a JSON report, and their failures in one comparable line each. */

export interface PinRow {
  readonly checkId: string;
  readonly status: string;
  readonly key: string | null;
  readonly severity: string | null;
  readonly location: string;
  readonly reason: string | null;
  readonly message: string;
}

/** The PIN checks' results of a report's results. */
export const pinRows = (results: readonly PinRow[]): PinRow[] =>
  results.filter((r) => r.checkId.startsWith('MCPP-PIN'));

/** `PIN03 description critical tool:echo`, sorted: what failed, how, and where. */
export const pinFails = (rows: readonly PinRow[] | undefined): string[] =>
  (rows ?? [])
    .filter((r) => r.status === 'fail')
    .map((r) => `${r.checkId.slice(5)} ${r.key} ${r.severity} ${r.location}`)
    .sort();
