/**
 * The one set of migrations for SQLite and PostgreSQL, written with Kysely's schema builder
 * (portable column types only: text and integer). Add a migration by appending an entry; never
 * edit one that has shipped.
 */
import type { Kysely, Migration, MigrationProvider } from 'kysely';

// Migrations run before the schema exists, so they see the database untyped.
type Db = Kysely<unknown>;

const initial: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('targets')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('url', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text')
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('registry_name', 'text')
      .addColumn('registry_version', 'text')
      .addColumn('registry_status', 'text')
      .addColumn('first_seen', 'text', (c) => c.notNull())
      .addColumn('last_seen', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('runs')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('tool_version', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('shard_count', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('scans')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('run_id', 'text', (c) => c.notNull().references('runs.id'))
      .addColumn('target_id', 'text', (c) => c.notNull().references('targets.id'))
      .addColumn('shard', 'integer')
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text', (c) => c.notNull())
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('grade', 'text')
      .addColumn('qualifier', 'text')
      .addColumn('revision', 'text')
      .addColumn('transport', 'text')
      .addColumn('pass_count', 'integer', (c) => c.notNull())
      .addColumn('fail_count', 'integer', (c) => c.notNull())
      .addColumn('inconclusive_count', 'integer', (c) => c.notNull())
      .addColumn('na_count', 'integer', (c) => c.notNull())
      .addColumn('error_count', 'integer', (c) => c.notNull())
      .addColumn('requests', 'integer', (c) => c.notNull())
      .addColumn('exit_code', 'integer', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('rate_limited', 'integer', (c) => c.notNull())
      .addColumn('detail', 'text')
      .addUniqueConstraint('scans_run_target', ['run_id', 'target_id'])
      .execute();
    await db.schema
      .createIndex('scans_target_time')
      .ifNotExists()
      .on('scans')
      .columns(['target_id', 'started_at'])
      .execute();
    await db.schema
      .createTable('results')
      .ifNotExists()
      .addColumn('scan_id', 'text', (c) => c.notNull().references('scans.id'))
      .addColumn('ordinal', 'integer', (c) => c.notNull())
      .addColumn('check_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('severity', 'text')
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .addColumn('location', 'text', (c) => c.notNull())
      .addColumn('result_key', 'text')
      .addColumn('era', 'text')
      .addColumn('suppressed', 'integer', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('results_pk', ['scan_id', 'ordinal'])
      .execute();
    await db.schema
      .createIndex('results_check_status')
      .ifNotExists()
      .on('results')
      .columns(['check_id', 'status'])
      .execute();
    await db.schema
      .createTable('surfaces')
      .ifNotExists()
      .addColumn('scan_id', 'text', (c) => c.notNull().references('scans.id'))
      .addColumn('ordinal', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('surfaces_pk', ['scan_id', 'ordinal'])
      .execute();
    await db.schema
      .createTable('documents')
      .ifNotExists()
      .addColumn('scan_id', 'text', (c) => c.notNull().references('scans.id'))
      .addColumn('ordinal', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('body', 'text')
      .addPrimaryKeyConstraint('documents_pk', ['scan_id', 'ordinal'])
      .execute();
  },
  async down(db: Db) {
    for (const t of ['documents', 'surfaces', 'results', 'scans', 'runs', 'targets'])
      await db.schema.dropTable(t).ifExists().execute();
  },
};

/** Discovered servers keep the client and the configuration file that list them. */
const targetClient: Migration = {
  async up(db: Db) {
    await db.schema.alterTable('targets').addColumn('client', 'text').execute();
    await db.schema.alterTable('targets').addColumn('config_file', 'text').execute();
  },
  async down(db: Db) {
    await db.schema.alterTable('targets').dropColumn('config_file').execute();
    await db.schema.alterTable('targets').dropColumn('client').execute();
  },
};

/**
 * Every report query reads a run's failing results (new and fixed findings, the most failing
 * checks, the per-target counts): by scan and status, a scan's few failures are read, not its
 * every result.
 */
const resultsByStatus: Migration = {
  async up(db: Db) {
    await db.schema
      .createIndex('results_scan_status')
      .ifNotExists()
      .on('results')
      .columns(['scan_id', 'status'])
      .execute();
  },
  async down(db: Db) {
    await db.schema.dropIndex('results_scan_status').ifExists().execute();
  },
};

export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '001_initial': initial,
  '002_target_client': targetClient,
  '003_results_scan_status': resultsByStatus,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve({ ...MIGRATIONS }),
};
