import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';

/** An `endpoint` URI must resolve to something a client can POST to. */
function postable(raw: string, resolved: string | null): boolean {
  // Empty data would "resolve" to the stream URL itself.
  if (resolved === null || raw.trim() === '') return false;
  try {
    const u = new URL(resolved);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

export default defineCheck({
  meta: {
    id: 'MCPP-LEG20',
    title: 'HTTP+SSE stream announces its message endpoint',
    requirement: 'On connect, the SSE stream’s first event is `event: endpoint` with a URI for POSTs.',
    keyword: 'MUST',
    revisions: 'any',
    transports: ['http+sse'],
    mode: 'passive',
    requires: ['sse'],
    rating: { scope: 'protocol' },
    keys: {
      missing: 'the SSE stream sent no endpoint event',
      order: 'the endpoint event arrived after another event instead of first (low)',
      uri: 'the endpoint event data does not resolve to an http(s) URI',
    },
    severity: 'medium',
    citations: [mcp('2024-11-05', 'basic/transports', 'HTTP with SSE')],
    rationale:
      'An HTTP+SSE client cannot send anything, not even `initialize`, until the stream tells it where to POST; without a usable `endpoint` event the server is unusable by conforming clients.',
    remediation:
      'Send `event: endpoint` with the message URI (absolute, or relative to the SSE URL) as the first event of every new SSE connection, before any other event.',
    evidence:
      '`p.sse`: the first event of the stream and the `endpoint` event data, resolved against the stream URL.',
    traps:
      'Comment and keep-alive lines before the first event are fine; absolute and relative URIs are both valid. Event names are case-sensitive (`Endpoint` is not `endpoint`).',
    notes:
      'Runs whenever the HTTP+SSE transport is observed, whatever version `initialize` negotiated over it (`docs/model/revisions.md#transport-shape-and-protocol-level`, `docs/model/revisions.md#the-2024-11-05-revision`): `revisions` is `any` because current SDKs negotiate 2025-11-25 over HTTP+SSE and a 2024-11-05-only range would make the check not applicable there; the requirement text is 2024-11-05’s. The specification says the `endpoint` event is sent "when a client connects", not literally first: an `endpoint` event preceded by other events fails with key `order` at low severity (clients that wait for the event still work), not as `missing`. A URI that does not resolve to http(s) fails with key `uri`.',
  },
  evaluate(ev, ctx) {
    const sse = ev.sse;
    const get = sse.get;
    const evidence = [get.exchange];
    if (get.status < 200 || get.status >= 300 || get.mediaType !== 'text/event-stream') {
      return ctx.notApplicable(
        'feature_absent',
        `The GET was answered ${get.status} ${get.mediaType ?? '(no media type)'}, not an SSE stream.`,
      );
    }
    const first = sse.firstEvent;
    const endpoint = sse.endpoint;
    if (!endpoint) {
      const seen = first ? `the first event is \`${first.event ?? 'message'}\`` : 'no event arrived';
      return ctx.fail(`The SSE stream sent no \`endpoint\` event (${seen}).`, evidence, { key: 'missing' });
    }
    const verdicts = [];
    if (first && first.event !== 'endpoint') {
      verdicts.push(
        ctx.fail(
          `The \`endpoint\` event arrived after a \`${first.event ?? 'message'}\` event instead of first.`,
          evidence,
          {
            key: 'order',
            severity: 'low',
          },
        ),
      );
    }
    if (!postable(endpoint.raw, endpoint.resolved)) {
      verdicts.push(
        ctx.fail(
          `The \`endpoint\` event data (${endpoint.raw.length} characters) does not resolve to an http(s) URI against the stream URL.`,
          evidence,
          { key: 'uri' },
        ),
      );
    }
    if (verdicts.length === 0)
      verdicts.push(ctx.pass('The first SSE event is `endpoint` with a usable URI.', evidence));
    return verdicts;
  },
});
