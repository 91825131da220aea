/**
 * Opens the history database named by `--db`: a `postgres://` / `postgresql://` URL for
 * PostgreSQL (`pg`), anything else a SQLite file (better-sqlite3, WAL). Both go through Kysely
 * with the same schema, and the migrations run on open. The drivers are loaded only when a
 * database is used, so a plain scan never pays for them.
 */
import type { Kysely } from 'kysely';

import { migrationProvider } from './migrations.js';
import type { HistoryDatabase } from './schema.js';
import type BetterSqlite3 from 'better-sqlite3';

export const DEFAULT_DB_FILE = 'mcp-posture.db';

export type HistoryKind = 'sqlite' | 'postgres';

export interface History {
  readonly db: Kysely<HistoryDatabase>;
  readonly kind: HistoryKind;
  /** The database as it may be shown: a PostgreSQL URL without its password. */
  readonly label: string;
  close(): Promise<void>;
}

/** A failure of the history database: shown to the user as it is, never as a stack trace. */
export class HistoryError extends Error {}

export function isPostgresUrl(spec: string): boolean {
  return /^postgres(ql)?:\/\//i.test(spec);
}

/** The spec with any password replaced, for messages. */
export function redactDbSpec(spec: string): string {
  if (!isPostgresUrl(spec) || !URL.canParse(spec)) return spec;
  const u = new URL(spec);
  if (u.password) u.password = '***';
  return u.href;
}

const message = (err: unknown): string => {
  if (err instanceof AggregateError && err.errors.length) return message(err.errors[0]);
  return err instanceof Error ? err.message || err.constructor.name : String(err);
};

/**
 * The SQLite file, or an error that says how to get the native module: an install with
 * `--ignore-scripts` (the README's quick start) does not build it.
 */
function openSqlite(Database: typeof BetterSqlite3, file: string) {
  try {
    return new Database(file, { timeout: 10_000 });
  } catch (err) {
    if (err instanceof Error && /bindings file|NODE_MODULE_VERSION|\.node\b/i.test(err.message))
      throw new Error(
        'the SQLite history needs the native module of better-sqlite3, which is not built here (an install with --ignore-scripts skips it): run `npm rebuild better-sqlite3`, or give a PostgreSQL URL to --db',
        { cause: err },
      );
    throw err;
  }
}

async function kyselyFor(spec: string): Promise<{ db: Kysely<HistoryDatabase>; kind: HistoryKind }> {
  const { Kysely: K, PostgresDialect, SqliteDialect } = await import('kysely');
  if (isPostgresUrl(spec)) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: spec, max: 4, connectionTimeoutMillis: 10_000 });
    // An idle client losing its server must not crash the process: the next query reports it.
    pool.on('error', () => undefined);
    return { db: new K<HistoryDatabase>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' };
  }
  const { default: Database } = await import('better-sqlite3');
  const file = spec.startsWith('sqlite:') ? spec.slice('sqlite:'.length) : spec;
  const sqlite = openSqlite(Database, file);
  sqlite.pragma('journal_mode = WAL');
  // Each finished target is one transaction; in WAL mode NORMAL does not wait for the disk at each
  // commit (a synchronous fsync that held the event loop, and every scan in flight, ~10 ms per
  // target). A commit survives a killed process; only a power loss may undo the last ones, never
  // corrupting the file, and a run with --journal (fsynced per target) stores those again on --resume.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  return { db: new K<HistoryDatabase>({ dialect: new SqliteDialect({ database: sqlite }) }), kind: 'sqlite' };
}

async function migrate(db: Kysely<HistoryDatabase>): Promise<void> {
  const { Migrator } = await import('kysely');
  const migrator = new Migrator({ db, provider: migrationProvider });
  // Shards starting together on a fresh PostgreSQL race to create the migration tables: the
  // loser sees a duplicate and succeeds on the next try, when the tables exist.
  for (let attempt = 1; ; attempt++) {
    const { error } = await migrator.migrateToLatest();
    if (!error) return;
    if (attempt >= 5)
      throw error instanceof Error ? error : new Error('the migration failed', { cause: error });
    await new Promise((r) => setTimeout(r, 100 + Math.random() * 400));
  }
}

export async function openHistory(spec: string): Promise<History> {
  const label = redactDbSpec(spec);
  let opened: { db: Kysely<HistoryDatabase>; kind: HistoryKind };
  try {
    opened = await kyselyFor(spec);
  } catch (err) {
    throw new HistoryError(`cannot open the history database ${label}: ${message(err)}`);
  }
  try {
    await migrate(opened.db);
  } catch (err) {
    await opened.db.destroy().catch(() => undefined);
    throw new HistoryError(`cannot open the history database ${label}: ${message(err)}`);
  }
  return { ...opened, label, close: () => opened.db.destroy() };
}
