/**
 * What every TOOL check starts from: the surface of the inventory, or the standard non-verdict
 * when it could not be listed (behind a 401 without a token: `auth_wall`; a listing that failed:
 * the probe's own reason). The extraction runs once per inventory.
 */
import type { CheckContext, Verdict } from '../define-check.js';
import type { Detection, ExchangeId, Inventory, ListingEvidence, Probe } from '../../evidence/types.js';
import { isHttpReply } from '../../evidence/types.js';
import { asObject, resultObject } from '../../evidence/parse/json-value.js';
import { escapeExcerpt } from '../../escape/invisible.js';
import { extractSurface } from '../../surface/extract.js';
import type { Surface, SurfaceItem } from '../../surface/types.js';

const CACHE = new WeakMap<Inventory, Surface>();

function surfaceOf(inv: Inventory): Surface {
  let s = CACHE.get(inv);
  if (!s) {
    s = extractSurface(inv);
    CACHE.set(inv, s);
  }
  return s;
}

const LISTINGS = ['tools', 'prompts', 'resources', 'resourceTemplates'] as const;
const LISTING_METHOD: Readonly<Record<(typeof LISTINGS)[number], string>> = {
  tools: 'tools/list',
  prompts: 'prompts/list',
  resources: 'resources/list',
  resourceTemplates: 'resources/templates/list',
};

/** A listing answered 401/403: the surface sits behind authorization. */
function walled(p: Probe<ListingEvidence>): boolean {
  return (
    p.kind === 'ok' && p.value.replies.some((r) => isHttpReply(r) && (r.status === 401 || r.status === 403))
  );
}

/** A listing that returned items or an empty page (a JSON-RPC result). */
export function listed(p: Probe<ListingEvidence>): boolean {
  return p.kind === 'ok' && p.value.replies.some((r) => r.response !== null && 'result' in r.response);
}

/** The exchanges of the listings that came back. */
function listingExchanges(inv: Inventory): ExchangeId[] {
  return LISTINGS.flatMap((k) => {
    const p = inv[k];
    return p.kind === 'ok' ? [...p.exchanges] : [];
  });
}

/**
 * The surface, or why it cannot be judged. A server that listed nothing at all but did answer
 * `initialize` (the listings answered with errors, or were not offered) still has `instructions`
 * and `serverInfo`; it is judged on those. A listing that failed in transport is not "nothing".
 */
export function surfaceOrVerdict(
  ev: { readonly inventory: Inventory; readonly detection: Detection },
  ctx: CheckContext,
): { surface: Surface; evidence: ExchangeId[] } | Verdict {
  const inv = ev.inventory;
  if (ev.detection.authWall || LISTINGS.some((k) => walled(inv[k])))
    return ctx.inconclusive(
      'auth_wall',
      'The surface is behind authorization (401/403) and was not listed with a token; its text cannot be judged.',
    );
  // A listing cut short (a timeout, a server that stopped answering) leaves the surface unknown: a
  // pass on what remains would read as "the tools are clean". The tools listing decides alone.
  for (const k of LISTINGS) {
    const p = inv[k];
    if (p.kind === 'failed' && (k === 'tools' || !LISTINGS.some((l) => listed(inv[l]))))
      return ctx.fromProbe(p, LISTING_METHOD[k]);
  }
  if (!LISTINGS.some((k) => listed(inv[k])) && inv.instructions === null && inv.serverInfo === null) {
    const tools = inv.tools;
    return tools.kind === 'ok'
      ? ctx.inconclusive('ambiguous', 'No listing returned a result.', tools.exchanges)
      : ctx.fromProbe(tools, 'tools/list');
  }
  return { surface: surfaceOf(inv), evidence: listingExchanges(inv) };
}

export function isVerdict(v: unknown): v is Verdict {
  return typeof v === 'object' && v !== null && 'status' in v;
}

/** The item's location for reports; the name is server-chosen, so it is shown inert. */
export const locationOf = (item: SurfaceItem): string => `${item.kind}:${escapeExcerpt(item.name, 128)}`;

/** The tools of a surface. */
export const toolsOf = (s: Surface): SurfaceItem[] => s.items.filter((i) => i.kind === 'tool');

export const TOOL_TRANSPORTS = ['streamable-http', 'http+sse', 'stdio'] as const;

export const WALL_TRAP =
  'Behind a 401 without a token the surface is not listed: the result is inconclusive (`auth_wall`).';
/** Capabilities from the InitializeResult, or the DiscoverResult of a modern-only server. */
export function capabilitiesOf(d: Detection): { caps: Record<string, unknown>; exchange: ExchangeId } | null {
  for (const a of d.inits)
    if (a.probe.kind === 'ok') {
      const caps = asObject(resultObject(a.probe.value)?.['capabilities']);
      if (caps) return { caps, exchange: a.probe.value.exchange };
    }
  if (d.discover.kind === 'ok') {
    const caps = asObject(resultObject(d.discover.value)?.['capabilities']);
    if (caps) return { caps, exchange: d.discover.value.exchange };
  }
  return null;
}
