import { defineCheck } from '../define-check.js';
import type { ExchangeId } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { isObject, resultOf } from './common.js';
import { modernReplies } from './replies.js';

const SERVER_INFO = 'io.modelcontextprotocol/serverInfo';

export default defineCheck({
  meta: {
    id: 'MCPP-MOD03',
    title: 'Results identify the server',
    requirement:
      "Every result's `_meta` carries `io.modelcontextprotocol/serverInfo` with `name` and `version`.",
    keyword: 'SHOULD',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['detection', 'modern'],
    rating: { scope: 'protocol' },
    keys: {
      '<method>':
        'the request method (or probe label) whose results carry no _meta serverInfo with name and version',
    },
    severity: 'info',
    citations: [
      mcp('2026-07-28', 'basic/index', '_meta'),
      mcp('2026-07-28', 'server/discover', 'DiscoverResult'),
    ],
    rationale:
      'Without a handshake, the result `_meta` is where a client learns which implementation answered; it helps diagnostics and inventory (it is self-reported and never a basis for trust).',
    remediation:
      'Add `_meta["io.modelcontextprotocol/serverInfo"] = {name, version}` to every result, or document that the server is configured not to.',
    evidence:
      '`_meta` of every result the modern probes received (discover, list pages and the other served requests).',
    traps:
      'Servers may be "specifically configured not to" include it; the value is self-reported and never trusted for decisions.',
    notes: 'One fail per method lacking it (key = method).',
  },
  evaluate(ev, ctx) {
    const results = modernReplies(ev, ev.modern).filter((r) => resultOf(r.reply) !== null);
    if (results.length === 0) return ctx.inconclusive('ambiguous', 'No modern request returned a result.');
    const missing = new Map<string, ExchangeId[]>();
    for (const r of results) {
      const meta = resultOf(r.reply)!['_meta'];
      const info = isObject(meta) ? meta[SERVER_INFO] : undefined;
      const ok = isObject(info) && typeof info['name'] === 'string' && typeof info['version'] === 'string';
      if (!ok)
        missing.set(r.method ?? r.label, [...(missing.get(r.method ?? r.label) ?? []), r.reply.exchange]);
    }
    if (missing.size === 0)
      return ctx.pass(
        `All ${results.length} modern results carry serverInfo in _meta.`,
        results.map((r) => r.reply.exchange),
      );
    return [...missing].map(([method, ids]) =>
      ctx.fail(`Results of ${method} carry no \`_meta\` serverInfo with name and version.`, ids, {
        key: method,
      }),
    );
  },
});
