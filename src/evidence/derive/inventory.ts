/**
 * The inventory a scan reports, assembled from whichever era listed it: the session's lists
 * on the handshake era, the HTTP+SSE tools/list, or the modern lists of a server that speaks
 * only 2026-07-28; `serverInfo` and `instructions` from the InitializeResult or DiscoverResult.
 */
import { asObject } from '../parse/json-value.js';
import type { Inventory, ListingEvidence } from '../inventory-types.js';
import type { ModernEvidence } from '../modern-types.js';
import type { Probe, RpcReply } from '../primitives.js';

export interface InventorySources {
  /** tools, prompts, resources, resource templates from the legacy session (skipped when none). */
  readonly lists: readonly Probe<ListingEvidence>[];
  /** The HTTP+SSE transport's tools/list, when that transport was spoken. */
  readonly sseTools: Probe<ListingEvidence> | null;
  readonly sseIdentity: { readonly serverInfo: unknown; readonly instructions: string | null } | null;
  /** A legacy session was probed (its lists win over the modern ones). */
  readonly legacySession: boolean;
  readonly modern: ModernEvidence | null;
  /** The InitializeResult of the main session, when one came back. */
  readonly initResult: Record<string, unknown> | null;
  readonly discover: Probe<RpcReply>;
}

/** serverInfo and instructions from a DiscoverResult, for a server with no InitializeResult. */
export function discoveredIdentity(discover: Probe<RpcReply>): {
  serverInfo: unknown;
  instructions: string | null;
} {
  const r = discover.kind === 'ok' ? asObject(discover.value.response?.result) : null;
  if (!r) return { serverInfo: null, instructions: null };
  const info = asObject(r['_meta'])?.['io.modelcontextprotocol/serverInfo'];
  return {
    serverInfo: info ?? null,
    instructions: typeof r['instructions'] === 'string' ? r['instructions'] : null,
  };
}

export function assembleInventory(s: InventorySources): Inventory {
  const lists = [...s.lists];
  if (s.sseTools) lists[0] = s.sseTools;
  // A modern-only server has no legacy inventory: its modern listings and DiscoverResult stand in.
  if (!s.legacySession && s.modern) s.modern.lists.forEach((l, i) => (lists[i] = l.probe));
  const discovered = !s.initResult && s.modern ? discoveredIdentity(s.discover) : null;
  const init = s.initResult;
  return {
    tools: lists[0]!,
    prompts: lists[1]!,
    resources: lists[2]!,
    resourceTemplates: lists[3]!,
    serverInfo: init?.['serverInfo'] ?? s.sseIdentity?.serverInfo ?? discovered?.serverInfo ?? null,
    instructions:
      typeof init?.['instructions'] === 'string'
        ? init['instructions']
        : (s.sseIdentity?.instructions ?? discovered?.instructions ?? null),
  };
}
