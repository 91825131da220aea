/**
 * The surface-item model shared by every reader of a server's listings: the four kinds of
 * listed item, the inventory listing each comes from, the member that names an item, and the
 * spelling each stored format uses for the kind. Locks (src/lock/build.ts), the model-visible
 * surface (./extract.ts) and fleet records (src/fleet/record.ts) all read listings through it.
 *
 * Stored spellings differ and stay as they are, so existing files read as before: a lock writes
 * the kind as the evidence names it (`resourceTemplate`, in `incomplete`), a fleet record and
 * the history database as `resource-template` (`fleet`), and the drift query compares the
 * stored kinds of two runs in SQL, so one spelling per store is kept for good.
 */
import type { Inventory } from '../evidence/inventory-types.js';
import type { ItemKind } from '../evidence/pin-types.js';
import type { ListingEvidence, Probe } from '../evidence/types.js';

/** The inventory listing of each kind: also its list name in `<list>/list` results and JSON pointers. */
export type ListName = 'tools' | 'prompts' | 'resources' | 'resourceTemplates';

/** The member that identifies an item of a kind (a lock's key, a fleet record's name). */
export type ItemKey = 'name' | 'uri' | 'uriTemplate';

/** A fleet record's and the history database's spelling of a kind. */
export type FleetItemKind = 'tool' | 'prompt' | 'resource' | 'resource-template';

export interface ListedKind {
  readonly kind: ItemKind;
  readonly list: ListName;
  readonly key: ItemKey;
  readonly fleet: FleetItemKind;
}

/** The listed kinds, in listing order (tools, prompts, resources, templates). */
export const LISTED_KINDS: readonly ListedKind[] = [
  { kind: 'tool', list: 'tools', key: 'name', fleet: 'tool' },
  { kind: 'prompt', list: 'prompts', key: 'name', fleet: 'prompt' },
  { kind: 'resource', list: 'resources', key: 'uri', fleet: 'resource' },
  { kind: 'resourceTemplate', list: 'resourceTemplates', key: 'uriTemplate', fleet: 'resource-template' },
];

export const ITEM_KINDS: readonly ItemKind[] = LISTED_KINDS.map((k) => k.kind);

/** The member that names an item of each kind. */
export const ITEM_KEY = Object.fromEntries(LISTED_KINDS.map((k) => [k.kind, k.key])) as Readonly<
  Record<ItemKind, ItemKey>
>;

/** The listing of a kind when it came back, else null (skipped or failed). */
export function listingOf(inv: Inventory, kind: ListedKind): ListingEvidence | null {
  // Evidence read back from a file may lack a listing altogether.
  const p = inv[kind.list] as Probe<ListingEvidence> | undefined;
  return p?.kind === 'ok' ? p.value : null;
}
