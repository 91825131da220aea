import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import type { ExchangeId, ListingEvidence, Probe } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { resultOf } from './common.js';
import { modernReplies } from './replies.js';

/** Methods whose complete results MUST carry caching hints (server/utilities/caching#Cacheable Results). */
export const CACHEABLE = new Set([
  'server/discover',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
]);

type Key = 'ttl-missing' | 'ttl-negative' | 'ttl-type' | 'scope-missing' | 'scope-value' | 'scope-pages';

const WHAT: Record<Key, string> = {
  'ttl-missing': 'no `ttlMs`',
  'ttl-negative': 'a negative `ttlMs`',
  'ttl-type': 'a `ttlMs` that is not an integer',
  'scope-missing': 'no `cacheScope`',
  'scope-value': 'a `cacheScope` other than `public` or `private`',
  'scope-pages': 'pages of one list with different `cacheScope` values',
};

export function hintProblems(result: Readonly<Record<string, unknown>>): Key[] {
  const out: Key[] = [];
  const ttl = result['ttlMs'];
  if (ttl === undefined) out.push('ttl-missing');
  else if (typeof ttl !== 'number' || !Number.isInteger(ttl)) out.push('ttl-type');
  else if (ttl < 0) out.push('ttl-negative');
  const scope = result['cacheScope'];
  if (scope === undefined) out.push('scope-missing');
  else if (scope !== 'public' && scope !== 'private') out.push('scope-value');
  return out;
}

function pagesDisagree(p: Probe<ListingEvidence>): ExchangeId[] {
  if (p.kind !== 'ok' || p.value.replies.length < 2) return [];
  const scopes = new Set(p.value.replies.map((r) => resultOf(r)?.['cacheScope']));
  return scopes.size > 1 ? p.value.replies.map((r) => r.exchange) : [];
}

export default defineCheck({
  meta: {
    id: 'MCPP-MOD05',
    title: 'Caching hints valid',
    requirement:
      'Complete results of `server/discover`, `tools/list`, `prompts/list`, `resources/list`, `resources/templates/list` (and `resources/read`, which the scanner only issues for a nonexistent URI) carry an integer `ttlMs` ≥ 0 and `cacheScope` ∈ {`public`, `private`}; every page of one list has the same `cacheScope`.',
    keyword: 'MUST',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['detection', 'modern'],
    rating: { scope: 'protocol' },
    keys: {
      'ttl-missing': 'a cacheable result carries no ttlMs',
      'ttl-negative': 'a cacheable result carries a negative ttlMs',
      'ttl-type': 'a cacheable result carries a ttlMs that is not an integer',
      'scope-missing': 'a cacheable result carries no cacheScope',
      'scope-value': 'a cacheable result carries a cacheScope other than public or private',
      'scope-pages': 'pages of one list carry different cacheScope values',
    },
    severity: 'medium',
    citations: [
      mcp('2026-07-28', 'server/utilities/caching', 'Cacheable Results'),
      mcp('2026-07-28', 'server/utilities/caching', 'Time-to-Live (TTL) Field'),
      mcp('2026-07-28', 'server/utilities/caching', 'Interaction with Pagination'),
    ],
    rationale:
      'Clients and intermediaries cache lists and discovery by these hints; without them caches guess, and a wrong or inconsistent `cacheScope` lets a shared cache hand one caller’s list to another.',
    remediation:
      'Add `ttlMs` (an integer ≥ 0; 0 means immediately stale) and `cacheScope` (`private` unless the result is the same for every caller) to every complete result of the cacheable methods, with the same `cacheScope` on every page of a list.',
    evidence: 'Each cacheable result and each page of `p.discover`, `p.list.modern` and `p.list.fresh`.',
    traps:
      '`ttlMs: 0` is valid (immediately stale); non-integer numbers fail `ttl-type`; the changelog lists fewer cacheable methods than the caching page — the caching page governs.',
    notes:
      'Results with `resultType: "input_required"` carry no hints and are skipped; a result without `resultType` counts as complete (as clients read it). One fail per key, naming the methods.',
  },
  evaluate(ev, ctx) {
    const m = ev.modern;
    const cacheable = modernReplies(ev, m).filter((r) => {
      const res = resultOf(r.reply);
      return (
        res !== null && r.method !== null && CACHEABLE.has(r.method) && res['resultType'] !== 'input_required'
      );
    });
    if (cacheable.length === 0)
      return ctx.inconclusive('ambiguous', 'No cacheable modern request returned a result.');
    const found = new Map<Key, { methods: Set<string>; ids: ExchangeId[] }>();
    const note = (key: Key, method: string, ids: readonly ExchangeId[]) => {
      const f = found.get(key) ?? { methods: new Set<string>(), ids: [] };
      f.methods.add(method);
      f.ids.push(...ids);
      found.set(key, f);
    };
    for (const r of cacheable)
      for (const k of hintProblems(resultOf(r.reply)!)) note(k, r.method!, [r.reply.exchange]);
    for (const l of [...m.lists, m.fresh]) {
      const ids = pagesDisagree(l.probe);
      if (ids.length) note('scope-pages', l.method, ids);
    }
    if (found.size === 0)
      return ctx.pass(
        `All ${cacheable.length} cacheable results carry valid ttlMs and cacheScope.`,
        cacheable.map((r) => r.reply.exchange),
      );
    return [...found].map(([key, f]): Verdict =>
      ctx.fail(`Results of ${[...f.methods].join(', ')} carry ${WHAT[key]}.`, [...new Set(f.ids)], { key }),
    );
  },
});
