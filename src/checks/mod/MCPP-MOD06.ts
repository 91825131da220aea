import { defineCheck } from '../define-check.js';
import type { Verdict } from '../define-check.js';
import type {
  Evidence,
  ExchangeId,
  Probe,
  HttpReply,
  ListingEvidence,
  RpcReply,
} from '../../evidence/types.js';
import { isHttpReply } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { sentCredentials } from '../shared/exchanges.js';
import { isObject } from './common.js';

/** The list methods whose first page is compared, with the member holding the items and their identity. */
const LISTS = [
  { method: 'tools/list', member: 'tools', id: 'name' },
  { method: 'prompts/list', member: 'prompts', id: 'name' },
  { method: 'resources/list', member: 'resources', id: 'uri' },
] as const;

/** One first page of a list, as one authorization context saw it. */
interface Page {
  readonly context: string;
  readonly ids: readonly string[];
  readonly scope: unknown;
  readonly exchange: ExchangeId;
}

const idsOf = (items: readonly unknown[], id: string): string[] => {
  const ids = items.filter(isObject).map((x) => (typeof x[id] === 'string' ? x[id] : JSON.stringify(x)));
  return [...new Set(ids)].sort();
};

/**
 * A first page from its reply; `items` when the reply's list was not kept with it (the main
 * listing keeps its items once, in ListingEvidence.items, not again in each page's reply).
 */
function pageOf(
  context: string,
  reply: RpcReply | undefined,
  member: string,
  id: string,
  items?: readonly unknown[],
): Page | null {
  const result = reply?.response?.result;
  // Over HTTP a page is a 2xx answer; a reply over another transport is one when it carries a result.
  const refused = reply !== undefined && isHttpReply(reply) && (reply.status < 200 || reply.status >= 300);
  if (!reply || refused || !isObject(result)) return null;
  const list = items ?? result[member];
  if (!Array.isArray(list)) return null;
  return { context, ids: idsOf(list, id), scope: result['cacheScope'], exchange: reply.exchange };
}

/** The main listing's first page: all its items when it had one page, else the first `n`. */
function firstPage(listing: ListingEvidence, n: number): readonly unknown[] {
  return listing.pages === 1 ? listing.items : listing.items.slice(0, n);
}

const okReply = (p: Probe<HttpReply> | undefined): HttpReply | undefined =>
  p?.kind === 'ok' ? p.value : undefined;

const same = (a: Page, b: Page) => a.ids.join('\n') === b.ids.join('\n');

/** The other authorization contexts' first pages of `method`: the narrow token, and no token at all. */
function otherPages(ev: Pick<Evidence, 'oauth'>, method: string, member: string, id: string): Page[] {
  const oauth = ev.oauth;
  if (!oauth) return [];
  const narrow = oauth.tokenProbes.narrow;
  const narrowReply =
    narrow.kind === 'ok' ? okReply(narrow.value.replies.find((r) => r.method === method)?.probe) : undefined;
  const anonymous = okReply(oauth.methodsNoAuth.find((m) => m.method === method)?.probe);
  return [
    pageOf('the narrow-scope token', narrowReply, member, id),
    pageOf('no token', anonymous, member, id),
  ].filter((p): p is Page => p !== null);
}

