import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';

export default defineCheck({
  meta: {
    id: 'MCPP-LEG04',
    title: 'Accepted notifications get 202 without a body',
    requirement:
      'A notification the server accepts is answered `202 Accepted` with an empty body; one it cannot accept gets an HTTP error status.',
    keyword: 'MUST',
    transportShape: true,
    revisions: revisionRange('2025-03-26', '2025-11-25'),
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['exchanges', 'sessions'],
    rating: { scope: 'protocol' },
    keys: {
      body: 'notifications/initialized was answered 202 with a non-empty body (low)',
      rejected:
        'notifications/initialized was refused with a 4xx/5xx, so the handshake cannot complete (medium)',
      status: 'notifications/initialized was answered with a status other than 202 (low)',
    },
    severity: 'low',
    citations: [
      mcp('2025-11-25', 'basic/transports', 'Sending Messages to the Server'),
      mcp('2025-03-26', 'basic/transports', 'Sending Messages to the Server'),
    ],
    rationale:
      'Clients treat the answer to a notification as a transport acknowledgement. A 200 or a body is tolerated by lenient clients but breaks strict ones; refusing `notifications/initialized`, which the lifecycle requires every client to send, breaks the handshake of conforming clients.',
    remediation:
      'Answer POSTs that carry only notifications or responses with `202 Accepted` and no body. Accept `notifications/initialized` on the session that `initialize` opened.',
    evidence: '`p.initialized`: `notifications/initialized` on the main session — status and body length.',
    traps:
      '2026-07-28 defines no client-to-server notifications over HTTP — not probed there; some gateways add a text body.',
    notes:
      'The transport text allows an error status for input the server cannot accept; the `rejected` failure (medium) rests on the lifecycle, which obliges clients to send `notifications/initialized` after a successful initialize, so a server refusing it cannot complete the handshake with a conforming client. 401/403 are an authorization layer, not a verdict (`auth_wall`). Any non-empty body on the 202 counts, including whitespace.',
  },
  evaluate(ev, ctx) {
    const leg = ev.sessions;
    const p = leg.initialized;
    if (p.kind !== 'ok') return ctx.fromProbe(p, 'notifications/initialized (p.initialized)');
    const r = p.value;
    const ex = [r.exchange];
    const bodyBytes =
      ev.exchanges.find((x) => x.id === r.exchange)?.response?.bodyBytes ?? (r.bodyKind === 'empty' ? 0 : 1);
    const hasBody = bodyBytes > 0 || r.bodyKind !== 'empty';
    if (r.status === 202) {
      return hasBody
        ? ctx.fail(
            `notifications/initialized was answered 202 with a ${bodyBytes}-byte body; the body must be empty.`,
            ex,
            {
              key: 'body',
              severity: 'low',
            },
          )
        : ctx.pass('notifications/initialized was answered 202 Accepted with no body.', ex);
    }
    if (r.status === 401 || r.status === 403) {
      return ctx.inconclusive('auth_wall', `notifications/initialized was answered ${r.status}.`, ex);
    }
    if (r.status === 429)
      return ctx.inconclusive('rate_limited', 'notifications/initialized was answered 429.', ex);
    if (r.status >= 400) {
      return ctx.fail(
        `notifications/initialized was refused with HTTP ${r.status}; the handshake cannot complete for conforming clients.`,
        ex,
        { key: 'rejected', severity: 'medium' },
      );
    }
    return ctx.fail(`notifications/initialized was answered HTTP ${r.status} instead of 202 Accepted.`, ex, {
      key: 'status',
      severity: 'low',
    });
  },
});
