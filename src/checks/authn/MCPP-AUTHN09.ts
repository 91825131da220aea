import type { Confidence, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import type { Evidence, ExchangeId, Probe, HttpReply, RpcReply } from '../../evidence/types.js';
import { mcp, rfc } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { responseHeader, sentCredentials } from '../shared/exchanges.js';
import { noAuth } from './discovery.js';
import { asHttpProbe } from '../shared/replies.js';

type Key = '403' | 'redirect' | '200-error';

const LOGIN_URL =
  /login|log-in|signin|sign-in|sign_in|authori[sz]e|oauth|\/auth\b|sso|saml|openid|\/session\/new/i;
const CREDENTIAL_ERROR =
  /unauthori[sz]ed|unauthenticated|not authenticated|authentication (?:is )?required|authorization (?:is )?required|missing (?:access |bearer |auth(?:orization)? )?(?:token|credentials)|no (?:access |bearer |auth )?token|invalid (?:access |bearer )?token|login required|api[ -]?key/i;

interface Seen {
  readonly method: string;
  readonly reply: HttpReply;
}

/** The unauthenticated MCP requests of the passive ladder and of `s.methods.noauth`. */
function unauthenticatedReplies(ev: Pick<Evidence, 'detection' | 'exchanges' | 'oauth'>): Seen[] {
  const out: Seen[] = [];
  // Only HTTP replies have the status the rule is about.
  const add = (method: string, probe: Probe<RpcReply>) => {
    const p = asHttpProbe(probe);
    if (p?.kind === 'ok' && !sentCredentials(ev, p.value.exchange)) out.push({ method, reply: p.value });
  };
  add('server/discover', ev.detection.discover);
  for (const i of ev.detection.inits) add(`initialize(${i.requested})`, i.probe);
  for (const m of ev.oauth?.methodsNoAuth ?? []) add(m.method, m.probe);
  return out;
}

export default defineCheck({
  meta: {
    id: 'MCPP-AUTHN09',
    title: 'Unauthorized requests get 401',
    requirement:
      'Requests lacking required authorization are answered 401 — not 403, a redirect to a login page, or 200 with an error body.',
    keyword: 'MUST',
    revisions: revisionRange('2025-03-26'),
    transports: ['streamable-http', 'http+sse'],
    mode: 'passive',
    requires: ['auth', 'detection', 'exchanges', 'oauth?'],
    rating: { scope: 'authorization' },
    chain: { hop: 'challenge' },
    keys: {
      '403':
        'a request lacking authorization was answered 403 (with a challenge: high confidence; a POST without one: medium)',
      redirect: 'a request lacking authorization was redirected to a login or authorization URL',
      '200-error': 'a request lacking authorization got a 2xx JSON-RPC error about missing credentials',
    },
    severity: 'medium',
    citations: [
      mcp('2025-03-26', 'basic/authorization', 'Error Handling'),
      mcp('2026-07-28', 'basic/authorization', 'Error Handling'),
      rfc(6750, '3.1'),
    ],
    rationale:
      'MCP clients start the authorization flow only on a 401. A 403, a redirect to a browser login page or a 200 carrying an error leaves them stuck: they cannot tell that a token would help, or where to get one.',
    remediation:
      'Answer every MCP request that lacks a (valid) token with HTTP 401 and a `WWW-Authenticate: Bearer` challenge. Reserve 403 for authenticated requests with insufficient scope, and do not redirect MCP requests to login pages.',
    evidence:
      'Status, `Location` and JSON-RPC error of the unauthenticated MCP probes (`p.discover`, `p.init`, `s.methods.noauth`) that show an authorization signal.',
    traps:
      '403 for a foreign `Origin` is ACT01’s and excluded; a 403 `insufficient_scope` to a token-less request is still wrong (should be 401); OAuth2 proxies redirect browsers, which MCP clients cannot follow.',
    notes:
      'Only requests without `Authorization` and without crafted Origin/Host headers are read. Keys: `403` (conf. high when it carries a challenge; conf. medium for a POST answered 403 without one), `redirect` (3xx whose `Location` looks like a login or authorization URL), `200-error` (2xx JSON-RPC error whose message refers to missing credentials). Passes when some unauthenticated request got 401 and none of these occurred; not_applicable (`feature_absent`) when no request was refused for lack of authorization (authorization signalled only by a PRM, for example).',
  },
  evaluate(ev, ctx) {
    const gate = noAuth(ev, ctx);
    if (gate) return gate;
    const seen = unauthenticatedReplies(ev);
    const ok: ExchangeId[] = [];
    const bad = new Map<Key, { ids: ExchangeId[]; what: string[]; confidence: Confidence }>();
    const flag = (key: Key, id: ExchangeId, what: string, confidence: Confidence) => {
      const b = bad.get(key);
      if (!b) bad.set(key, { ids: [id], what: [what], confidence });
      else {
        b.ids.push(id);
        b.what.push(what);
        if (confidence === 'high') b.confidence = 'high';
      }
    };
    for (const { method, reply } of seen) {
      const s = reply.status;
      if (s === 401) ok.push(reply.exchange);
      else if (s === 403) {
        const challenged = responseHeader(ev, reply.exchange, 'www-authenticate').length > 0;
        if (challenged) flag('403', reply.exchange, `${method}: 403 with a challenge`, 'high');
        else if (method !== 'GET' && method !== 'DELETE')
          flag('403', reply.exchange, `${method}: 403 without a challenge`, 'medium');
      } else if (s >= 300 && s < 400 && reply.location && LOGIN_URL.test(reply.location)) {
        flag('redirect', reply.exchange, `${method}: ${s} to ${reply.location}`, 'high');
      } else if (s >= 200 && s < 300) {
        const message = reply.response?.error?.message;
        if (typeof message === 'string' && CREDENTIAL_ERROR.test(message))
          flag('200-error', reply.exchange, `${method}: ${s} with error “${message.slice(0, 80)}”`, 'high');
      }
    }
    if (ok.length === 0 && bad.size === 0) {
      return ctx.notApplicable(
        'feature_absent',
        'No unauthenticated MCP request was refused for lack of authorization.',
      );
    }
    const verdicts: Verdict[] = [];
    for (const [key, b] of bad) {
      verdicts.push(
        ctx.fail(
          `Requests lacking authorization were not answered 401: ${b.what.slice(0, 4).join('; ')}${b.what.length > 4 ? '; ...' : ''}.`,
          b.ids.slice(0, 6),
          { key, confidence: b.confidence },
        ),
      );
    }
    if (verdicts.length === 0) {
      verdicts.push(
        ctx.pass(`Requests lacking authorization were answered 401 (${ok.length}).`, ok.slice(0, 6)),
      );
    }
    return verdicts;
  },
});