export default defineCheck({
  meta: {
    id: 'MCPP-MOD06',
    title: '`public` cache scope only for caller-independent lists',
    requirement:
      'A list marked `cacheScope: "public"` is identical for every authorization context; lists that differ by caller are `private`.',
    keyword: 'MUST',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'token',
    requires: ['exchanges', 'modern', 'oauth?'],
    rating: { scope: 'protocol' },
    keys: {
      'tools/list': 'the tools list differs between authorization contexts and a page is marked public',
      'prompts/list': 'the prompts list differs between authorization contexts and a page is marked public',
      'resources/list':
        'the resources list differs between authorization contexts and a page is marked public',
    },
    severity: 'medium',
    citations: [
      mcp('2026-07-28', 'server/utilities/caching', 'Cache Scope Field'),
      mcp('2026-07-28', 'server/utilities/caching', 'Security Considerations'),
    ],
    rationale:
      '`public` tells shared caches (gateways, proxies, multi-user clients) that one answer fits every caller. A list that depends on who asks, marked `public`, lets a cache hand one user’s privileged tool, prompt or resource definitions to another.',
    remediation:
      'Mark every result that depends on the caller’s identity or scopes `cacheScope: "private"`; keep `public` for results that are the same for everyone.',
    evidence:
      'The first page of each list method in the token scan (`t.rerun`: the modern list probes carry the user token), compared with the same method sent with the narrow-scope token (`t.narrow`) and without any token (`s.methods.noauth`, when anonymous listing is served). A second `tools/list` with the user token (`p.list.fresh`) shows whether the list changes over time by itself.',
    traps:
      'Order-only differences are not differences (MOD21); a list that also changes between two calls with the same token is not judged (time-varying); only first pages are compared.',
    notes:
      'Item identity: `name` for tools and prompts, `uri` for resources. Fail (key = the method): the contexts’ lists differ and a page is marked `public`; high when the user token’s list is a strict superset of the other context’s and marked `public` (a shared cache can hand the privileged definitions to the weaker caller), medium otherwise. Pass: every compared list is identical across contexts, or differs and is not marked `public`. Inconclusive: only one authorization context answered a list method (`needs_second_token`: supply `--narrow-token-env`, or the server refuses anonymous listing), or `tools/list` itself varied between two calls with the same token (`ambiguous`). Not applicable: no authorization in use (the engine’s token gate).',
  },
  evaluate(ev, ctx) {
    const m = ev.modern;
    const verdicts: Verdict[] = [];
    const compared: string[] = [];
    for (const { method, member, id } of LISTS) {
      const listing = m.lists.find((l) => l.method === method)?.probe;
      if (listing?.kind !== 'ok') continue;
      const reply = listing.value.replies[0];
      const main = pageOf('the user token', reply, member, id, listing.value.items);
      if (!main || !sentCredentials(ev, main.exchange)) continue;
      if (method === m.fresh.method) {
        const fresh = m.fresh.probe.kind === 'ok' ? m.fresh.probe.value : null;
        const again =
          fresh && pageOf('the user token', fresh.replies[0], member, id, firstPage(fresh, Infinity));
        if (again && !same(main, again))
          return ctx.inconclusive(
            'ambiguous',
            `${method} changed between two calls with the same token; caller dependence cannot be told apart.`,
            [main.exchange, again.exchange],
          );
      }
      for (const other of otherPages(ev, method, member, id)) {
        compared.push(`${method} (${other.context})`);
        const mine = { ...main, ids: idsOf(firstPage(listing.value, other.ids.length), id) };
        if (same(mine, other) || (main.scope !== 'public' && other.scope !== 'public')) continue;
        const superset = mine.ids.length > other.ids.length && other.ids.every((x) => mine.ids.includes(x));
        verdicts.push(
          ctx.fail(
            `${method} with the user token lists ${mine.ids.length} item(s) (cacheScope ${JSON.stringify(main.scope)}); with ${other.context} it lists ${other.ids.length} (cacheScope ${JSON.stringify(other.scope)}). A caller-dependent list is marked public.`,
            [main.exchange, other.exchange],
            { key: method, ...(superset && main.scope === 'public' ? { severity: 'high' as const } : {}) },
          ),
        );
      }
    }
    if (verdicts.length > 0) return verdicts;
    if (compared.length === 0)
      return ctx.inconclusive(
        'needs_second_token',
        'Only one authorization context answered the list methods; a narrow-scope token (--narrow-token-env) gives a second one.',
      );
    return ctx.pass(`No caller-dependent list is marked public (compared: ${compared.join(', ')}).`);
  },
});
