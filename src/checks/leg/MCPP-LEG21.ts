import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';

function parse(url: string | null): URL | null {
  if (url === null) return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

export default defineCheck({
  meta: {
    id: 'MCPP-LEG21',
    title: 'HTTP+SSE message endpoint is same-origin',
    requirement: 'The `endpoint` URI resolves to the SSE URL’s origin.',
    keyword: 'policy',
    revisions: 'any',
    transports: ['http+sse'],
    mode: 'passive',
    requires: ['sse'],
    rating: { scope: 'protocol' },
    keys: {
      downgrade: 'an https stream announces a cleartext http message endpoint (high)',
      'cross-origin':
        'the message endpoint is on another origin than the SSE URL (low when only the scheme is upgraded)',
    },
    severity: 'medium',
    citations: [
      mcp('2024-11-05', 'basic/transports', 'HTTP with SSE'),
      mcp('2025-11-25', 'basic/security_best_practices', 'Server-Side Request Forgery (SSRF)'),
    ],
    rationale:
      'Clients POST every message, and any credential they attach, to whatever URI the stream announces. A different origin sends that traffic to a host the user never configured; an http URI under an https stream sends it in cleartext.',
    remediation:
      'Announce the message endpoint as a relative path (for example `/messages?sessionId=…`) or as an absolute URI on the SSE URL’s own scheme, host and port. Behind a reverse proxy, build it from the public URL, not the internal listener.',
    evidence:
      'The `endpoint` URI of `p.sse`, resolved against the stream URL, compared with the stream URL’s origin.',
    traps:
      'Reverse proxies announcing internal names (an http URI on `localhost:8080`) fail and break clients; relative URIs are resolved against the SSE URL first.',
    notes:
      'Runs whenever HTTP+SSE is observed, whatever version was negotiated over it (`revisions: any`, `docs/model/revisions.md#transport-shape-and-protocol-level`). Keys: `downgrade` (high) when an https stream announces an http endpoint; `cross-origin` (medium) for another host or port; an http stream announcing https on the same host is `cross-origin` at low severity (nothing leaves the host in cleartext). The location is the endpoint without its query, so session IDs stay out of fingerprints.',
  },
  evaluate(ev, ctx) {
    const sse = ev.sse;
    const endpoint = parse(sse.endpoint?.resolved ?? null);
    const stream = parse(sse.streamUrl);
    if (!endpoint || !stream)
      return ctx.notApplicable('feature_absent', 'The stream announced no usable endpoint URI (LEG20).');
    const evidence = [sse.get.exchange];
    const location = `sse:${endpoint.origin}${endpoint.pathname}`;
    const shown = `${endpoint.origin}${endpoint.pathname}`;

    if (endpoint.origin === stream.origin) {
      return ctx.pass('The message endpoint is on the SSE URL’s origin.', evidence, { location });
    }
    if (stream.protocol === 'https:' && endpoint.protocol === 'http:') {
      return ctx.fail(
        `The https stream at ${stream.origin} announces a cleartext message endpoint ${shown}.`,
        evidence,
        {
          key: 'downgrade',
          location,
          severity: 'high',
        },
      );
    }
    const upgradeOnly =
      endpoint.hostname === stream.hostname && stream.protocol === 'http:' && endpoint.protocol === 'https:';
    return ctx.fail(
      `The stream at ${stream.origin} announces a message endpoint on another origin: ${shown}.`,
      evidence,
      {
        key: 'cross-origin',
        location,
        ...(upgradeOnly ? { severity: 'low' as const } : {}),
      },
    );
  },
});
