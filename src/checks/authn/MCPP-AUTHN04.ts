import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { isLoopbackHostname } from '../../evidence/parse/url.js';
import { rfc } from '../../spec/citations.js';
import { prmLocation } from '../shared/locations.js';
import { advertisedPrmUrls, rfcNote } from './discovery.js';

function parse(url: string): URL | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
}

export default defineCheck({
  meta: {
    id: 'MCPP-AUTHN04',
    title: '`resource_metadata` URL is https and same-origin',
    requirement:
      'The advertised PRM URL uses https (loopback http excepted) and, preferably, the MCP endpoint’s origin.',
    keyword: 'MUST',
    revisions: 'any',
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['target', 'detection', 'oauth'],
    rating: { scope: 'authorization' },
    chain: { hop: 'challenge' },
    keys: {
      http: 'resource_metadata uses cleartext http on a non-loopback host',
      'cross-origin': 'resource_metadata is on another origin than the MCP endpoint (info)',
      invalid: 'resource_metadata is not an absolute http(s) URL',
    },
    severity: 'medium',
    citations: [rfc(9728, '5.1'), rfc(9728, '7.1')],
    rationale:
      'The PRM tells a client which authorization server to trust. Fetched over cleartext, anyone on the path can substitute their own; served from a foreign origin, it rests on a host the MCP endpoint does not control.',
    remediation:
      'Advertise an https URL for `resource_metadata` (plain http only for loopback development servers), preferably on the MCP endpoint’s own origin, e.g. `/.well-known/oauth-protected-resource/<path>` on the endpoint’s https origin.',
    evidence:
      'The `resource_metadata` parameter of the Bearer challenges to ordinary unauthenticated requests.',
    traps:
      'Hosted authorization gateways legitimately serve PRM from another origin (info); private or loopback hosts from a public target are PRM14.',
    notes:
      'Evaluated whenever the parameter is advertised (revisions `any`: the TLS requirement is RFC 9728’s). One result per distinct advertised URL (`prm:<url>`). Keys: `http` (medium), `cross-origin` (info), and `invalid` (medium; not in the catalogue row) for a value that is not an absolute http(s) URL — RFC 9728 §5.1 defines the parameter as a URL, and clients cannot fetch anything else.',
  },
  evaluate(ev, ctx) {
    const oauth = ev.oauth;
    const advertised = advertisedPrmUrls(oauth);
    if (advertised.length === 0) {
      return ctx.notApplicable('feature_absent', 'No challenge advertises resource_metadata.');
    }
    const note = rfcNote(ev);
    const verdicts: Verdict[] = [];
    for (const a of advertised) {
      const location = prmLocation(a.url);
      const u = parse(a.url);
      if (!u) {
        verdicts.push(
          ctx.fail(`resource_metadata is not an absolute http(s) URL: ${a.url}.${note}`, [a.exchange], {
            location,
            key: 'invalid',
          }),
        );
      } else if (u.protocol === 'http:' && !isLoopbackHostname(u.hostname)) {
        verdicts.push(
          ctx.fail(
            `resource_metadata uses cleartext http on a non-loopback host: ${a.url}.${note}`,
            [a.exchange],
            {
              location,
              key: 'http',
            },
          ),
        );
      } else if (u.origin !== new URL(ev.target.url).origin) {
        verdicts.push(
          ctx.fail(
            `resource_metadata is on another origin (${u.origin}) than the MCP endpoint (${new URL(ev.target.url).origin}).${note}`,
            [a.exchange],
            { location, key: 'cross-origin', severity: 'info' },
          ),
        );
      } else {
        const how = u.protocol === 'https:' ? 'https' : 'loopback http';
        verdicts.push(
          ctx.pass(
            `resource_metadata uses ${how} on the MCP endpoint’s origin: ${a.url}.${note}`,
            [a.exchange],
            {
              location,
            },
          ),
        );
      }
    }
    return verdicts;
  },
});
