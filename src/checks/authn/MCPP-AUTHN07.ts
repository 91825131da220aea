import type { Confidence, Severity, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import type { ExchangeId, HttpReply, Inventory, Probe, RpcReply, ToolProbes } from '../../evidence/types.js';
import { isHttpReply } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';

const is2xx = (s: number) => s >= 200 && s < 300;
const VERBS = new Set(['GET', 'DELETE']);
// Capability discovery only: serving these alone is rated low, since some deployments treat capability discovery as public (docs/checks/MCPP-AUTHN07.md).
const DISCOVERY = new Set(['initialize', 'server/discover']);

type Answer =
  | { readonly kind: 'refused' }
  | { readonly kind: 'served'; readonly confidence: Confidence; readonly how: string }
  | { readonly kind: 'other' };

function classify(method: string, r: HttpReply): Answer {
  const s = r.status;
  if (s === 401 || s === 403) return { kind: 'refused' };
  if (VERBS.has(method)) {
    if (s === 405) return { kind: 'refused' };
    if (method === 'GET' && is2xx(s) && r.mediaType === 'text/event-stream')
      return { kind: 'served', confidence: 'high', how: `${s} event stream` };
    if (method === 'DELETE' && is2xx(s)) return { kind: 'served', confidence: 'high', how: String(s) };
    return { kind: 'other' };
  }
  if (!is2xx(s)) return { kind: 'other' };
  if (r.response?.result !== undefined)
    return { kind: 'served', confidence: 'high', how: `${s} with a result` };
  // "Unknown tool" means the call was dispatched before any authorization check.
  if (method === 'tools/call' && r.response?.error?.code === -32602)
    return { kind: 'served', confidence: 'medium', how: `${s}, dispatched (-32602 unknown tool)` };
  return { kind: 'other' };
}

/** The first HTTP reply of a probe, when it came over HTTP. */
function httpReplyOf(p: Probe<RpcReply> | undefined): HttpReply | null {
  return p?.kind === 'ok' && isHttpReply(p.value) ? p.value : null;
}

/**
 * The scanner's own channel, in a scan without a token: the first page of the tools listing and
 * `s.tool.unknown`, both sent on the session (or HTTP+SSE endpoint) the listing opened without
 * credentials. They stand in for a method whose `s.methods.noauth` answer shows nothing (a server
 * that wants a session answers the session-less probe 400), so a server that protects only
 * `tools/call` is seen serving the listing and refusing the call on the same session.
 */
function channelObservations(
  inventory: Inventory | null,
  toolProbes: ToolProbes | null,
): { method: string; reply: HttpReply }[] {
  const out: { method: string; reply: HttpReply }[] = [];
  const tools = inventory?.tools;
  const page = tools?.kind === 'ok' ? tools.value.replies[0] : undefined;
  if (page && isHttpReply(page)) out.push({ method: 'tools/list', reply: page });
  const call = httpReplyOf(toolProbes?.toolUnknown);
  if (call) out.push({ method: 'tools/call', reply: call });
  return out;
}

function severityOf(method: string): Severity {
  return DISCOVERY.has(method) || method === 'DELETE' ? 'low' : 'high';
}

export default defineCheck({
  meta: {
    id: 'MCPP-AUTHN07',
    title: 'Authorization enforced on every method and verb',
    requirement:
      'When the endpoint requires authorization, every JSON-RPC method and HTTP verb is refused without credentials: `initialize`, `server/discover`, list methods, `tools/call`, the GET stream and DELETE.',
    keyword: 'MUST',
    revisions: revisionRange('2025-03-26'),
    transports: ['streamable-http', 'http+sse'],
    mode: 'safe',
    requires: ['oauth', 'settings', 'inventory?', 'toolProbes?'],
    rating: { scope: 'authorization' },
    chain: { hop: 'challenge' },
    keys: {
      '<method>':
        'the method or verb (initialize, server/discover, tools/list, prompts/list, resources/list, tools/call, GET, DELETE) served without credentials while others were refused',
    },
    severity: 'high',
    citations: [
      mcp('2025-11-25', 'basic/security_best_practices', 'Session Hijacking'),
      mcp('2026-07-28', 'basic/security_best_practices', 'State Handle Hijacking'),
      mcp('2025-03-26', 'basic/authorization', 'Token Requirements'),
      mcp('2026-07-28', 'basic/authorization', 'Token Requirements'),
    ],
    rationale:
      'Authorization that guards some methods but not others is bypassed through the unguarded ones: a list, a tool call or the event stream served without a token exposes exactly what the 401 on other requests was meant to protect.',
    remediation:
      'Apply the authorization check before JSON-RPC dispatch, for every method and every HTTP verb of the endpoint (POST, GET, DELETE), not per handler. If capability discovery is meant to be public, document it and suppress the low finding.',
    evidence:
      '`s.methods.noauth`: unauthenticated `initialize`, `server/discover`, `tools/list`, `prompts/list`, `resources/list`, `tools/call` of a random nonexistent tool, the GET stream and DELETE; their statuses compared. In a scan without a token, `s.tool.unknown` and the first page of the tools listing (both on the session the scan opened without credentials) answer for `tools/call` and `tools/list` when their `s.methods.noauth` answers show neither.',
    traps:
      'A `-32602` "unknown tool" answer to an unauthenticated `tools/call` proves dispatch before authorization (conf. medium); servers exposing `initialize` to advertise capabilities are low.',
    notes:
      'Refused: 401/403, and 405 for GET/DELETE. Served: a 2xx JSON-RPC result, a 2xx `-32602` to the nonexistent-tool call (conf. medium), a 2xx event stream to GET, a 2xx to DELETE (low: without a session it reaches nothing). Other answers (400 for a missing session, -32601 for an unknown method) are neither. A fail needs at least one refused and one served method; nothing refused passes here, and AUTHN01 judges the exposure. One failing result per served method (key = method), high for data-bearing methods and the GET stream, low for `initialize`, `server/discover` and DELETE. A server that protects only `tools/call` usually answers the session-less probes 400 (no session); its listing served and its `s.tool.unknown` refused on the scan’s own session show the split.',
  },
  evaluate(ev, ctx) {
    const oauth = ev.oauth;
    if (oauth.methodsNoAuth.length === 0) {
      return ctx.inconclusive(
        'probe_unavailable',
        'The unauthenticated per-method probes were not recorded.',
      );
    }
    const refused: { method: string; id: ExchangeId }[] = [];
    const served: { method: string; id: ExchangeId; confidence: Confidence; how: string }[] = [];
    const seen = new Set<string>();
    const observe = (method: string, reply: HttpReply) => {
      const a = classify(method, reply);
      if (a.kind === 'other') return;
      seen.add(method);
      if (a.kind === 'refused') refused.push({ method, id: reply.exchange });
      else served.push({ method, id: reply.exchange, confidence: a.confidence, how: a.how });
    };
    for (const m of oauth.methodsNoAuth) if (m.probe.kind === 'ok') observe(m.method, m.probe.value);
    // The scanner's session was opened without credentials only when no token was given.
    if (!ev.settings.tokenSupplied)
      for (const o of channelObservations(ev.inventory, ev.toolProbes ?? null))
        if (!seen.has(o.method)) observe(o.method, o.reply);
    if (refused.length === 0 && served.length === 0) {
      const first = oauth.methodsNoAuth.find((m) => m.probe.kind !== 'ok');
      if (first && first.probe.kind !== 'ok')
        return ctx.fromProbe(first.probe, `The unauthenticated ${first.method}`);
      return ctx.inconclusive(
        'ambiguous',
        'No unauthenticated method was either refused or served; the answers do not show how authorization is enforced.',
        oauth.methodsNoAuth.flatMap((m) => (m.probe.kind === 'ok' ? [m.probe.value.exchange] : [])),
      );
    }
    if (served.length === 0) {
      return ctx.pass(
        `Every probed method and verb was refused without credentials (${refused.map((r) => r.method).join(', ')}).`,
        refused.map((r) => r.id),
      );
    }
    if (refused.length === 0) {
      return ctx.pass(
        'No method was refused without credentials: authorization is not enforced on the endpoint at all, which AUTHN01 judges.',
        served.map((s) => s.id),
      );
    }
    const refusedList = refused.map((r) => r.method).join(', ');
    const verdicts: Verdict[] = served.map((s) =>
      ctx.fail(
        `${s.method} was served without credentials (${s.how}) while ${refusedList} ${refused.length === 1 ? 'was' : 'were'} refused.`,
        [s.id, refused[0]!.id],
        { key: s.method, severity: severityOf(s.method), confidence: s.confidence },
      ),
    );
    return verdicts;
  },
});
