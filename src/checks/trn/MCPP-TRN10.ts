import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { FETCH_CORS, rfc } from '../../spec/citations.js';
import { discoveryFetches, isFoundDocument } from '../authn/discovery.js';
import { exchangeOf } from '../shared/exchanges.js';

export default defineCheck({
  meta: {
    id: 'MCPP-TRN10',
    title: 'Discovery documents served with safe headers',
    requirement:
      'PRM and AS metadata responses carry `X-Content-Type-Options: nosniff` and never combine a `*`, `null` or reflected `Access-Control-Allow-Origin` with `Access-Control-Allow-Credentials: true`.',
    keyword: 'policy',
    revisions: 'any',
    transports: ['streamable-http', 'as'],
    mode: 'passive',
    requires: ['target', 'exchanges', 'oauth?'],
    rating: { scope: 'protocol' },
    keys: {
      nosniff: 'a metadata document is served without X-Content-Type-Options: nosniff (low)',
      'cors-credentials':
        'a metadata document combines a *, null or reflected Access-Control-Allow-Origin with Access-Control-Allow-Credentials: true (medium)',
    },
    severity: 'low',
    citations: [rfc(9728, '3.2'), rfc(8414, '3.2'), FETCH_CORS],
    rationale:
      'Metadata documents steer clients to authorization servers and keys. `nosniff` stops browsers from reinterpreting them as script or HTML; credentialed CORS for any origin lets any web page read responses with the user’s cookies.',
    remediation:
      'Send `X-Content-Type-Options: nosniff` with the metadata, and either no CORS headers or `Access-Control-Allow-Origin: *` without `Access-Control-Allow-Credentials`.',
    evidence:
      'Response headers of each distinct final URL that served a PRM (`p.prm`) or AS metadata (`p.as`, `p.as0326`) document.',
    traps:
      '`Access-Control-Allow-Origin: *` without credentials on public metadata is correct (browser clients need it) — never flagged; large IdPs often omit nosniff on JSON (low).',
    notes:
      'Only answers that are documents (2xx with a JSON object) are judged, one result per distinct final URL and key (`prm:<url>` or `as:<issuer>`). Keys: `nosniff` (low), `cors-credentials` (medium). Reflection can only be seen when the request carried an `Origin`; metadata fetches normally do not, so reflection is judged only then.',
  },
  evaluate(ev, ctx) {
    const docs = discoveryFetches(ev).filter((d) => isFoundDocument(d.fetch));
    const seen = new Set<string>();
    const verdicts: Verdict[] = [];
    for (const d of docs) {
      if (seen.has(d.fetch.finalUrl)) continue;
      seen.add(d.fetch.finalUrl);
      const x = exchangeOf(ev, d.fetch.exchange);
      const headers = x?.response?.headers ?? {};
      const ids = [d.fetch.exchange];
      const opts = { location: d.location };
      let ok = true;
      const nosniff = (headers['x-content-type-options'] ?? []).some(
        (v) => v.trim().toLowerCase() === 'nosniff',
      );
      if (!nosniff) {
        ok = false;
        verdicts.push(
          ctx.fail(
            `The ${d.kind} at ${d.fetch.finalUrl} is served without X-Content-Type-Options: nosniff.`,
            ids,
            {
              ...opts,
              key: 'nosniff',
            },
          ),
        );
      }
      const acao = headers['access-control-allow-origin']?.[0]?.trim();
      const credentials = headers['access-control-allow-credentials']?.[0]?.trim().toLowerCase() === 'true';
      const requestOrigin = x?.request.headers['origin'];
      const open = acao === '*' || acao === 'null' || (requestOrigin !== undefined && acao === requestOrigin);
      if (credentials && open) {
        ok = false;
        verdicts.push(
          ctx.fail(
            `The ${d.kind} at ${d.fetch.finalUrl} combines Access-Control-Allow-Origin: ${acao} with Access-Control-Allow-Credentials: true.`,
            ids,
            { ...opts, key: 'cors-credentials', severity: 'medium' },
          ),
        );
      }
      if (ok)
        verdicts.push(
          ctx.pass(
            `The ${d.kind} at ${d.fetch.finalUrl} is served with nosniff and safe CORS headers.`,
            ids,
            opts,
          ),
        );
    }
    if (verdicts.length === 0) {
      return ctx.notApplicable('feature_absent', 'No PRM or AS metadata document was found.');
    }
    return verdicts;
  },
});
