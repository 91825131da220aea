/** Reading the tool listings of the modern probes (MOD20–MOD22). */
import type { ExchangeId, ListingEvidence, ModernEvidence, Probe } from '../../evidence/types.js';
import { isObject } from './common.js';

/** JSON with sorted keys, so two equal definitions compare equal whatever their key order. */
export function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (isObject(v))
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson(v[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

export interface ToolListing {
  readonly names: readonly string[];
  /** name → canonical JSON of the definition. */
  readonly definitions: ReadonlyMap<string, string>;
  readonly exchanges: readonly ExchangeId[];
  readonly truncated: boolean;
}

export function toolListing(p: Probe<ListingEvidence>): ToolListing | null {
  if (p.kind !== 'ok' || p.value.replies.length === 0) return null;
  const tools = p.value.items.filter(isObject);
  const names = tools.map((t) => (typeof t['name'] === 'string' ? t['name'] : stableJson(t)));
  return {
    names,
    definitions: new Map(tools.map((t, i) => [names[i]!, stableJson(t)])),
    exchanges: p.value.replies.map((r) => r.exchange),
    truncated: p.value.truncated,
  };
}

/** The first and the fresh `tools/list` listings, when both were tools listings that came back. */
export function toolListings(m: ModernEvidence): { first: ToolListing; fresh: ToolListing } | null {
  const firstProbe = m.lists.find((l) => l.method === 'tools/list');
  if (!firstProbe || m.fresh.method !== 'tools/list') return null;
  const first = toolListing(firstProbe.probe);
  const fresh = toolListing(m.fresh.probe);
  return first && fresh ? { first, fresh } : null;
}
