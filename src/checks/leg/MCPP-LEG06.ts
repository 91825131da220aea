import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { noSessionIssued } from './preamble.js';

export default defineCheck({
  meta: {
    id: 'MCPP-LEG06',
    title: 'Missing session ID rejected with 400',
    requirement:
      'When the server issued a session, a non-initialize request without `Mcp-Session-Id` is answered 400 (or served, if sessions are optional).',
    keyword: 'SHOULD',
    transportShape: true,
    revisions: revisionRange('2025-03-26', '2025-11-25'),
    transports: ['streamable-http'],
    mode: 'safe',
    requires: ['sessions'],
    rating: { scope: 'protocol' },
    keys: {
      status:
        'a request without Mcp-Session-Id was refused with a status other than 400, or a 2xx with a new JSON-RPC error (low)',
      '404':
        'a request without Mcp-Session-Id was answered 404, which tells clients their session ended (low)',
      '5xx': 'a request without Mcp-Session-Id was answered with a server error (low)',
      auth: 'a request without Mcp-Session-Id was answered 401/403 while the same request with the session was served: the session ID acts as a credential (medium)',
    },
    severity: 'low',
    citations: [mcp('2025-11-25', 'basic/transports', 'Session Management')],
    rationale:
      'A 400 tells a client it forgot the session header. A 404 makes it discard a healthy session and re-initialize; a 401/403 means the session ID is acting as a credential, which the Security Best Practices forbid.',
    remediation:
      'Answer requests other than `initialize` that lack `Mcp-Session-Id` with `400 Bad Request` when the server requires sessions, or serve them when sessions are optional. Keep authorization decisions on the Authorization header, not on the session ID.',
    evidence:
      '`s.session.none`: `tools/list` without `Mcp-Session-Id` (negotiated version header kept); `p.list.baseline` (the same request with the session) for comparison.',
    traps: 'A server that silently creates a new session for the request is judged by LEG10.',
    notes:
      'A 2xx carrying a JSON-RPC error that the baseline did not produce is a rejection with the wrong status (key `status`); so is any other 4xx. 401/403 fail as `auth` (medium) only when the baseline with the session was served; otherwise they are an authorization layer (`auth_wall`). 429 is `rate_limited`.',
  },
  evaluate(ev, ctx) {
    const leg = ev.sessions;
    const p = leg.sessionNone;
    const noSession = noSessionIssued(leg, p, ctx);
    if (noSession) return noSession;
    if (p.kind !== 'ok') return ctx.fromProbe(p, 'The tools/list without Mcp-Session-Id (s.session.none)');
    const r = p.value;
    const ex = [r.exchange];
    const base = leg.baseline.kind === 'ok' ? leg.baseline.value : null;
    const baseServed = base !== null && base.status >= 200 && base.status < 300;
    if (r.status === 400)
      return ctx.pass('A request without Mcp-Session-Id was answered 400 Bad Request.', ex);
    if (r.status >= 200 && r.status < 300) {
      const error = r.response?.error;
      const sameAsBaseline = error !== undefined && base?.response?.error?.code === error.code;
      if (error === undefined || sameAsBaseline) {
        return ctx.pass(
          `A request without Mcp-Session-Id was served (HTTP ${r.status}): sessions are optional.`,
          ex,
        );
      }
      return ctx.fail(
        `A request without Mcp-Session-Id was refused with HTTP ${r.status} and JSON-RPC error ${String(error.code)} instead of 400.`,
        ex,
        { key: 'status', severity: 'low' },
      );
    }
    if (r.status === 401 || r.status === 403) {
      if (baseServed) {
        return ctx.fail(
          `A request without Mcp-Session-Id was answered ${r.status} although the same request with the session was served: the session ID acts as a credential.`,
          [...ex, base.exchange],
          { key: 'auth', severity: 'medium' },
        );
      }
      return ctx.inconclusive('auth_wall', `A request without Mcp-Session-Id was answered ${r.status}.`, ex);
    }
    if (r.status === 429)
      return ctx.inconclusive('rate_limited', 'The request without Mcp-Session-Id was answered 429.', ex);
    if (r.status === 404) {
      return ctx.fail(
        'A request without Mcp-Session-Id was answered 404, which tells clients their session ended; expected 400.',
        ex,
        { key: '404', severity: 'low' },
      );
    }
    if (r.status >= 500) {
      return ctx.fail(`A request without Mcp-Session-Id was answered HTTP ${r.status}; expected 400.`, ex, {
        key: '5xx',
        severity: 'low',
      });
    }
    return ctx.fail(`A request without Mcp-Session-Id was answered HTTP ${r.status}; expected 400.`, ex, {
      key: 'status',
      severity: 'low',
    });
  },
});
