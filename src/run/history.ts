/**
 * Where a run keeps its finished targets: the journal (`--journal`, and `--resume`) and the
 * history database (`--db`). Each finished target is written to the journal first and then to
 * the database; a database that fails is reported once, and with a journal the run goes on
 * (the journal keeps every result for a later `--resume`). Without either, records go nowhere.
 */
import type { History } from '../fleet/db/open.js';
import { HistoryError, openHistory } from '../fleet/db/open.js';
import type { RunInfo } from '../fleet/db/store.js';
import { storedTargets, storeRecord } from '../fleet/db/store.js';
import type { JournalWriter } from '../fleet/journal.js';
import { journalState, openJournalWriter, readJournal } from '../fleet/journal.js';
import type { ScanRecord } from '../fleet/record.js';
import type { Shard } from '../fleet/shard.js';
import { identityOf } from '../targets/target.js';
import { UsageError } from './errors.js';
import { resolveRunId } from './run-id.js';

export interface HistoryRequest {
  readonly journal?: string;
  readonly resume: boolean;
  /** The history database to write (a SQLite file or a postgres:// URL), or null for none. */
  readonly db: string | null;
  readonly runId?: string;
  readonly shard: Shard | null;
}

/** The run as the database records it, but for its ID (decided here). */
export type RunDescription = Omit<RunInfo, 'id'>;

export class RunHistory {
  /** Identities the journal already holds (skipped on `--resume`). */
  done: ReadonlySet<string> = new Set();
  /** Exit codes of the journal's targets (a resumed run's code counts them too). */
  resumedCodes: readonly number[] = [];
  /** Journal lines written into the database on resume. */
  replayed = 0;
  /** The database failure, when there was one (results are then in the journal, if any). */
  dbError: HistoryError | null = null;
  #db: History | null = null;
  #journal: JournalWriter | null = null;
  #run!: RunInfo;

  private constructor(
    readonly request: HistoryRequest,
    private readonly warn: (line: string) => void,
  ) {}

  get runId(): string {
    return this.#run.id;
  }

  /** Records are kept (a journal or a database): they need their rows, not only their counts. */
  get keepsRecords(): boolean {
    return this.request.journal !== undefined || this.request.db !== null;
  }

  /** `label (kind)` of the database written, or null. */
  get label(): string | null {
    return this.#db ? `${this.#db.label} (${this.#db.kind})` : null;
  }

  static async open(
    request: HistoryRequest,
    run: RunDescription,
    warn: (line: string) => void,
  ): Promise<RunHistory> {
    const h = new RunHistory(request, warn);
    await h.#start(run);
    return h;
  }

  async #start(run: RunDescription): Promise<void> {
    const f = this.request;
    if (f.resume && !f.journal) throw new UsageError('--resume needs --journal FILE');
    const state = f.journal
      ? await journalState(f.journal)
      : { done: new Set<string>(), runId: null, exitCodes: new Set<number>() };
    if (f.journal && state.runId !== null && !f.resume)
      throw new UsageError(
        `${f.journal} already holds run ${state.runId}: add --resume to continue it, or use a new file`,
      );
    this.#run = { ...run, id: resolveRunId(f.runId, f.shard, state.runId) };
    this.done = state.done;
    this.resumedCodes = [...state.exitCodes];
    await this.#openDb();
    try {
      await this.#replay();
      this.#journal = f.journal ? openJournalWriter(f.journal, this.runId) : null;
    } catch (err) {
      await this.close();
      throw err;
    }
  }

  async #openDb(): Promise<void> {
    if (this.request.db === null) return;
    try {
      this.#db = await openHistory(this.request.db);
    } catch (err) {
      if (!(err instanceof HistoryError)) throw err;
      // Without a journal there is nowhere to keep results: stop before sending anything.
      if (!this.request.journal) throw err;
      this.dbError = err;
      this.warn(
        `mcp-posture: ${err.message}; scanning on, results go to the journal ${this.request.journal}`,
      );
    }
  }

  /** A resumed run first stores what the journal holds and the database misses. */
  async #replay(): Promise<void> {
    const journal = this.request.journal;
    if (!this.#db || !journal || this.done.size === 0) return;
    const stored = await storedTargets(this.#db.db, this.runId);
    for await (const line of readJournal(journal)) {
      if (stored.has(identityOf(line.record.target.url))) continue;
      await this.#toDb(line.record);
      if (!this.dbError) this.replayed++;
    }
  }

  async #toDb(record: ScanRecord): Promise<void> {
    if (!this.#db || this.dbError) return;
    try {
      await storeRecord(this.#db.db, this.#run, record, this.request.shard?.index ?? null);
    } catch (err) {
      this.dbError = new HistoryError(
        `cannot write to the history database ${this.#db.label}: ${err instanceof Error ? err.message : String(err)}`,
      );
      if (!this.request.journal) throw this.dbError;
      this.warn(
        `mcp-posture: ${this.dbError.message}; scanning on, results go to the journal ${this.request.journal}`,
      );
    }
  }

  /** The journal first (it is the source of truth), then the database. */
  async store(record: ScanRecord): Promise<void> {
    this.#journal?.append(record);
    await this.#toDb(record);
  }

  async close(): Promise<void> {
    this.#journal?.close();
    this.#journal = null;
    await this.#db?.close();
    this.#db = null;
  }
}
