import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';

export default defineCheck({
  meta: {
    id: 'MCPP-LEG05',
    title: 'GET answers with an SSE stream or 405',
    requirement:
      'GET on the MCP endpoint with `Accept: text/event-stream` and a valid session returns `Content-Type: text/event-stream` or `405 Method Not Allowed`.',
    keyword: 'MUST',
    transportShape: true,
    revisions: revisionRange('2025-03-26', '2025-11-25'),
    transports: ['streamable-http'],
    mode: 'safe',
    requires: ['sessions'],
    rating: { scope: 'protocol' },
    keys: {
      '<status>':
        'the HTTP status the GET was answered with, when it was neither an SSE stream nor 405 (a 200 with another media type is `200`)',
    },
    severity: 'medium',
    citations: [
      mcp('2025-11-25', 'basic/transports', 'Listening for Messages from the Server'),
      mcp('2025-11-25', 'basic/transports', 'Streamable HTTP'),
    ],
    rationale:
      'Clients open the GET stream to receive server-initiated messages and treat 405 as "not offered". Any other answer (404, 400, an HTML page) makes conforming clients report a broken server or retry in a loop.',
    remediation:
      'On the MCP endpoint path, answer GET with `Content-Type: text/event-stream` when the server offers a standalone stream, and with `405 Method Not Allowed` otherwise. Do not serve the stream on a different path.',
    evidence:
      '`s.get`: GET with `Accept: text/event-stream` and the session ID (stream read for at most 2 s, then closed) — status and `Content-Type`.',
    traps:
      'The spec requires one endpoint path for POST and GET — a stream on a separate path fails; a silent 200 SSE stream is a pass (servers may send nothing); proxies buffering SSE can delay headers — only the headers are judged.',
    notes:
      'Any 2xx with `text/event-stream` passes. 401/403 are reported as `auth_wall` and 429 as `rate_limited`; every other answer fails with the status as key (a 200 with another media type fails as `200`).',
  },
  evaluate(ev, ctx) {
    const leg = ev.sessions;
    const p = leg.get;
    if (p.kind !== 'ok') return ctx.fromProbe(p, 'The GET for the standalone SSE stream (s.get)');
    const r = p.value;
    const ex = [r.exchange];
    if (r.status >= 200 && r.status < 300 && r.mediaType === 'text/event-stream') {
      return ctx.pass(`GET opened an SSE stream (HTTP ${r.status}, text/event-stream).`, ex);
    }
    if (r.status === 405)
      return ctx.pass('GET was answered 405: the server offers no standalone SSE stream.', ex);
    if (r.status === 401 || r.status === 403)
      return ctx.inconclusive('auth_wall', `GET was answered ${r.status}.`, ex);
    if (r.status === 429) return ctx.inconclusive('rate_limited', 'GET was answered 429.', ex);
    return ctx.fail(
      `GET on the MCP endpoint was answered HTTP ${r.status} with ${r.mediaType ?? 'no media type'}; expected text/event-stream or 405.`,
      ex,
      { key: String(r.status) },
    );
  },
});
