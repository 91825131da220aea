import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import type { Evidence, ExchangeId, HttpEndpoint } from '../../evidence/types.js';
import { canonicalUrl } from '../../evidence/parse/url.js';
import { mcp, rfc } from '../../spec/citations.js';
import { noAuth, rfcNote } from './discovery.js';

type Defect = 'missing' | 'scheme' | 'syntax';

const BEARER_SCHEME = /(?:^|,)\s*bearer(?:\s|,|$)/i;

/** URLs that answer as the MCP endpoint: the target, a same-origin redirect target, the HTTP+SSE message endpoint. */
function endpointUrls(
  ev: Pick<Evidence, 'target' | 'sse'> & { readonly endpoint: HttpEndpoint },
): Set<string> {
  const urls = new Set<string>();
  const add = (u: string | null | undefined, base?: string) => {
    const c = u ? canonicalUrl(u, base) : null;
    if (c) urls.add(c);
  };
  add(ev.target.url);
  if (ev.endpoint.redirect?.sameOrigin) add(ev.endpoint.redirect.location, ev.target.url);
  add(ev.sse?.endpoint?.resolved);
  return urls;
}

/** What is wrong with the challenge of one 401, or null when it carries a well-formed Bearer challenge. */
function defectOf(ev: Pick<Evidence, 'oauth'>, id: ExchangeId, values: readonly string[]): Defect | null {
  const observed = ev.oauth?.challenges.find((c) => c.exchange === id);
  if (observed) {
    if (observed.header.length === 0) return 'missing';
    if (observed.challenges === null) return 'syntax';
    const bearer = observed.challenges.find((c) => c.scheme === 'bearer');
    if (!bearer) return 'scheme';
    // RFC 6750 §3: Bearer takes auth-params only, each at most once.
    return bearer.token68 !== null || bearer.duplicateParams.length > 0 ? 'syntax' : null;
  }
  // A 401 the discovery did not parse: judge presence and scheme from the raw field values.
  if (values.length === 0 || values.every((v) => v.trim() === '')) return 'missing';
  return values.some((v) => BEARER_SCHEME.test(v)) ? null : 'scheme';
}

const MESSAGES: Record<Defect, string> = {
  missing: 'carry no WWW-Authenticate header',
  scheme: 'carry WWW-Authenticate without a Bearer challenge',
  syntax: 'carry a WWW-Authenticate value that is not a well-formed Bearer challenge',
};

export default defineCheck({
  meta: {
    id: 'MCPP-AUTHN02',
    title: '401 carries a Bearer challenge',
    requirement:
      'Every 401 from the MCP endpoint includes `WWW-Authenticate` with a syntactically valid `Bearer` challenge.',
    keyword: 'MUST',
    revisions: 'any',
    transports: ['streamable-http', 'http+sse'],
    mode: 'passive',
    requires: ['auth', 'target', 'detection', 'exchanges', 'oauth?', 'endpoint', 'sse?'],
    rating: { scope: 'authorization', discoveryChain: true },
    chain: { hop: 'challenge' },
    keys: {
      missing: '401 answers of the MCP endpoint carry no WWW-Authenticate header',
      scheme: '401 answers carry WWW-Authenticate without a Bearer challenge',
      syntax:
        'the WWW-Authenticate value does not parse, or the Bearer challenge carries a token68 or a repeated parameter',
    },
    severity: 'medium',
    citations: [
      rfc(9110, '15.5.2'),
      rfc(9110, '11.6.1'),
      rfc(6750, '3'),
      mcp('2025-06-18', 'basic/authorization', 'Authorization Server Location'),
      mcp(
        '2026-07-28',
        'basic/authorization/authorization-server-discovery',
        'Protected Resource Metadata Discovery Requirements',
      ),
    ],
    rationale:
      'The Bearer challenge on a 401 is how a client learns that it needs an OAuth token and, in MCP, where to start discovering the authorization server. Without it, conforming clients cannot begin the authorization flow.',
    remediation:
      'Send `WWW-Authenticate: Bearer` on every 401 of the MCP endpoint, with parameters as quoted strings (for MCP: `resource_metadata="…"` and `scope="…"`). Keep additional schemes (DPoP) as separate challenges.',
    evidence:
      'The `WWW-Authenticate` field values of every 401 answered by the MCP endpoint (all probes, including the safe ones), parsed by the tolerant challenge parser of the discovery probes.',
    traps:
      'Additional `DPoP` challenges are fine; unknown parameters (`resource=`) are ignored per RFC; some gateways omit the header on later 401s — every 401 is judged.',
    notes:
      'Severity is high when 2025-06-18 is a known or candidate revision (the challenge is the MCP discovery entry point there), medium otherwise. Keys: `missing`, `scheme` (no Bearer among the challenges), `syntax` (the field does not parse, or the Bearer challenge carries a token68 or a repeated parameter, both outside RFC 6750 §3). A 401 the discovery did not parse is judged on presence and scheme only.',
  },
  evaluate(ev, ctx) {
    const gate = noAuth(ev, ctx);
    if (gate) return gate;
    const urls = endpointUrls(ev);
    const byDefect = new Map<Defect, ExchangeId[]>();
    const good: ExchangeId[] = [];
    for (const x of ev.exchanges) {
      if (x.response?.status !== 401) continue;
      const url = canonicalUrl(x.request.url);
      if (url === null || !urls.has(url)) continue;
      const defect = defectOf(ev, x.id, x.response.headers['www-authenticate'] ?? []);
      if (defect === null) good.push(x.id);
      else byDefect.set(defect, [...(byDefect.get(defect) ?? []), x.id]);
    }
    const total = good.length + [...byDefect.values()].reduce((n, l) => n + l.length, 0);
    if (total === 0) {
      return ctx.notApplicable('feature_absent', 'No 401 was observed from the MCP endpoint.');
    }
    const r = ev.detection.revision;
    const severity = [...r.known, ...r.unconfirmed].includes('2025-06-18') ? 'high' : 'medium';
    const note = rfcNote(ev);
    const verdicts: Verdict[] = [];
    for (const [defect, ids] of byDefect) {
      verdicts.push(
        ctx.fail(`${ids.length} of ${total} 401 answer(s) ${MESSAGES[defect]}.${note}`, ids.slice(0, 8), {
          key: defect,
          severity,
        }),
      );
    }
    if (verdicts.length === 0) {
      verdicts.push(
        ctx.pass(`All ${total} 401 answer(s) carry a Bearer challenge.${note}`, good.slice(0, 8)),
      );
    }
    return verdicts;
  },
});
