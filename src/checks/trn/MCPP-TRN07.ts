import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import type { ExchangeId } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import type { ReplySections } from './replies.js';
import { listReplies, REPLY_SECTIONS } from './replies.js';

const UUID_SHAPED = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
/** `sessionId`, `session_id`, `mcp-session`, `sid`, `x_sid` ... (not `inside`, `side`). */
const SESSION_PARAM = /session|(^|[^a-z])sid([^a-z]|$)/i;
/** Shorter IDs are matched only as a whole path segment or query value, never as a substring. */
const SUBSTRING_MIN = 16;

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function parse(url: string, base?: string): URL | null {
  try {
    return new URL(url, base);
  } catch {
    return null;
  }
}

/** A URL's parts an issued ID is compared with: its segments, query names and values, fragment, userinfo. */
interface UrlParts {
  readonly tokens: ReadonlySet<string>;
  readonly url: string;
  readonly decoded: string;
}

function partsOf(url: string, base: string): UrlParts {
  const u = parse(url, base);
  const tokens = u
    ? [
        ...u.pathname.split('/').map(safeDecode),
        ...[...u.searchParams.entries()].flat(),
        safeDecode(u.hash.replace(/^#/, '')),
        safeDecode(u.username),
        safeDecode(u.password),
      ]
    : [];
  return { tokens: new Set(tokens), url, decoded: safeDecode(url) };
}

/** Whether an issued session ID appears in a URL (as a segment, a query name or value, or a long substring). */
function containsId(parts: UrlParts, id: string): boolean {
  if (parts.tokens.has(id)) return true;
  return id.length >= SUBSTRING_MIN && (parts.url.includes(id) || parts.decoded.includes(id));
}

/** Whether any of the IDs appears in the URL; the URL is parsed once, not once per ID. */
const containsAny = (url: string, ids: ReadonlySet<string>, base: string): boolean => {
  const parts = partsOf(url, base);
  for (const id of ids) if (containsId(parts, id)) return true;
  return false;
};

/** Every Mcp-Session-Id the server issued, from the legacy samples and any response header. */
function issuedIds(ev: ReplySections): Set<string> {
  const ids = new Set<string>();
  for (const s of ev.sessions?.sessionSamples ?? []) ids.add(s.value);
  for (const r of listReplies(ev)) if (r.reply.sessionId) ids.add(r.reply.sessionId);
  for (const x of ev.exchanges)
    for (const v of x.response?.headers['mcp-session-id'] ?? []) ids.add(v.trim());
  ids.delete('');
  return ids;
}

/** A stable location for the endpoint URI: values and UUID segments replaced, so fingerprints survive new sessions. */
function templateOf(u: URL): string {
  const path = u.pathname
    .split('/')
    .map((seg) => (UUID_SHAPED.test(safeDecode(seg)) ? '{uuid}' : seg))
    .join('/');
  const names = [...new Set(u.searchParams.keys())];
  return `${u.origin}${path}${names.length ? `?${names.map((n) => `${n}={value}`).join('&')}` : ''}`;
}

export default defineCheck({
  meta: {
    id: 'MCPP-TRN07',
    title: 'Session identifiers stay out of URLs',
    requirement:
      'Session identifiers (HTTP+SSE session parameters, `Mcp-Session-Id` values) never appear in URLs, including redirect `Location`s.',
    keyword: 'policy',
    revisions: 'any',
    transports: ['http+sse', 'streamable-http'],
    mode: 'passive',
    requires: [...REPLY_SECTIONS, 'target'],
    rating: { scope: 'protocol' },
    keys: {
      redirect: 'an issued Mcp-Session-Id appears in a Location or Content-Location header (high)',
      url: 'an issued Mcp-Session-Id appears in another recorded URL, such as a request URL or the endpoint URI (high)',
      'sse-query': 'the HTTP+SSE endpoint URI carries the session in a query parameter',
      'sse-path': 'the HTTP+SSE endpoint URI carries a UUID-shaped path segment',
    },
    severity: 'medium',
    citations: [
      mcp('2025-11-25', 'basic/security_best_practices', 'Session Hijacking'),
      mcp('2024-11-05', 'basic/transports', 'HTTP with SSE'),
    ],
    rationale:
      'URLs are written to proxy, server and browser logs and leak through Referer headers; a session identifier found there can be replayed to hijack the session.',
    remediation:
      'Carry the session in a header (`Mcp-Session-Id` on Streamable HTTP) rather than in the path or query, and never put an issued session ID into a redirect target. For HTTP+SSE, migrate to Streamable HTTP or at least keep the session parameter out of logs.',
    evidence:
      'The HTTP+SSE `endpoint` event URI (query parameter names containing `session` or `sid`, UUID-shaped path segments and query values); every issued `Mcp-Session-Id` value compared with every recorded request URL and every `Location`/`Content-Location` response header.',
    traps:
      'The 2024-11-05 text does not say how the SSE session is carried; `?sessionId=` is an SDK convention (hence medium). Credential-like parameters are LEG22, not here. IDs shorter than 16 characters are matched only as a whole path segment or query value to avoid chance matches.',
    notes:
      'Keys `sse-query` and `sse-path` (medium) and `redirect` (high: an issued ID in a `Location` or `Content-Location` header) as in the catalogue; an issued ID in any other recorded URL (for example the `endpoint` URI or a request URL learned from the server) is reported under the extra key `url` (high). UUID-shaped query values under other parameter names are reported as `sse-query`. The HTTP+SSE location is the endpoint URI with values replaced (`{value}`, `{uuid}`) so the fingerprint survives new sessions.',
  },
  evaluate(ev, ctx) {
    const verdicts: Verdict[] = [];
    const base = ev.target.url;
    const ids = issuedIds(ev);
    const probesOf = (list: readonly ExchangeId[]) =>
      [...new Set(ev.exchanges.filter((x) => list.includes(x.id)).map((x) => x.probe))].join(', ');

    if (ids.size > 0) {
      const inLocation: ExchangeId[] = [];
      const inUrl: ExchangeId[] = [];
      for (const x of ev.exchanges) {
        const locations = [
          ...(x.response?.headers['location'] ?? []),
          ...(x.response?.headers['content-location'] ?? []),
        ];
        if (locations.some((l) => containsAny(l, ids, x.request.url))) inLocation.push(x.id);
        if (containsAny(x.request.url, ids, base)) inUrl.push(x.id);
      }
      const endpoint = ev.sse?.endpoint;
      const endpointHit = endpoint && containsAny(endpoint.resolved ?? endpoint.raw, ids, ev.sse.streamUrl);
      if (endpointHit && ev.sse) inUrl.push(ev.sse.get.exchange);
      if (inLocation.length > 0) {
        verdicts.push(
          ctx.fail(
            `An issued \`Mcp-Session-Id\` value appears in a redirect \`Location\` (or \`Content-Location\`) header (${probesOf(inLocation)}).`,
            inLocation,
            {
              key: 'redirect',
              severity: 'high',
            },
          ),
        );
      }
      const urlOnly = [...new Set(inUrl)].filter((x) => !inLocation.includes(x));
      if (urlOnly.length > 0) {
        verdicts.push(
          ctx.fail(
            `An issued \`Mcp-Session-Id\` value appears in a URL used to reach the server (${probesOf(urlOnly)}).`,
            urlOnly,
            {
              key: 'url',
              severity: 'high',
            },
          ),
        );
      }
    }

    const sse = ev.sse;
    let sseJudged = false;
    if (sse?.endpoint) {
      const u = parse(sse.endpoint.resolved ?? sse.endpoint.raw, sse.streamUrl);
      if (u) {
        sseJudged = true;
        const location = `sse:${templateOf(u)}`;
        const names = [...new Set(u.searchParams.keys())];
        const byName = names.filter((n) => SESSION_PARAM.test(n));
        const byValue = names.filter(
          (n) => !byName.includes(n) && u.searchParams.getAll(n).some((v) => UUID_SHAPED.test(v)),
        );
        if (byName.length + byValue.length > 0) {
          verdicts.push(
            ctx.fail(
              `The HTTP+SSE endpoint URI carries the session in its query (${[...byName, ...byValue].map((n) => `\`${n}\``).join(', ')}).`,
              [sse.get.exchange],
              { key: 'sse-query', severity: 'medium', location },
            ),
          );
        }
        if (u.pathname.split('/').some((seg) => UUID_SHAPED.test(safeDecode(seg)))) {
          verdicts.push(
            ctx.fail(
              'The HTTP+SSE endpoint URI carries a UUID-shaped (session-like) path segment.',
              [sse.get.exchange],
              {
                key: 'sse-path',
                severity: 'medium',
                location,
              },
            ),
          );
        }
      }
    }

    if (verdicts.length > 0) return verdicts;
    if (ids.size === 0 && !sse) {
      return ev.detection.authWall
        ? ctx.inconclusive(
            'auth_wall',
            'Every MCP request was refused (401/403); no session could be opened.',
          )
        : ctx.notApplicable(
            'feature_absent',
            'No session ID was issued and the target does not use HTTP+SSE.',
          );
    }
    if (sse && !sseJudged) {
      return ctx.inconclusive(
        'ambiguous',
        'The HTTP+SSE stream announced no usable `endpoint` URI to inspect.',
        [sse.get.exchange],
      );
    }
    const what = [
      ids.size > 0
        ? `none of the ${ids.size} issued session IDs appears in a recorded URL or Location`
        : null,
      sseJudged ? 'the HTTP+SSE endpoint URI carries no session-like parameter' : null,
    ].filter((s) => s !== null);
    return ctx.pass(
      `Session identifiers stay out of URLs: ${what.join('; ')}.`,
      sse ? [sse.get.exchange] : [],
    );
  },
});
