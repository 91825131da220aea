/**
 * The history database's typed schema (Kysely), one for SQLite and PostgreSQL. Keys are
 * deterministic hashes (a target's identity, a run ID and a target), so shards that write
 * into one database never collide and a replayed write is an idempotent upsert. Times are
 * ISO-8601 UTC strings (they sort as text on both engines).
 */
export interface TargetsTable {
  /** First 32 hex digits of SHA-256 of the identity (keys.ts). */
  id: string;
  /** The target's identity: its canonical URL, or `stdio:` and its command line. */
  url: string;
  name: string | null;
  source: string;
  registry_name: string | null;
  registry_version: string | null;
  registry_status: string | null;
  /** Discovered servers: the client and the configuration file that list it (migration 002). */
  client: string | null;
  config_file: string | null;
  first_seen: string;
  last_seen: string;
}

export interface RunsTable {
  id: string;
  started_at: string;
  tool_version: string;
  /** e.g. `targets.txt`, `registry https://…`, `config mcp-posture.config.json`. */
  source: string;
  mode: string;
  /** Shards writing into this run (1 when not sharded). */
  shard_count: number;
}

export interface ScansTable {
  /** First 32 hex digits of SHA-256(run ID, target ID): one scan per target per run. */
  id: string;
  run_id: string;
  target_id: string;
  shard: number | null;
  started_at: string;
  finished_at: string;
  duration_ms: number;
  outcome: string;
  grade: string | null;
  qualifier: string | null;
  revision: string | null;
  transport: string | null;
  pass_count: number;
  fail_count: number;
  inconclusive_count: number;
  na_count: number;
  error_count: number;
  requests: number;
  exit_code: number;
  attempts: number;
  rate_limited: number;
  detail: string | null;
}

export interface ResultsTable {
  scan_id: string;
  ordinal: number;
  check_id: string;
  status: string;
  severity: string | null;
  fingerprint: string;
  location: string;
  result_key: string | null;
  era: string | null;
  suppressed: number;
  message: string;
}

export interface SurfacesTable {
  scan_id: string;
  ordinal: number;
  kind: string;
  name: string;
  sha256: string;
}

export interface DocumentsTable {
  scan_id: string;
  ordinal: number;
  kind: string;
  url: string;
  sha256: string;
  body: string | null;
}

export interface HistoryDatabase {
  targets: TargetsTable;
  runs: RunsTable;
  scans: ScansTable;
  results: ResultsTable;
  surfaces: SurfacesTable;
  documents: DocumentsTable;
}
