import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { noSessionIssued } from './preamble.js';

export default defineCheck({
  meta: {
    id: 'MCPP-LEG08',
    title: 'Terminated sessions answered with 404',
    requirement: "After a successful DELETE of the scanner's session, requests with that ID get 404.",
    keyword: 'MUST',
    transportShape: true,
    revisions: revisionRange('2025-03-26', '2025-11-25'),
    transports: ['streamable-http'],
    mode: 'safe',
    requires: ['sessions'],
    rating: { scope: 'protocol' },
    keys: {
      alive: 'the session was still served after a successful DELETE (high)',
      '5xx': 'after DELETE the session ID was answered with a server error (medium)',
      '<status>': 'the status the deleted session ID was answered with instead of 404 (medium)',
    },
    severity: 'high',
    citations: [mcp('2025-11-25', 'basic/transports', 'Session Management')],
    rationale:
      'A session that survives its DELETE can be replayed by anyone holding the ID (logs, proxies, a stolen header) after the user logged out. Answering 400 instead of 404 keeps clients from starting a new session, because they re-initialize only on 404.',
    remediation:
      'On a successful DELETE, drop the session from the store synchronously and answer every later request carrying that ID with `404 Not Found`.',
    evidence:
      '`p.delete` (DELETE with the session ID; must be 2xx) followed by `s.session.reuse` (`tools/list` with the deleted ID; one retry after 500 ms, the last answer counts); `p.list.baseline` for comparison.',
    traps:
      'The common example routing answers 400 for unknown and terminated IDs (the official conformance check `server-session-terminated-returns-404` fails the same way); teardown may be asynchronous — hence the retry.',
    notes:
      'N/A when no session was issued or the DELETE was answered 405; inconclusive when the DELETE got any other non-2xx answer (LEG09 judges that). A 2xx whose JSON-RPC answer matches the baseline is `alive` (high); a 2xx with a different JSON-RPC error is a refusal with the wrong status (key = status, medium). 401/403 are `auth_wall`, 429 `rate_limited`; any other status fails with the status as key (`5xx` for server errors), medium.',
  },
  evaluate(ev, ctx) {
    const leg = ev.sessions;
    const d = leg.delete;
    const noSession = noSessionIssued(leg, d, ctx);
    if (noSession) return noSession;
    if (d.kind !== 'ok') return ctx.fromProbe(d, 'The DELETE of the session (p.delete)');
    const del = d.value;
    if (del.status === 405) {
      return ctx.notApplicable(
        'feature_absent',
        'DELETE was answered 405: the server does not let clients end sessions.',
      );
    }
    if (del.status < 200 || del.status >= 300) {
      return ctx.inconclusive(
        'ambiguous',
        `DELETE was answered HTTP ${del.status}, so the session was not ended by the client and its reuse was not judged (see LEG09).`,
        [del.exchange],
      );
    }
    const p = leg.sessionReuse;
    if (p.kind !== 'ok')
      return ctx.fromProbe(p, 'The tools/list with the deleted session ID (s.session.reuse)');
    const r = p.value;
    const ex = [del.exchange, r.exchange];
    if (r.status === 404)
      return ctx.pass(`After DELETE (HTTP ${del.status}) the session ID was answered 404 Not Found.`, ex);
    if (r.status >= 200 && r.status < 300) {
      const error = r.response?.error;
      const base = leg.baseline.kind === 'ok' ? leg.baseline.value : null;
      if (error === undefined || base?.response?.error?.code === error.code) {
        return ctx.fail(
          `The session was still usable after a successful DELETE (HTTP ${del.status}): the request with its ID was served (HTTP ${r.status}).`,
          ex,
          { key: 'alive', severity: 'high' },
        );
      }
      return ctx.fail(
        `After DELETE the session ID was refused with HTTP ${r.status} and JSON-RPC error ${String(error.code)} instead of 404.`,
        ex,
        { key: String(r.status), severity: 'medium' },
      );
    }
    if (r.status === 401 || r.status === 403) {
      return ctx.inconclusive(
        'auth_wall',
        `The request with the deleted session ID was answered ${r.status}.`,
        ex,
      );
    }
    if (r.status === 429)
      return ctx.inconclusive(
        'rate_limited',
        'The request with the deleted session ID was answered 429.',
        ex,
      );
    return ctx.fail(
      `After DELETE the session ID was answered HTTP ${r.status} instead of 404; clients start a new session only on 404.`,
      ex,
      { key: r.status >= 500 ? '5xx' : String(r.status), severity: 'medium' },
    );
  },
});
