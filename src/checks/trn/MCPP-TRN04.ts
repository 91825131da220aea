import type { CheckContext, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import type { ExchangeId, NetErrorCode, PlainObservation, HttpReply } from '../../evidence/types.js';
import { rfc } from '../../spec/citations.js';
import type { WithExchanges } from '../shared/exchanges.js';
import { exchangeOf, responseHeader } from '../shared/exchanges.js';

/** Cleartext port closed or not speaking HTTP: nothing is served in cleartext. */
const CLOSED: ReadonlySet<NetErrorCode> = new Set(['connect', 'reset', 'timeout', 'protocol']);
const PERMANENT = new Set([301, 308]);
/** Temporary redirects do the job for clients, only less durably. */
const TOLERATED = new Set([302, 303, 307]);
/** Members that identify RFC 9728 / RFC 8414 / OIDC metadata documents. */
const METADATA_MEMBERS = [
  'issuer',
  'authorization_endpoint',
  'token_endpoint',
  'jwks_uri',
  'registration_endpoint',
  'resource',
  'authorization_servers',
];
/** nginx's answer on a TLS-only port: the port does not serve HTTP. */
const TLS_ONLY_PORT = /plain HTTP request was sent to HTTPS port/i;

export default defineCheck({
  meta: {
    id: 'MCPP-TRN04',
    title: 'Plain HTTP does not serve MCP or metadata',
    requirement:
      'For each HTTPS origin, the cleartext counterpart refuses the connection or redirects to https, and never serves the MCP endpoint, a Bearer challenge, PRM or AS metadata in cleartext.',
    keyword: 'policy',
    revisions: 'any',
    transports: ['streamable-http', 'as'],
    mode: 'passive',
    requires: ['exchanges', 'endpoint', 'plain'],
    rating: { scope: 'protocol' },
    chain: { hop: 'endpoint' },
    classIndependent: true,
    keys: {
      'serves-mcp':
        'the cleartext counterpart answers with a JSON-RPC message, an event stream or a Bearer challenge',
      'serves-metadata': 'the cleartext counterpart serves a JSON object with PRM or AS metadata members',
      'no-redirect':
        'the cleartext counterpart answers otherwise, or redirects to http or to another host (low)',
    },
    severity: 'high',
    citations: [rfc(6797, '7.2'), rfc(9325, '3.2')],
    rationale:
      'A client that is given or guesses the http:// URL sends its requests, tokens and session IDs in cleartext when the server answers there; metadata served in cleartext can be altered in transit to redirect clients to an attacker.',
    remediation:
      'Close the cleartext port, or answer every cleartext request with a 301 or 308 redirect to the same path on https on the same host, and never route cleartext requests to the MCP handler or the metadata documents.',
    evidence:
      '`p.plain(o)` per HTTPS origin: the status, `Location`, headers and body shape of a GET of the cleartext URL, and of the `p.discover`-shaped POST sent when the GET answered 2xx, 401 or 405.',
    traps:
      'Port 80 closed is a pass; the original port is kept for non-default ports; some load balancers answer 403/404 on port 80 (low, not high).',
    notes:
      'Keys: `serves-mcp` (a JSON-RPC message, an SSE stream or a Bearer challenge in cleartext) and `serves-metadata` (a JSON object with PRM or AS metadata members) are high; `no-redirect` (any other answer, or a redirect to http or to another host) is low. Deviations: 303 is tolerated like 302/307; a malformed HTTP answer (`protocol`) counts as a closed port, and so does nginx\u2019s 400 "plain HTTP request was sent to HTTPS port" (the non-default port speaks only TLS). http targets without HTTPS origins are not_applicable (`feature_absent`).',
  },
  evaluate(ev, ctx) {
    const verdicts: Verdict[] = [];
    if (ev.endpoint.scheme === 'https' && !ev.plain.some((p) => p.httpsOrigin === ev.endpoint.origin)) {
      verdicts.push(
        ctx.inconclusive(
          'probe_unavailable',
          `No cleartext request was recorded for ${ev.endpoint.origin}.`,
          [],
          {
            location: `origin:${ev.endpoint.origin}`,
          },
        ),
      );
    }
    if (ev.plain.length === 0 && verdicts.length === 0) {
      return ctx.notApplicable('feature_absent', 'No HTTPS origin in the chain; the target is plain http.');
    }
    for (const plain of ev.plain) verdicts.push(judge(ev, ctx, plain));
    return verdicts;
  },
});

function judge(ev: WithExchanges, ctx: CheckContext, plain: PlainObservation): Verdict {
  const location = `origin:${plain.httpsOrigin}`;
  const get = plain.get;
  if (get.kind === 'skipped')
    return ctx.fromProbe(get, `The cleartext request to ${plain.url}`, { location });
  if (get.kind === 'failed') {
    if (CLOSED.has(get.error.code)) {
      return ctx.pass(
        `${plain.url} does not serve HTTP (${get.error.code}: ${get.error.message}).`,
        get.exchanges,
        {
          location,
        },
      );
    }
    return ctx.fromProbe(get, `The cleartext request to ${plain.url}`, { location });
  }
  const replies: HttpReply[] = [get.value];
  if (plain.post.kind === 'ok') replies.push(plain.post.value);

  for (const r of replies) {
    const what = servesMcp(ev, r);
    if (what) {
      return ctx.fail(`${plain.url} serves MCP in cleartext: ${what} (HTTP ${r.status}).`, [r.exchange], {
        location,
        key: 'serves-mcp',
      });
    }
  }
  for (const r of replies) {
    const members = metadataMembers(ev, r);
    if (members.length > 0) {
      return ctx.fail(
        `${plain.url} serves authorization metadata in cleartext (HTTP ${r.status}, members ${members.join(', ')}).`,
        [r.exchange],
        { location, key: 'serves-metadata' },
      );
    }
  }

  const r = get.value;
  const evidence: ExchangeId[] = [r.exchange];
  const httpsHost = hostOf(plain.httpsOrigin);
  if (PERMANENT.has(r.status) || TOLERATED.has(r.status)) {
    const raw = r.location ?? header(ev, r.exchange, 'location');
    const target = raw ? resolve(raw, plain.url) : null;
    if (target && target.protocol === 'https:' && target.hostname === httpsHost) {
      const temp = TOLERATED.has(r.status) ? ' (temporary redirect, tolerated; 301 or 308 is better)' : '';
      return ctx.pass(`${plain.url} redirects with ${r.status} to ${target.href}${temp}.`, evidence, {
        location,
      });
    }
    const why = !target
      ? 'without a usable Location'
      : target.protocol !== 'https:'
        ? `to ${target.href}, which is not https`
        : `to ${target.href}, another host than ${httpsHost}`;
    return ctx.fail(`${plain.url} answers ${r.status} ${why}.`, evidence, {
      location,
      key: 'no-redirect',
      severity: 'low',
    });
  }
  if (r.status === 400 && TLS_ONLY_PORT.test(body(ev, r.exchange))) {
    return ctx.pass(
      `${plain.url} is a TLS-only port (HTTP 400 "plain HTTP request was sent to HTTPS port").`,
      evidence,
      {
        location,
      },
    );
  }
  return ctx.fail(
    `${plain.url} answers HTTP ${r.status} in cleartext instead of redirecting to https.`,
    evidence,
    {
      location,
      key: 'no-redirect',
      severity: 'low',
    },
  );
}

/** Why a reply counts as MCP service, or null. */
function servesMcp(ev: WithExchanges, r: HttpReply): string | null {
  if (r.messages.some((m) => m.kind !== 'invalid')) return 'a JSON-RPC message';
  if (r.bodyKind === 'sse' || r.mediaType === 'text/event-stream' || r.sseEvents.length > 0)
    return 'an event stream';
  const challenge = responseHeader(ev, r.exchange, 'www-authenticate').find((v) =>
    /(^|,)\s*bearer\b/i.test(v),
  );
  if (r.status === 401 && challenge) return `a Bearer challenge (${challenge})`;
  return null;
}

function metadataMembers(ev: WithExchanges, r: HttpReply): string[] {
  if (r.status < 200 || r.status > 299) return [];
  const text = body(ev, r.exchange);
  try {
    const doc: unknown = JSON.parse(text);
    if (doc && typeof doc === 'object' && !Array.isArray(doc))
      return METADATA_MEMBERS.filter((m) => m in doc);
    return [];
  } catch {
    // Excerpts may be cut; look for the members by name in a JSON-looking body.
    if (!/^\s*\{/.test(text)) return [];
    return METADATA_MEMBERS.filter((m) => text.includes(`"${m}"`));
  }
}

function header(ev: WithExchanges, id: ExchangeId, name: string): string | null {
  return responseHeader(ev, id, name)[0] ?? null;
}

function body(ev: WithExchanges, id: ExchangeId): string {
  return exchangeOf(ev, id)?.response?.body ?? '';
}

function resolve(location: string, base: string): URL | null {
  try {
    return new URL(location, base);
  } catch {
    return null;
  }
}

function hostOf(origin: string): string {
  try {
    return new URL(origin).hostname;
  } catch {
    return origin;
  }
}
