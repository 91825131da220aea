/**
 * The scale bench's reads and writes of a history database (SQLite, read directly, not through
 * the code under measurement): what a run stored, and a "previous run" made from a run by copying
 * its rows with some findings and surface items changed, so that `fleet report` does the work of
 * a second run (new and fixed findings, drift per target) over as many targets as the first.
 */
import Database from 'better-sqlite3';

export const PREVIOUS_RUN = 'scale-previous';

export interface StoredRun {
  readonly scans: number;
  readonly distinctTargets: number;
  /** Identities (URLs) of the run's targets. */
  readonly urls: readonly string[];
}

export function storedRun(file: string, runId: string): StoredRun {
  const db = new Database(file, { readonly: true });
  try {
    const counts = db
      .prepare('SELECT COUNT(*) AS scans, COUNT(DISTINCT target_id) AS targets FROM scans WHERE run_id = ?')
      .get(runId) as { scans: number; targets: number };
    const urls = (
      db
        .prepare('SELECT t.url AS url FROM scans s JOIN targets t ON t.id = s.target_id WHERE s.run_id = ?')
        .all(runId) as { url: string }[]
    ).map((r) => r.url);
    return { scans: counts.scans, distinctTargets: counts.targets, urls };
  } finally {
    db.close();
  }
}

function columns(db: Database.Database, table: string): string[] {
  return (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
}

/** `INSERT INTO table SELECT …` with some columns replaced by expressions. */
function copySql(db: Database.Database, table: string, replace: Readonly<Record<string, string>>): string {
  const cols = columns(db, table);
  const select = cols.map((c) => replace[c] ?? c).join(', ');
  return `INSERT INTO ${table} (${cols.join(', ')}) SELECT ${select} FROM ${table}`;
}

/**
 * Copies run `runId` as PREVIOUS_RUN, a day earlier: every scan, with the failing results of one
 * target in three left out (new findings now), one surface item of one in four hashed otherwise
 * (changed) and another of one in five left out (added).
 */
export function addPreviousRun(file: string, runId: string): void {
  const db = new Database(file);
  try {
    const prev = `'${PREVIOUS_RUN}-' || `;
    db.transaction(() => {
      db.prepare(
        copySql(db, 'runs', {
          id: `'${PREVIOUS_RUN}'`,
          started_at: `strftime('%Y-%m-%dT%H:%M:%fZ', started_at, '-1 day')`,
        }) + ' WHERE id = ?',
      ).run(runId);
      db.prepare(
        copySql(db, 'scans', { id: `${prev}id`, run_id: `'${PREVIOUS_RUN}'` }) + ' WHERE run_id = ?',
      ).run(runId);
      const ofRun = 'scan_id IN (SELECT id FROM scans WHERE run_id = ?)';
      db.prepare(
        copySql(db, 'results', { scan_id: `${prev}scan_id` }) +
          ` WHERE ${ofRun} AND NOT (status = 'fail' AND unicode(substr(scan_id, 1, 1)) % 3 = 0)`,
      ).run(runId);
      db.prepare(
        copySql(db, 'surfaces', {
          scan_id: `${prev}scan_id`,
          sha256: `CASE WHEN ordinal = 0 AND unicode(substr(scan_id, 2, 1)) % 4 = 0 THEN 'x' || sha256 ELSE sha256 END`,
        }) + ` WHERE ${ofRun} AND NOT (ordinal = 1 AND unicode(substr(scan_id, 3, 1)) % 5 = 0)`,
      ).run(runId);
      db.prepare(copySql(db, 'documents', { scan_id: `${prev}scan_id` }) + ` WHERE ${ofRun}`).run(runId);
    })();
  } finally {
    db.close();
  }
}
