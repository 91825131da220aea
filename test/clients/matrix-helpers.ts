/** Shared by the client-matrix tests: a compact view of a matrix, and scans of real servers. */
import { expect } from 'vitest';

import { clientMatrix } from '../../src/clients/matrix.js';
import { verifiedRow } from '../../src/clients/verified-matrix.js';
import type { CellStatus, ClientMatrix } from '../../src/clients/types.js';
import type { Evidence } from '../../src/evidence/types.js';
import { collectEvidence } from '../../src/probe/scan.js';
import type { CollectOptions } from '../../src/probe/scan.js';

export type Statuses = Record<string, CellStatus>;

export function statuses(m: ClientMatrix): Statuses {
  return Object.fromEntries(m.cells.map((c) => [c.client, c.status]));
}

/** The deciding rules of one client's cell. */
export function deciding(m: ClientMatrix, client: string): readonly string[] {
  return m.cells.find((c) => c.client === client)?.deciding ?? [];
}

/** Scans a loopback target in the given mode and returns the evidence and its matrix. */
export async function scanMatrix(
  url: string,
  opts: Partial<CollectOptions> = {},
): Promise<{ evidence: Evidence; matrix: ClientMatrix }> {
  const evidence = await collectEvidence({ url, requestTimeoutMs: 5_000, ...opts });
  return { evidence, matrix: clientMatrix(evidence) };
}

/** Every exchange a cell cites exists in the evidence (the matrix never points at nothing). */
export function citedExchangesExist(evidence: Evidence, m: ClientMatrix): string[] {
  const ids = new Set(evidence.exchanges.map((x) => x.id));
  return m.cells
    .flatMap((c) => [...c.evidence, ...c.rules.flatMap((r) => r.evidence)])
    .filter((id) => !ids.has(id));
}

/** The matrix agrees with its row of the verified matrix (docs/clients.md): every cell, the named deciding rules. */
export function expectRow(m: ClientMatrix, id: string): void {
  const row = verifiedRow(id);
  expect(statuses(m), id).toEqual(row.cells);
  for (const [client, rules] of Object.entries(row.deciding))
    expect(deciding(m, client), `${id} ${client}`).toEqual(rules);
}
