/**
 * What the fleet keeps of one finished target: a flat, JSON-safe record written to the
 * journal and then to the history database (the same record for both, so a journal can be
 * replayed into a database that was down). It is built from the scan's report and evidence
 * and holds no exchange bodies: results, per-item surface hashes and the discovery documents.
 */
import type { ScanOutput } from '../api.js';
import type { Evidence } from '../evidence/types.js';
import type { RegistryRef, SourcedTarget, TargetSourceKind } from '../targets/sources/types.js';
import { canonicalJson, FLEET_MAX_DEPTH, sha256Hex } from '../lock/canonical.js';
import { LISTED_KINDS, listingOf } from '../surface/items.js';
import type { FleetItemKind, ItemKey } from '../surface/items.js';

export const RECORD_VERSION = 1;
const MAX_MESSAGE = 500;
const MAX_NAME = 300;
const MAX_ITEMS_PER_KIND = 2_000;
const MAX_DOCUMENT_CHARS = 64 * 1024;

/** A target as the journal and the history database keep it: its identity and its source. */
export interface FleetTarget {
  /** The target's identity (src/targets/target.ts): the canonical URL, or `stdio:` and the command line. */
  readonly url: string;
  readonly name: string | null;
  readonly source: TargetSourceKind;
  readonly registry: RegistryRef | null;
  /** Discovered servers: the client and the configuration file that list it (absent in older journals). */
  readonly client?: string | null;
  readonly configFile?: string | null;
}

export function fleetTargetOf(s: SourcedTarget): FleetTarget {
  const inst = s.installedIn?.[0];
  return {
    url: s.target.identity,
    name: s.name,
    source: s.source,
    registry: s.registry,
    ...(inst ? { client: inst.client, configFile: inst.file } : {}),
  };
}

/** The report's outcome, or `error` when the scan itself could not run to its end. */
export type RecordOutcome = 'graded' | 'unreachable' | 'not-mcp' | 'redirect' | 'error';

export interface ResultRow {
  readonly checkId: string;
  readonly status: string;
  readonly severity: string | null;
  readonly fingerprint: string;
  readonly location: string;
  readonly key: string | null;
  readonly era: string | null;
  readonly suppressed: boolean;
  readonly message: string;
}

export interface SurfaceRow {
  /** The stored spelling (src/surface/items.ts): `resource-template`, not `resourceTemplate`. */
  readonly kind: FleetItemKind;
  readonly name: string;
  /** SHA-256 of the item's canonical JSON. */
  readonly sha256: string;
}

export interface DocumentRow {
  readonly kind: 'prm' | 'as';
  readonly url: string;
  readonly sha256: string;
  /** Canonical JSON; null when longer than the cap (the hash still stands). */
  readonly body: string | null;
}

export interface ScanRecord {
  readonly v: typeof RECORD_VERSION;
  readonly target: FleetTarget;
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly durationMs: number;
  readonly outcome: RecordOutcome;
  /** Rating letter (`N/G` for targets that are not graded). */
  readonly grade: string | null;
  readonly qualifier: string | null;
  readonly revision: string | null;
  readonly transport: string | null;
  readonly counts: {
    readonly pass: number;
    readonly fail: number;
    readonly inconclusive: number;
    readonly notApplicable: number;
    readonly error: number;
  };
  readonly requests: number;
  readonly exitCode: number;
  /** Scans of this target in this run (more than one after a 429). */
  readonly attempts: number;
  /** The last attempt was still answered 429. */
  readonly rateLimited: boolean;
  /** Why the target is not graded (first network error, redirect) or why the scan failed. */
  readonly detail: string | null;
  /** Every result except not_applicable ones (counted in `counts`). */
  readonly results: readonly ResultRow[];
  readonly surfaces: readonly SurfaceRow[];
  readonly documents: readonly DocumentRow[];
}

const cut = (s: string, n: number): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

function itemName(key: ItemKey, item: unknown, i: number): string {
  const o = typeof item === 'object' && item !== null ? (item as Readonly<Record<string, unknown>>) : {};
  const field = o[key];
  return typeof field === 'string' ? cut(field, MAX_NAME) : `#${i}`;
}

export function surfacesOf(ev: Evidence): SurfaceRow[] {
  const inv = ev.inventory;
  if (!inv) return [];
  return LISTED_KINDS.flatMap((k) =>
    (listingOf(inv, k)?.items ?? []).slice(0, MAX_ITEMS_PER_KIND).map((item, i) => ({
      kind: k.fleet,
      name: itemName(k.key, item, i),
      sha256: sha256Hex(canonicalJson(item, FLEET_MAX_DEPTH)),
    })),
  );
}

