import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { rfc } from '../../spec/citations.js';
import { advertisedPrmUrls, foundPrms, rfcNote } from '../authn/discovery.js';
import { sameUrl } from '../../evidence/parse/url.js';
import { probeExchanges } from '../shared/exchanges.js';
import { prmLocation } from '../shared/locations.js';

/** RFC 9728 §3.2: parameters with zero values are omitted, not sent empty. */
function emptyMembers(doc: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(doc).filter((k) => {
    const v = doc[k];
    return v === null || (Array.isArray(v) && v.length === 0);
  });
}

export default defineCheck({
  meta: {
    id: 'MCPP-PRM02',
    title: 'PRM served as a well-formed JSON document',
    requirement:
      'PRM responses are 200, `application/json`, a JSON object, with zero-valued members omitted; an advertised URL serves the document.',
    keyword: 'MUST',
    revisions: 'any',
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['detection', 'oauth'],
    rating: { scope: 'authorization', discoveryChain: true },
    chain: { hop: 'resource-metadata' },
    keys: {
      status: 'a PRM variant was served with a 2xx other than 200',
      'content-type': 'a PRM variant was served with another media type than application/json',
      'empty-member': 'a PRM variant sends a member that is null or an empty array instead of omitting it',
      advertised: 'the PRM URL a challenge advertises yields no document (also its fetch_failed non-verdict)',
    },
    severity: 'medium',
    citations: [rfc(9728, '3.2')],
    rationale:
      'Clients are entitled to reject metadata that is not a 200 `application/json` object; strict libraries do. A document some clients accept and others refuse makes the server work for only part of its users.',
    remediation:
      'Serve the PRM with status 200 and `Content-Type: application/json`, as a JSON object; omit members that would be empty arrays or null; make sure the URL in the challenge’s `resource_metadata` serves it.',
    evidence: 'Every `p.prm` response: status, media type, parsed body; the challenge’s `resource_metadata`.',
    traps: '`application/json; charset=utf-8` passes; static hosting serving `text/plain` fails (medium).',
    notes:
      'One result per found variant (`prm:<url>`; found = a 2xx answer carrying a JSON object), plus one per advertised URL that yields no document (key `advertised`; a network error or 5xx there is inconclusive). Keys per variant: `status` (2xx other than 200), `content-type`, `empty-member` (a member that is `null` or an empty array). Evaluated whenever PRM is published or advertised (revisions `any`).',
  },
  evaluate(ev, ctx) {
    const oauth = ev.oauth;
    const found = foundPrms(oauth);
    const advertised = advertisedPrmUrls(oauth);
    if (found.length === 0 && advertised.length === 0) {
      return ctx.notApplicable('feature_absent', 'No PRM was found or advertised.');
    }
    const note = rfcNote(ev);
    const verdicts: Verdict[] = [];
    for (const f of found) {
      const location = prmLocation(f.candidate.url);
      let ok = true;
      if (f.fetch.status !== 200) {
        ok = false;
        verdicts.push(
          ctx.fail(
            `The PRM at ${f.candidate.url} was served with status ${f.fetch.status}, not 200.${note}`,
            f.exchanges,
            {
              location,
              key: 'status',
            },
          ),
        );
      }
      if (f.fetch.mediaType !== 'application/json') {
        ok = false;
        verdicts.push(
          ctx.fail(
            `The PRM at ${f.candidate.url} was served as ${f.fetch.mediaType ?? 'no media type'}, not application/json.${note}`,
            f.exchanges,
            { location, key: 'content-type' },
          ),
        );
      }
      const empty = emptyMembers(f.doc);
      if (empty.length > 0) {
        ok = false;
        verdicts.push(
          ctx.fail(
            `The PRM at ${f.candidate.url} sends zero-valued members instead of omitting them: ${empty.join(', ')}.${note}`,
            f.exchanges,
            { location, key: 'empty-member' },
          ),
        );
      }
      if (ok) {
        verdicts.push(
          ctx.pass(`The PRM at ${f.candidate.url} is a 200 application/json object.${note}`, f.exchanges, {
            location,
          }),
        );
      }
    }
    for (const a of advertised) {
      if (found.some((f) => sameUrl(f.candidate.url, a.url))) continue;
      const location = prmLocation(a.url);
      const fetched = oauth.prm.find((c) => sameUrl(c.url, a.url))?.fetch;
      if (!fetched || fetched.kind !== 'ok' || fetched.value.status >= 500) {
        verdicts.push(
          ctx.inconclusive(
            'fetch_failed',
            `The advertised PRM URL ${a.url} could not be fetched${fetched?.kind === 'ok' ? ` (${fetched.value.status})` : ''}.`,
            [a.exchange, ...(fetched ? probeExchanges(fetched) : [])],
            { location, key: 'advertised' },
          ),
        );
        continue;
      }
      const v = fetched.value;
      verdicts.push(
        ctx.fail(
          `The challenge advertises ${a.url}, which answered ${v.status} ${v.mediaType ?? 'without a media type'} without a JSON object.${note}`,
          [a.exchange, ...fetched.exchanges],
          { location, key: 'advertised' },
        ),
      );
    }
    return verdicts;
  },
});
