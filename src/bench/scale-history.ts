/**
 * The scale bench's reads and writes of a history database (SQLite, read directly, not through
 * the code under measurement): what a run stored, and a "previous run" made from a run by copying
 * its rows with some findings and surface items changed, so that `fleet report` does the work of
 * a second run (new and fixed findings, drift per target) over as many targets as the first.
 */
import Database from 'better-sqlite3';

const PREVIOUS_RUN = 'scale-previous';

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
 * Copies run `from` as run `to`, `days` earlier. With `changed`, the failing results of one target
 * in three are left out (new findings now), one surface item of one in four is hashed otherwise
 * (changed) and another of one in five is left out (added).
 */
function copyRun(db: Database.Database, from: string, to: string, days: number, changed: boolean): void {
  const prefix = `'${to}-' || `;
  const ofRun = 'scan_id IN (SELECT id FROM scans WHERE run_id = ?)';
  const runs = copySql(db, 'runs', {
    id: `'${to}'`,
    started_at: `strftime('%Y-%m-%dT%H:%M:%fZ', started_at, '-${days} day')`,
  });
  const scans = copySql(db, 'scans', { id: `${prefix}id`, run_id: `'${to}'` });
  const results =
    copySql(db, 'results', { scan_id: `${prefix}scan_id` }) +
    ` WHERE ${ofRun}` +
    (changed ? ` AND NOT (status = 'fail' AND unicode(substr(scan_id, 1, 1)) % 3 = 0)` : '');
  const surfaces =
    copySql(db, 'surfaces', {
      scan_id: `${prefix}scan_id`,
      ...(changed
        ? {
            sha256: `CASE WHEN ordinal = 0 AND unicode(substr(scan_id, 2, 1)) % 4 = 0 THEN 'x' || sha256 ELSE sha256 END`,
          }
        : {}),
    }) +
    ` WHERE ${ofRun}` +
    (changed ? ` AND NOT (ordinal = 1 AND unicode(substr(scan_id, 3, 1)) % 5 = 0)` : '');
  const documents = copySql(db, 'documents', { scan_id: `${prefix}scan_id` }) + ` WHERE ${ofRun}`;
  db.transaction(() => {
    db.prepare(`${runs} WHERE id = ?`).run(from);
    db.prepare(`${scans} WHERE run_id = ?`).run(from);
    for (const q of [results, surfaces, documents]) db.prepare(q).run(from);
  })();
}

/** Run `runId` copied as PREVIOUS_RUN, a day earlier, with some findings and surface items changed. */
export function addPreviousRun(file: string, runId: string): void {
  const db = new Database(file);
  try {
    copyRun(db, runId, PREVIOUS_RUN, 1, true);
  } finally {
    db.close();
  }
}

/** `count` older runs, copies of `runId` two days earlier and more: a history of many runs. */
export function addOlderRuns(file: string, runId: string, count: number): void {
  const db = new Database(file);
  try {
    for (let k = 1; k <= count; k++) copyRun(db, runId, `scale-older-${k}`, 1 + k, false);
  } finally {
    db.close();
  }
}
