/**
 * What a client would find on its way to a login, read once from the evidence: the first PRM in
 * client order, the first authorization server whose metadata was found, the 2025-03-26 origin
 * metadata and default endpoints, and the tools listed. The requirements (./requirements.ts) judge
 * these; nothing here decides pass or fail.
 */
import type { AuthDiscovery, DocumentFetch } from '../evidence/auth-types.js';
import type { Evidence, ExchangeId, Probe } from '../evidence/types.js';
import { isObject } from '../evidence/parse/json-value.js';

type Json = Readonly<Record<string, unknown>>;

export interface FoundDocument {
  readonly url: string;
  readonly doc: Json;
  readonly exchanges: readonly ExchangeId[];
}

export interface FoundAs extends FoundDocument {
  /** The issuer as the PRM (or the 2025-03-26 model) named it. */
  readonly issuer: string;
  readonly via: 'prm' | 'origin-2025-03-26';
}

export interface ClientView {
  readonly ev: Evidence;
  readonly oauth: AuthDiscovery | null;
  readonly prm: (FoundDocument & { readonly source: 'challenge' | 'path-inserted' | 'root' }) | null;
  /** Every PRM fetch, found or not. */
  readonly prmTried: readonly ExchangeId[];
  /** Every PRM candidate failed with a network error or a 5xx: absence is not proven. */
  readonly prmFetchFailed: boolean;
  /** The first authorization server named by the PRM whose metadata was found. */
  readonly as: FoundAs | null;
  /** The MCP origin as its own authorization server (2025-03-26 model), when its metadata was found. */
  readonly originAs: FoundAs | null;
  readonly asTried: readonly ExchangeId[];
  /** `p.as0326`: metadata at the MCP origin's root, when fetched. */
  readonly originMetadata: FoundDocument | null;
  /** The 2025-03-26 default endpoints that answered something other than 404. */
  readonly originDefaults: readonly { readonly path: string; readonly exchanges: readonly ExchangeId[] }[];
  readonly originTried: readonly ExchangeId[];
}

export function exchangesOf(p: Probe<unknown>): readonly ExchangeId[] {
  return p.kind === 'skipped' ? [] : p.exchanges;
}

function foundDoc(p: Probe<DocumentFetch>): FoundDocument | null {
  if (p.kind !== 'ok') return null;
  const f = p.value;
  if (f.status < 200 || f.status >= 300 || !isObject(f.json)) return null;
  return { url: f.finalUrl, doc: f.json, exchanges: p.exchanges };
}

function prmOf(oauth: AuthDiscovery | null): ClientView['prm'] {
  for (const c of oauth?.prm ?? []) {
    const found = foundDoc(c.fetch);
    if (found) return { ...found, source: c.source };
  }
  return null;
}

function asOf(oauth: AuthDiscovery | null, via: FoundAs['via']): FoundAs | null {
  for (const as of oauth?.authorizationServers ?? []) {
    if (!as.found || as.via !== via) continue;
    const attempt = as.attempts[as.found.attempt];
    return {
      issuer: as.issuer,
      via: as.via,
      url: attempt?.url ?? as.issuer,
      doc: as.found.metadata,
      exchanges: attempt ? exchangesOf(attempt.fetch) : [],
    };
  }
  return null;
}

function failedOrServerError(p: Probe<DocumentFetch>): boolean {
  return p.kind === 'failed' || (p.kind === 'ok' && p.value.status >= 500);
}

export function clientView(ev: Evidence): ClientView {
  const oauth = ev.oauth;
  const candidates = oauth?.prm ?? [];
  const legacy = oauth?.legacyBase ?? null;
  const defaults = legacy?.defaults ?? [];
  return {
    ev,
    oauth,
    prm: prmOf(oauth),
    prmTried: candidates.flatMap((c) => exchangesOf(c.fetch)),
    prmFetchFailed: candidates.length > 0 && candidates.every((c) => failedOrServerError(c.fetch)),
    as: asOf(oauth, 'prm'),
    originAs: asOf(oauth, 'origin-2025-03-26'),
    asTried: (oauth?.authorizationServers ?? []).flatMap((a) =>
      a.attempts.flatMap((t) => exchangesOf(t.fetch)),
    ),
    originMetadata: legacy ? foundDoc(legacy.metadata) : null,
    originDefaults: defaults
      .filter((d) => d.probe.kind === 'ok' && d.probe.value.status !== 404)
      .map((d) => ({ path: d.path, exchanges: exchangesOf(d.probe) })),
    originTried: legacy
      ? [...exchangesOf(legacy.metadata), ...defaults.flatMap((d) => exchangesOf(d.probe))]
      : [],
  };
}

/** A string-array member of a metadata document, or null when absent or not an array of strings. */
export function stringList(doc: Json, member: string): readonly string[] | null {
  const v = doc[member];
  return Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : null;
}

/** The listed tools that carry a string name (the rest are another check's business). */
export function listedTools(
  ev: Evidence,
): { names: readonly string[]; exchanges: readonly ExchangeId[] } | null {
  const tools = ev.inventory?.tools;
  if (!tools || tools.kind !== 'ok') return null;
  const names = tools.value.items.flatMap((t) =>
    isObject(t) && typeof t['name'] === 'string' ? [t['name']] : [],
  );
  return { names, exchanges: tools.exchanges };
}
