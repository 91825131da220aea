import type { CheckContext, Severity, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import type { Evidence, ExchangeId, MessageIssue, HttpReply } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import type { LabelledReply } from './replies.js';
import { carriesJsonRpc, exchangeIndex, listReplies, REPLY_SECTIONS } from './replies.js';

type Key = MessageIssue['key'];

/** Order of the result list (catalogue key order, then `json`). */
const KEYS: readonly Key[] = ['utf8', 'json', 'version', 'id', 'shape', 'code', 'sse-data'];

/**
 * HTTP-level rejections (400/404 for sessions or versions, 403 for Origin) may carry "a JSON-RPC
 * error response that has no id": a missing or null id there is not a framing fault.
 */
function rejectionWithoutId(reply: HttpReply): boolean {
  if (reply.status < 400) return false;
  return reply.messages.some((m) => {
    if (m.kind === 'response') return m.id === null && m.error !== undefined;
    if (m.kind !== 'invalid' || typeof m.raw !== 'object' || m.raw === null || Array.isArray(m.raw))
      return false;
    return 'error' in m.raw && !('id' in m.raw) && !('result' in m.raw);
  });
}

/** A single request answered with responses none of which carries its id (the parser cannot know the id). */
function idNotEchoed(r: LabelledReply): boolean {
  return (
    r.requestKind === 'request' &&
    r.reply.response === null &&
    r.reply.messages.some((m) => m.kind === 'response' && m.id !== null)
  );
}

export default defineCheck({
  meta: {
    id: 'MCPP-TRN14',
    title: 'JSON-RPC messages well-formed',
    requirement:
      'Every MCP message received (JSON bodies, non-empty SSE `data`, stdio lines) is UTF-8 JSON-RPC 2.0: `jsonrpc: "2.0"`; responses echo the request `id` and hold exactly one of `result`/`error`; `error.code` is an integer and `error.message` a string; notifications carry no `id`.',
    keyword: 'MUST',
    revisions: revisionRange(),
    transports: ['streamable-http', 'http+sse', 'stdio'],
    mode: 'passive',
    requires: [...REPLY_SECTIONS, 'stdio?'],
    rating: { scope: 'protocol' },
    keys: {
      utf8: 'a body or SSE data is not valid UTF-8',
      json: 'a JSON-typed body is not JSON at all (empty, invalid, a byte order mark, nested too deep)',
      version: 'a message lacks jsonrpc: "2.0"',
      id: 'a response has no id, a mistyped or null id where one is required, or does not echo the request id',
      shape:
        'a message is not a JSON-RPC request, notification or response (for example both or neither of result/error)',
      code: 'error.code is not an integer, or error.message not a string',
      'sse-data': 'a non-empty SSE data field is not JSON, or the stream ended mid-event (low)',
    },
    severity: 'medium',
    citations: [
      mcp('2025-11-25', 'basic/transports'),
      mcp('2025-11-25', 'basic/index', 'Messages'),
      mcp('2026-07-28', 'basic/index', 'Error Responses'),
      mcp('2024-11-05', 'basic/messages'),
    ],
    rationale:
      'Clients match responses to requests by `id` and dispatch on `result`/`error`; malformed messages are dropped or crash client parsers, so calls hang or fail.',
    remediation:
      'Emit strict JSON-RPC 2.0 in UTF-8: `"jsonrpc": "2.0"` on every message, echo the request `id`, exactly one of `result`/`error`, integer `error.code` and string `error.message`; send only JSON-RPC messages as SSE `data` (use SSE comments or empty priming events for keep-alives).',
    evidence:
      'The issues the evidence parser recorded on every reply (`RpcReply.issues`): JSON and SSE bodies of all probes, including safe probes, the probes of the 2026-07-28 wire and cleartext counterparts, plus a response whose id does not echo the request (the parser does not know the request id). Bodies without JSON-RPC content are excluded when they are 4xx/5xx (WAF, auth proxy, gateway pages), non-JSON, or from the cleartext port.',
    traps:
      '`id: null` on errors is legal when the request id could not be read, and HTTP-level rejections (400/404 for sessions, versions) may carry an error without id — `id` issues on such replies are dropped; SSE priming events (empty `data`) and comment lines are ignored by the parser; 4xx bodies from non-MCP layers are excluded.',
    notes:
      'Keys `utf8`, `version`, `id`, `shape`, `code` (medium) and `sse-data` (low) as in the catalogue, plus `json` (medium) for a JSON-typed body or SSE `data` that is not JSON at all — the evidence parser records it separately and merging it into `shape` would hide the cause. Over stdio the answers to the scanner’s requests are judged, as parsed when read (`issues` on each stdio exchange); framing (one message per line) is STDIO02’s; inconclusive when no request was answered.',
  },
  evaluate(ev, ctx) {
    if (ev.detection.transport === 'stdio') return judgeStdio(ev.stdio, ctx);
    const index = exchangeIndex(ev);
    const found = new Map<Key, { exchanges: ExchangeId[]; details: string[] }>();
    const examined: ExchangeId[] = [];
    for (const r of listReplies(ev)) {
      const reply = r.reply;
      if (reply.status >= 300 && reply.status < 400) continue;
      const mcpContent = carriesJsonRpc(reply, index.get(reply.exchange));
      // Error pages of other layers and whatever answers on the cleartext port are not MCP messages;
      // a non-JSON-RPC body on a notification, GET or DELETE answer is LEG04/LEG05/LEG09's business.
      const nonRequest = r.requestKind !== 'request' && r.requestKind !== 'batch';
      const foreign =
        reply.status >= 400 || reply.bodyKind === 'other' || r.channel === 'plain' || nonRequest;
      if (!mcpContent && foreign) continue;
      if (reply.bodyKind === 'empty' && reply.messages.length === 0) continue;
      examined.push(reply.exchange);
      const issues: MessageIssue[] = [...reply.issues];
      if (idNotEchoed(r)) issues.push({ key: 'id', detail: 'no response carries the request id' });
      for (const issue of issues) {
        if (issue.key === 'id' && rejectionWithoutId(reply)) continue;
        const entry = found.get(issue.key) ?? { exchanges: [], details: [] };
        if (!entry.exchanges.includes(reply.exchange)) entry.exchanges.push(reply.exchange);
        entry.details.push(`${r.label}: ${issue.detail}`);
        found.set(issue.key, entry);
      }
    }

    if (found.size > 0) {
      const verdicts: Verdict[] = [];
      for (const key of KEYS) {
        const entry = found.get(key);
        if (!entry) continue;
        const severity: Severity = key === 'sse-data' ? 'low' : 'medium';
        const details = [...new Set(entry.details)];
        const shown =
          details.slice(0, 3).join('; ') + (details.length > 3 ? `; and ${details.length - 3} more` : '');
        verdicts.push(
          ctx.fail(
            `Malformed JSON-RPC (${key}) in ${entry.exchanges.length} replies — ${shown}.`,
            entry.exchanges,
            { key, severity },
          ),
        );
      }
      return verdicts;
    }
    if (examined.length > 0) {
      return ctx.pass(`All JSON-RPC messages in ${examined.length} replies are well-formed.`, examined);
    }
    if (ev.detection.authWall) {
      return ctx.inconclusive('auth_wall', 'Every request was answered 401/403 without a JSON-RPC body.');
    }
    const d = ev.detection.discover;
    return d.kind === 'ok'
      ? ctx.inconclusive('ambiguous', 'No JSON-RPC message was recorded.', [d.value.exchange])
      : ctx.fromProbe(d, 'p.discover');
  },
});

/**
 * Over stdio: the answer to every request the scanner wrote, as parsed when it was read (the
 * issues are recorded on each stdio exchange). Framing faults (several messages on a line, a
 * message over several lines) are STDIO02's.
 */
function judgeStdio(stdio: Evidence['stdio'], ctx: CheckContext): Verdict | Verdict[] {
  const answered = (stdio?.launches ?? []).flatMap((l) => l.exchanges.filter((x) => x.answer !== null));
  if (answered.length === 0)
    return ctx.inconclusive('probe_unavailable', 'No request written to the server was answered on stdout.');
  const found = new Map<Key, { exchanges: ExchangeId[]; details: string[] }>();
  for (const x of answered)
    for (const issue of x.issues ?? []) {
      const entry = found.get(issue.key) ?? { exchanges: [], details: [] };
      if (!entry.exchanges.includes(x.id)) entry.exchanges.push(x.id);
      entry.details.push(`${x.probe}: ${issue.detail}`);
      found.set(issue.key, entry);
    }
  if (found.size === 0)
    return ctx.pass(
      `All ${answered.length} JSON-RPC responses read on stdout are well-formed.`,
      answered.map((x) => x.id),
    );
  return KEYS.flatMap((key) => {
    const entry = found.get(key);
    if (!entry) return [];
    const details = [...new Set(entry.details)];
    const shown =
      details.slice(0, 3).join('; ') + (details.length > 3 ? `; and ${details.length - 3} more` : '');
    return [
      ctx.fail(
        `Malformed JSON-RPC (${key}) in ${entry.exchanges.length} stdio replies — ${shown}.`,
        entry.exchanges,
        {
          key,
          severity: key === 'sse-data' ? 'low' : 'medium',
        },
      ),
    ];
  });
}
