/**
 * Writes one finished target into the history database, in one transaction: the run (inserted
 * once, whichever shard comes first), the target (upserted), the scan (upserted: one per target
 * per run) and its results, surfaces and documents (replaced). Replaying the same record is a
 * no-op, so a journal can be replayed and shards can write into one database side by side.
 */
import type { Insertable, Kysely } from 'kysely';

import type { ScanRecord } from '../record.js';
import { identityOf } from '../../targets/target.js';
import { scanIdOf, targetIdOf } from './keys.js';
import type { DocumentsTable, HistoryDatabase, ResultsTable, SurfacesTable } from './schema.js';

export interface RunInfo {
  readonly id: string;
  readonly startedAt: string;
  readonly toolVersion: string;
  readonly source: string;
  readonly mode: string;
  readonly shardCount: number;
}

// Stays far below SQLite's and PostgreSQL's bound-parameter limits.
const CHUNK = 200;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

export async function ensureRun(db: Kysely<HistoryDatabase>, run: RunInfo): Promise<void> {
  await db
    .insertInto('runs')
    .values({
      id: run.id,
      started_at: run.startedAt,
      tool_version: run.toolVersion,
      source: run.source,
      mode: run.mode,
      shard_count: run.shardCount,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function storeRecord(
  db: Kysely<HistoryDatabase>,
  run: RunInfo,
  record: ScanRecord,
  shard: number | null,
): Promise<void> {
  const t = record.target;
  // A journal line replayed from an older mcp-posture is stored under its target's identity.
  const identity = identityOf(t.url);
  const targetId = targetIdOf(identity);
  const scanId = scanIdOf(run.id, targetId);
  await db.transaction().execute(async (trx) => {
    await ensureRun(trx, run);
    await trx
      .insertInto('targets')
      .values({
        id: targetId,
        url: identity,
        name: t.name,
        source: t.source,
        registry_name: t.registry?.name ?? null,
        registry_version: t.registry?.version ?? null,
        registry_status: t.registry?.status ?? null,
        client: t.client ?? null,
        config_file: t.configFile ?? null,
        first_seen: record.finishedAt,
        last_seen: record.finishedAt,
      })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          source: eb.ref('excluded.source'),
          registry_name: eb.ref('excluded.registry_name'),
          registry_version: eb.ref('excluded.registry_version'),
          registry_status: eb.ref('excluded.registry_status'),
          client: eb.ref('excluded.client'),
          config_file: eb.ref('excluded.config_file'),
          last_seen: eb.ref('excluded.last_seen'),
        })),
      )
      .execute();
    for (const table of ['results', 'surfaces', 'documents'] as const)
      await trx.deleteFrom(table).where('scan_id', '=', scanId).execute();
    const scan = {
      id: scanId,
      run_id: run.id,
      target_id: targetId,
      shard,
      started_at: record.startedAt,
      finished_at: record.finishedAt,
      // integer columns are 32-bit on PostgreSQL: a clock jump must not fail the write.
      duration_ms: Math.max(0, Math.min(2_147_483_647, Math.round(record.durationMs))),
      outcome: record.outcome,
      grade: record.grade,
      qualifier: record.qualifier,
      revision: record.revision,
      transport: record.transport,
      pass_count: record.counts.pass,
      fail_count: record.counts.fail,
      inconclusive_count: record.counts.inconclusive,
      na_count: record.counts.notApplicable,
      error_count: record.counts.error,
      requests: record.requests,
      exit_code: record.exitCode,
      attempts: record.attempts,
      rate_limited: record.rateLimited ? 1 : 0,
      detail: record.detail,
    };
    const { id: _id, run_id: _run, target_id: _target, ...update } = scan;
    await trx
      .insertInto('scans')
      .values(scan)
      .onConflict((oc) => oc.column('id').doUpdateSet(update))
      .execute();
    const results: Insertable<ResultsTable>[] = record.results.map((r, ordinal) => ({
      scan_id: scanId,
      ordinal,
      check_id: r.checkId,
      status: r.status,
      severity: r.severity,
      fingerprint: r.fingerprint,
      location: r.location,
      result_key: r.key,
      era: r.era,
      suppressed: r.suppressed ? 1 : 0,
      message: r.message,
    }));
    const surfaces: Insertable<SurfacesTable>[] = record.surfaces.map((x, ordinal) => ({
      scan_id: scanId,
      ordinal,
      kind: x.kind,
      name: x.name,
      sha256: x.sha256,
    }));
    const documents: Insertable<DocumentsTable>[] = record.documents.map((d, ordinal) => ({
      scan_id: scanId,
      ordinal,
      kind: d.kind,
      url: d.url,
      sha256: d.sha256,
      body: d.body,
    }));
    for (const c of chunks(results)) await trx.insertInto('results').values(c).execute();
    for (const c of chunks(surfaces)) await trx.insertInto('surfaces').values(c).execute();
    for (const c of chunks(documents)) await trx.insertInto('documents').values(c).execute();
  });
}

/**
 * Identities of the targets this run already holds (for replaying a journal into it); rows an
 * older mcp-posture wrote are read through `identityOf`, so they still match their targets.
 */
export async function storedTargets(db: Kysely<HistoryDatabase>, runId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('scans')
    .innerJoin('targets', 'targets.id', 'scans.target_id')
    .select('targets.url')
    .where('scans.run_id', '=', runId)
    .execute();
  return new Set(rows.map((r) => identityOf(r.url)));
}
