import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { noSessionIssued } from './preamble.js';

export default defineCheck({
  meta: {
    id: 'MCPP-LEG09',
    title: 'DELETE ends the session or is refused with 405',
    requirement:
      'DELETE with the session header returns 2xx (session ended) or 405 (termination not offered).',
    keyword: 'MAY',
    transportShape: true,
    revisions: revisionRange('2025-03-26', '2025-11-25'),
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['sessions'],
    rating: { scope: 'protocol' },
    keys: {
      timeout: 'the DELETE of the session was not answered before the timeout',
      '400': 'the DELETE of a live session was answered 400',
      '404': 'the DELETE of a live session was answered 404',
      '5xx': 'the DELETE of the session was answered with a server error',
      '<status>': 'any other status the DELETE was answered with instead of 2xx or 405',
    },
    severity: 'low',
    severityRationale:
      "The MAY is the server's choice to offer termination at all; the answers themselves are defined (2xx ended, 405 not offered), and any other answer leaves clients unsure whether a live session is gone (catalogue row: low).",
    citations: [mcp('2025-11-25', 'basic/transports', 'Session Management')],
    rationale:
      'Clients end sessions with DELETE when the user leaves; 405 tells them the server does not offer it. A 400/404 for a live session, an error or no answer leaves clients unsure whether the session (and anything bound to it) is gone.',
    remediation:
      'Answer DELETE with the session header by ending the session and returning 2xx, or return `405 Method Not Allowed` if clients may not end sessions.',
    evidence:
      "`p.delete`: the scanner's cleanup DELETE of its own session — status; `p.list.baseline` shows the session was live before.",
    traps: "DELETE on modern-only servers is MOD17; the scanner's cleanup DELETE is also the evidence here.",
    notes:
      'A 400/404 fails only when the baseline request on the session was served, proving the session was live; otherwise it is `ambiguous`. A timeout fails as `timeout` with medium confidence (catalogue row). 401/403 are `auth_wall`, 429 `rate_limited`; any other status fails with the status as key (`5xx` for server errors).',
  },
  evaluate(ev, ctx) {
    const leg = ev.sessions;
    const d = leg.delete;
    const noSession = noSessionIssued(leg, d, ctx);
    if (noSession) return noSession;
    if (d.kind === 'failed' && d.error.code === 'timeout') {
      return ctx.fail('DELETE of the session was not answered before the timeout.', d.exchanges, {
        key: 'timeout',
        confidence: 'medium',
      });
    }
    if (d.kind !== 'ok') return ctx.fromProbe(d, 'The DELETE of the session (p.delete)');
    const r = d.value;
    const ex = [r.exchange];
    if (r.status >= 200 && r.status < 300)
      return ctx.pass(`DELETE ended the session (HTTP ${r.status}).`, ex);
    if (r.status === 405)
      return ctx.pass('DELETE was answered 405: the server does not let clients end sessions.', ex);
    if (r.status === 401 || r.status === 403)
      return ctx.inconclusive('auth_wall', `DELETE was answered ${r.status}.`, ex);
    if (r.status === 429) return ctx.inconclusive('rate_limited', 'DELETE was answered 429.', ex);
    if (r.status === 400 || r.status === 404) {
      const base = leg.baseline.kind === 'ok' ? leg.baseline.value : null;
      if (!base || base.status < 200 || base.status >= 300) {
        return ctx.inconclusive(
          'ambiguous',
          `DELETE was answered ${r.status}, but the session was not shown to be live (the baseline request on it was not served).`,
          ex,
        );
      }
      return ctx.fail(
        `DELETE of a live session was answered ${r.status}; expected 2xx or 405.`,
        [base.exchange, r.exchange],
        {
          key: String(r.status),
        },
      );
    }
    return ctx.fail(`DELETE of the session was answered HTTP ${r.status}; expected 2xx or 405.`, ex, {
      key: r.status >= 500 ? '5xx' : String(r.status),
    });
  },
});
