import { defineCheck } from '../define-check.js';
import type { ExchangeId, Probe } from '../../evidence/types.js';
import { isHttpReply } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';

function exchangesOf(p: Probe<unknown>): readonly ExchangeId[] {
  return p.kind === 'skipped' ? [] : p.exchanges;
}

export default defineCheck({
  meta: {
    id: 'MCPP-TRN06',
    title: 'Streamable HTTP offered',
    requirement:
      'The configured URL offers Streamable HTTP rather than only the deprecated HTTP+SSE transport.',
    keyword: 'SHOULD NOT',
    revisions: revisionRange(),
    transports: ['streamable-http', 'http+sse'],
    mode: 'passive',
    requires: ['target', 'detection', 'endpoint', 'sse?'],
    rating: { scope: 'protocol' },
    keys: {},
    severity: 'medium',
    citations: [
      mcp('2026-07-28', 'basic/transports/streamable-http', 'HTTP+SSE Transport (2024-11-05)'),
      mcp('2026-07-28', 'deprecated', 'Deprecated'),
      mcp('2025-03-26', 'basic/transports', 'Backwards Compatibility'),
    ],
    rationale:
      'HTTP+SSE has been deprecated since 2025-03-26: current clients may drop it, it needs a second endpoint whose URI carries the session, and it receives no fixes from later revisions (Origin rules, status codes, modern wire).',
    remediation:
      'Serve Streamable HTTP (POST, and GET/DELETE as the revision requires) at the configured URL. Keep the HTTP+SSE endpoints on a separate path only while older clients need them.',
    evidence:
      'The detection ladder (`docs/model/revisions.md#the-detection-ladder`): the POST probes (`p.discover`, `p.init(v)`) failed with 400/404/405 and a non-modern body, and `p.sse` yielded an `endpoint` event.',
    traps:
      'Servers hosting both (`/mcp` and `/sse`) fail when the `/sse` URL is scanned — the finding names the URL; frameworks answering 404 on POST to `/sse` are normal.',
    notes:
      'Evaluated per known revision: under 2024-11-05 HTTP+SSE is that revision’s own transport and is not deprecated there, but the revision itself is superseded, so the result is low; under ≥2025-03-26 it is medium (SHOULD NOT adopt). A server also speaking a newer version over HTTP+SSE therefore gets medium. The keyword column reads "SHOULD NOT"; none applies within 2024-11-05.',
  },
  evaluate(ev, ctx) {
    const d = ev.detection;
    if (d.transport === 'streamable-http') {
      const answered = [d.discover, ...d.inits.map((a) => a.probe)].find((p) => p.kind === 'ok');
      return ctx.pass(
        `Streamable HTTP is served at ${ev.target.url}.`,
        answered ? exchangesOf(answered) : [],
      );
    }
    if (d.transport === 'http+sse') {
      const posts = [d.discover, ...d.inits.map((a) => a.probe)];
      const statuses = [
        ...new Set(posts.flatMap((p) => (p.kind === 'ok' && isHttpReply(p.value) ? [p.value.status] : []))),
      ];
      const evidence = [
        ...posts.flatMap(exchangesOf),
        ...(ev.sse ? [ev.sse.get.exchange] : exchangesOf(ev.endpoint.sseGet)),
      ];
      const legacyOnly = ctx.revision === '2024-11-05';
      const why = legacyOnly
        ? 'HTTP+SSE is the transport of 2024-11-05 itself, but that revision has been superseded by Streamable HTTP.'
        : 'HTTP+SSE is deprecated since 2025-03-26: new implementations SHOULD NOT adopt it.';
      return ctx.fail(
        `${ev.target.url} offers only HTTP+SSE: POST was answered ${statuses.length ? statuses.join('/') : 'with no usable reply'} and GET opened an SSE stream${ev.sse?.endpoint ? ' with an `endpoint` event' : ''}. ${why}`,
        [...new Set(evidence)],
        { severity: legacyOnly ? 'low' : 'medium' },
      );
    }
    if (d.authWall) {
      return ctx.inconclusive(
        'auth_wall',
        'POST and GET were answered 401/403; the transport cannot be told without a token.',
      );
    }
    return ctx.inconclusive(
      'ambiguous',
      'The transport could not be determined from the detection probes.',
      exchangesOf(d.discover),
    );
  },
});