function document(kind: 'prm' | 'as', url: string, json: unknown): DocumentRow {
  const body = canonicalJson(json, FLEET_MAX_DEPTH);
  return {
    kind,
    url: cut(url, 2048),
    sha256: sha256Hex(body),
    body: body.length > MAX_DOCUMENT_CHARS ? null : body,
  };
}

export function documentsOf(ev: Evidence): DocumentRow[] {
  const out: DocumentRow[] = [];
  for (const c of ev.oauth?.prm ?? [])
    if (c.fetch.kind === 'ok' && typeof c.fetch.value.json === 'object' && c.fetch.value.json !== null)
      out.push(document('prm', c.url, c.fetch.value.json));
  for (const as of ev.oauth?.authorizationServers ?? [])
    if (as.found)
      out.push(document('as', as.attempts[as.found.attempt]?.url ?? as.issuer, as.found.metadata));
  return out;
}

/** Why a target is not graded, in a few words, from its evidence. */
function detailOf(out: ScanOutput): string | null {
  const redirect = out.evidence.endpoint?.redirect;
  if (redirect) return cut(`redirect ${redirect.status} to ${redirect.location}`, MAX_MESSAGE);
  if (out.report.outcome === 'graded') return out.report.rating.qualifier;
  // The report's own words for why (src/evidence/derive/unreached.ts), without the target it names.
  const unreached = out.report.target.unreached;
  if (unreached) {
    const prefix = `cannot scan ${out.report.target.url}: `;
    const why = unreached.why.startsWith(prefix) ? unreached.why.slice(prefix.length) : unreached.why;
    return cut(why, MAX_MESSAGE);
  }
  const err = out.evidence.exchanges.find((x) => x.error)?.error;
  if (err) return cut(`${err.code}: ${err.message}`, MAX_MESSAGE);
  const status = out.evidence.exchanges.find((x) => x.response)?.response?.status;
  return status === undefined ? null : `no MCP answer (first HTTP status ${status})`;
}

export interface RecordMeta {
  readonly target: FleetTarget;
  readonly exitCode: number;
  readonly attempts: number;
  readonly rateLimited: boolean;
  readonly finishedAt: Date;
}

/**
 * The record of a finished scan. `summary` leaves out the rows (results, surface hashes,
 * documents): a run that keeps no journal and no history only counts its records, and hashing
 * every item of a large surface would be work nobody reads.
 */
export function recordOf(out: ScanOutput, meta: RecordMeta, detail: 'full' | 'summary' = 'full'): ScanRecord {
  const r = out.report;
  const by = r.summary.byStatus;
  const full = detail === 'full';
  return {
    v: RECORD_VERSION,
    target: meta.target,
    startedAt: out.evidence.startedAt,
    finishedAt: meta.finishedAt.toISOString(),
    durationMs: Math.round(out.evidence.durationMs),
    outcome: r.outcome,
    grade: r.rating.letter,
    qualifier: r.rating.qualifier,
    revision: r.target.revision.value,
    transport: r.target.transport,
    counts: {
      pass: by.pass,
      fail: by.fail,
      inconclusive: by.inconclusive,
      notApplicable: by.not_applicable,
      error: by.error,
    },
    requests: out.evidence.exchanges.length,
    exitCode: meta.exitCode,
    attempts: meta.attempts,
    rateLimited: meta.rateLimited,
    detail: detailOf(out),
    results: (full ? r.results : [])
      .filter((x) => x.status !== 'not_applicable')
      .map((x) => ({
        checkId: x.checkId,
        status: x.status,
        severity: x.severity,
        fingerprint: x.fingerprint,
        location: cut(x.location, MAX_NAME),
        key: x.key === null ? null : cut(x.key, MAX_NAME),
        era: x.era ?? null,
        suppressed: x.suppression !== null,
        message: cut(x.message, MAX_MESSAGE),
      })),
    surfaces: full ? surfacesOf(out.evidence) : [],
    documents: full ? documentsOf(out.evidence) : [],
  };
}

/** A target whose scan could not be completed (an internal error or the hard deadline). */
export function failedRecord(
  target: FleetTarget,
  started: Date,
  reason: string,
  attempts: number,
): ScanRecord {
  const finished = new Date();
  return {
    v: RECORD_VERSION,
    target,
    startedAt: started.toISOString(),
    finishedAt: finished.toISOString(),
    durationMs: finished.getTime() - started.getTime(),
    outcome: 'error',
    grade: null,
    qualifier: null,
    revision: null,
    transport: null,
    counts: { pass: 0, fail: 0, inconclusive: 0, notApplicable: 0, error: 0 },
    requests: 0,
    exitCode: 3,
    attempts,
    rateLimited: false,
    detail: cut(reason, MAX_MESSAGE),
    results: [],
    surfaces: [],
    documents: [],
  };
}
