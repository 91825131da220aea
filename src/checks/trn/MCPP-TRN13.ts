import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import type { ExchangeId } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import type { LabelledReply } from './replies.js';
import { carriesJsonRpc, exchangeIndex, listReplies, REPLY_SECTIONS, responseHeader } from './replies.js';

const ALLOWED = new Set(['application/json', 'text/event-stream']);

export default defineCheck({
  meta: {
    id: 'MCPP-TRN13',
    title: 'Replies use the required media types',
    requirement:
      'Every reply to a JSON-RPC request carries `Content-Type: application/json` (one JSON object) or `text/event-stream`.',
    keyword: 'MUST',
    transportShape: true,
    revisions: revisionRange('2025-03-26'),
    transports: ['streamable-http'],
    mode: 'passive',
    requires: [...REPLY_SECTIONS],
    rating: { scope: 'protocol' },
    keys: {
      '<method>': 'the JSON-RPC method of the requests whose replies carried another (or no) Content-Type',
      reply: 'replies to requests whose method could not be told carried another (or no) Content-Type',
    },
    severity: 'medium',
    citations: [
      mcp('2025-11-25', 'basic/transports', 'Sending Messages to the Server'),
      mcp('2026-07-28', 'basic/transports/streamable-http', 'Sending Messages'),
    ],
    rationale:
      'Clients choose between parsing one JSON object and reading an event stream by `Content-Type`; any other or missing type makes conforming clients fail the request.',
    remediation:
      'Answer every JSON-RPC request with `Content-Type: application/json` (a single JSON object) or `text/event-stream`, including JSON-RPC error replies; parameters such as `charset` are fine.',
    evidence:
      '`Content-Type` of every reply to a request body: `p.discover`, each `p.init(v)`, `p.init2`, the baseline `tools/list`, the list methods, the safe probes that carry a request, and on a 2026-07-28 server every probe of the modern wire (`tools/call` and `resources/read` of nonexistent names, the list pages, `subscriptions/listen`, and the crafted header, `_meta`, method and version variants). Excluded: 202, redirects, 401/403 (authorization layer), batches (LEG12/MOD29), GET/DELETE/OPTIONS, and 4xx/5xx bodies that are not JSON-RPC (HTTP-level rejections, gateway pages).',
    traps:
      'Gateway error pages (HTML 502/503) are not MCP replies — excluded when status ≥500 with a non-JSON body (AUTHN06 inspects them); batch replies are LEG12/MOD29. Cleartext counterparts (`p.plain`) are TRN04’s and are not judged here.',
    notes:
      'Key = the JSON-RPC method of the request (`reply` when it cannot be told). Deviation in scope: the same rule is applied to ordinary and crafted probes — a 2xx reply is always judged; a 4xx/5xx reply (other than 401/403) is judged only when its body is JSON-RPC, because the spec lets HTTP-level rejections (missing session, bad version header) carry any or no body, while a JSON-RPC error reply is still a reply to the request and must be typed so clients can parse it.',
  },
  evaluate(ev, ctx) {
    const index = exchangeIndex(ev);
    const judged: LabelledReply[] = [];
    for (const r of listReplies(ev)) {
      if (r.channel !== 'mcp' || r.requestKind !== 'request') continue;
      const s = r.reply.status;
      if (s === 202 || (s >= 300 && s < 400) || s === 401 || s === 403 || s < 200) continue;
      if (s >= 400 && !carriesJsonRpc(r.reply, index.get(r.reply.exchange))) continue;
      judged.push(r);
    }

    if (judged.length === 0) {
      if (ev.detection.authWall) {
        return ctx.inconclusive('auth_wall', 'Every request was answered 401/403; no MCP reply to judge.');
      }
      const d = ev.detection.discover;
      if (d.kind !== 'ok') return ctx.fromProbe(d, 'p.discover');
      return ctx.inconclusive(
        'ambiguous',
        'No reply to a JSON-RPC request was recorded that is not excluded.',
        [d.value.exchange],
      );
    }

    const bad = new Map<string, LabelledReply[]>();
    for (const r of judged) {
      if (r.reply.mediaType && ALLOWED.has(r.reply.mediaType)) continue;
      const key = r.method ?? 'reply';
      bad.set(key, [...(bad.get(key) ?? []), r]);
    }
    if (bad.size === 0) {
      return ctx.pass(
        `All ${judged.length} replies to JSON-RPC requests are application/json or text/event-stream.`,
        judged.map((r) => r.reply.exchange),
      );
    }
    const verdicts: Verdict[] = [];
    for (const [key, list] of bad) {
      const types = [
        ...new Set(
          list.map((r) => {
            const raw = responseHeader(index, r.reply.exchange, 'content-type');
            return raw.length ? raw.join(', ') : 'no Content-Type';
          }),
        ),
      ];
      const probes = [...new Set(list.map((r) => `${r.label} (${r.reply.status})`))];
      const exchanges: ExchangeId[] = [...new Set(list.map((r) => r.reply.exchange))];
      verdicts.push(
        ctx.fail(
          `Replies to \`${key}\` carry ${types.join(' / ')} instead of application/json or text/event-stream: ${probes.join(', ')}.`,
          exchanges,
          {
            key,
          },
        ),
      );
    }
    return verdicts;
  },
});
