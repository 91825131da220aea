import { defineCheck } from '../define-check.js';
import { isLoopbackHostname } from '../../evidence/parse/url.js';
import { oauth21, rfc } from '../../spec/citations.js';

export default defineCheck({
  meta: {
    id: 'MCPP-TRN01',
    title: 'MCP endpoint uses HTTPS (loopback exempt)',
    requirement:
      'A non-loopback MCP endpoint (and an HTTP+SSE message endpoint) is served over TLS, so tokens and session IDs never cross the network in cleartext.',
    keyword: 'MUST',
    revisions: 'any',
    transports: ['streamable-http', 'http+sse'],
    mode: 'passive',
    requires: ['target', 'detection', 'auth', 'endpoint', 'sessions?', 'sse?'],
    rating: { scope: 'protocol' },
    chain: { hop: 'endpoint' },
    classIndependent: true,
    keys: {
      endpoint: 'the MCP endpoint is served over cleartext http on a non-loopback host',
      'sse-endpoint':
        'the HTTP+SSE message endpoint the stream announced uses cleartext http on a non-loopback host',
    },
    severity: 'high',
    citations: [rfc(6750, '5.3'), oauth21('1.5'), rfc(9325)],
    rationale:
      'Bearer tokens and session IDs sent over cleartext HTTP can be read and replayed by anyone on the network path.',
    remediation:
      'Serve the MCP endpoint only over https (TLS 1.2 or later). Plain http is acceptable only for a server bound to a loopback address.',
    evidence: 'The scheme of the target URL and of the HTTP+SSE `endpoint` URI.',
    traps:
      'RFC 1918 addresses are not loopback (LAN sniffing): they fail. A configured http URL that redirects to https is judged on the configured URL; TRN11 records the redirect.',
    notes:
      'Severity is critical when authorization is in use or a session ID is issued, high otherwise (catalogue row). The MUST keyword applies when bearer tokens or sessions are in use; otherwise the row is policy.',
  },
  evaluate(ev, ctx) {
    const sessionIssued = (ev.sessions?.sessionSamples.length ?? 0) > 0;
    const severity = ev.auth.inUse || sessionIssued ? 'critical' : 'high';
    const verdicts = [];
    const exchange = ev.detection.discover.kind !== 'skipped' ? ev.detection.discover.exchanges : [];
    if (ev.endpoint.scheme === 'https') {
      verdicts.push(ctx.pass('The MCP endpoint is served over https.', exchange));
    } else if (ev.target.scope === 'loopback') {
      verdicts.push(ctx.pass('Plain http on a loopback address: traffic never leaves the host.', exchange));
    } else {
      verdicts.push(
        ctx.fail(
          `The MCP endpoint ${ev.target.url} is served over cleartext http on a non-loopback host.`,
          exchange,
          {
            key: 'endpoint',
            severity,
          },
        ),
      );
    }
    const sseEndpoint = ev.sse?.endpoint?.resolved;
    if (sseEndpoint) {
      const url = new URL(sseEndpoint);
      if (url.protocol === 'http:' && !isLoopbackHostname(url.hostname)) {
        verdicts.push(
          ctx.fail(
            `The HTTP+SSE message endpoint ${sseEndpoint} uses cleartext http.`,
            [ev.sse.get.exchange],
            {
              key: 'sse-endpoint',
              location: `sse:${sseEndpoint}`,
              severity,
            },
          ),
        );
      }
    }
    return verdicts;
  },
});
