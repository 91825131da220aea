import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { noSessionIssued } from './preamble.js';

export default defineCheck({
  meta: {
    id: 'MCPP-LEG07',
    title: 'Unknown session IDs rejected with 404',
    requirement: 'A well-formed session ID the server never issued is rejected with 404 and never served.',
    keyword: 'derived',
    transportShape: true,
    revisions: revisionRange('2025-03-26', '2025-11-25'),
    transports: ['streamable-http'],
    mode: 'safe',
    requires: ['sessions'],
    rating: { scope: 'protocol' },
    keys: {
      accepted: 'a session ID the scanner invented was served (session fixation, medium)',
      '5xx': 'a never-issued session ID was answered with a server error (low)',
      '<status>': 'the status a never-issued session ID was answered with instead of 404 (low)',
    },
    severity: 'medium',
    citations: [
      mcp('2025-11-25', 'basic/transports', 'Session Management'),
      mcp('2025-11-25', 'basic/security_best_practices', 'Session Hijacking'),
    ],
    rationale:
      'Serving a session ID the server never issued lets a client (or an attacker) choose session IDs, which enables session fixation. Answering anything but 404 leaves clients whose session was lost (for example after a server restart) stuck, because they re-initialize only on 404.',
    remediation:
      "Look up every `Mcp-Session-Id` in the server's session store and answer unknown IDs with `404 Not Found`; never create or serve a session under an ID the client chose.",
    evidence:
      '`s.session.unknown`: `tools/list` with a random UUIDv4 never issued and the negotiated version header; `p.list.baseline` for comparison.',
    traps:
      'Stateless legacy servers (no session issued) that ignore any ID are N/A; the widespread example routing answers 400 here.',
    notes:
      'Keyword: the 404 MUST covers terminated sessions; for IDs never issued it is derived (a server cannot tell them from IDs it terminated, and clients re-initialize only on 404); serving them is session fixation (policy). A 2xx whose JSON-RPC answer matches the baseline counts as served (`accepted`); a 2xx with a different JSON-RPC error is a refusal with the wrong status (key = status). Other statuses fail with the status as key (`5xx` for server errors), low. 401/403 are `auth_wall`, 429 `rate_limited`.',
  },
  evaluate(ev, ctx) {
    const leg = ev.sessions;
    const p = leg.sessionUnknown;
    const noSession = noSessionIssued(leg, p, ctx);
    if (noSession) return noSession;
    if (p.kind !== 'ok')
      return ctx.fromProbe(p, 'The tools/list with a never-issued session ID (s.session.unknown)');
    const r = p.value;
    const ex = [r.exchange];
    if (r.status === 404)
      return ctx.pass('A session ID the server never issued was answered 404 Not Found.', ex);
    if (r.status >= 200 && r.status < 300) {
      const error = r.response?.error;
      const base = leg.baseline.kind === 'ok' ? leg.baseline.value : null;
      if (error === undefined || base?.response?.error?.code === error.code) {
        return ctx.fail(
          `A session ID the scanner invented was served (HTTP ${r.status}${r.sessionId ? ', session header echoed' : ''}): the server accepts client-chosen session IDs.`,
          ex,
          { key: 'accepted', severity: 'medium' },
        );
      }
      return ctx.fail(
        `A never-issued session ID was refused with HTTP ${r.status} and JSON-RPC error ${String(error.code)} instead of 404.`,
        ex,
        { key: String(r.status), severity: 'low' },
      );
    }
    if (r.status === 401 || r.status === 403) {
      return ctx.inconclusive(
        'auth_wall',
        `The request with a never-issued session ID was answered ${r.status}.`,
        ex,
      );
    }
    if (r.status === 429)
      return ctx.inconclusive(
        'rate_limited',
        'The request with a never-issued session ID was answered 429.',
        ex,
      );
    return ctx.fail(
      `A never-issued session ID was answered HTTP ${r.status} instead of 404; clients re-initialize only on 404.`,
      ex,
      { key: r.status >= 500 ? '5xx' : String(r.status), severity: 'low' },
    );
  },
});
