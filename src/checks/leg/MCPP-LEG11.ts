import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { atLeast, revisionRange } from '../../spec/revisions.js';

export default defineCheck({
  meta: {
    id: 'MCPP-LEG11',
    title: 'Requests without `MCP-Protocol-Version` tolerated',
    requirement:
      'A post-initialization request without the header is served (as 2025-03-26, or as the negotiated version) when the server supports 2025-03-26.',
    keyword: 'SHOULD',
    revisions: revisionRange('2025-06-18', '2025-11-25'),
    transports: ['streamable-http'],
    mode: 'safe',
    requires: ['detection', 'sessions'],
    rating: { scope: 'protocol' },
    keys: {
      '400':
        'a request without MCP-Protocol-Version was answered 400 although the server supports 2025-03-26',
      '5xx': 'a request without MCP-Protocol-Version was answered with a server error',
      rejected: 'a request without MCP-Protocol-Version was otherwise refused',
    },
    severity: 'low',
    citations: [
      mcp('2025-11-25', 'basic/transports', 'Protocol Version Header'),
      mcp('2025-06-18', 'basic/transports', 'Protocol Version Header'),
    ],
    rationale:
      '2025-03-26 clients never send `MCP-Protocol-Version`. A server that supports 2025-03-26 but rejects requests without the header breaks those clients; the specification asks servers to fall back instead.',
    remediation:
      'When `MCP-Protocol-Version` is absent, use the version negotiated for the session, or assume 2025-03-26 when there is no other way to tell; reject only versions that are present and unsupported.',
    evidence:
      '`s.version.none`: `tools/list` on the main session without `MCP-Protocol-Version`, compared with `p.list.baseline` (the same request with the header); K from the detection ladder.',
    traps:
      'Using the negotiated version instead of 2025-03-26 is allowed ("no other way to identify the version").',
    notes:
      'Judged by the version negotiated on the main session (the header is defined only from 2025-06-18; a session negotiated at 2025-03-26 or 2024-11-05 is N/A). Served means a 2xx whose JSON-RPC answer matches the baseline. A 400 passes when 2025-03-26 is not in K (the server would then be assuming an unsupported version), as the catalogue row says; strictly, on an established session the server has "another way" (the negotiated version), so that 400 is lenient rather than required. Other refusals (other 4xx, a 2xx with a different JSON-RPC error) fail as `rejected`; 5xx as `5xx`. 401/403 are `auth_wall`, 429 `rate_limited`.',
  },
  evaluate(ev, ctx) {
    const leg = ev.sessions;
    const rev = leg.revision;
    if (rev === null) {
      return ctx.inconclusive(
        'ambiguous',
        `The session negotiated ${leg.version}, a version the scanner does not know; the header rules cannot be applied.`,
        [leg.init.exchange],
      );
    }
    if (!atLeast(rev, '2025-06-18')) {
      return ctx.notApplicable(
        'revision',
        `The session negotiated ${rev}, which defines no MCP-Protocol-Version header.`,
      );
    }
    const p = leg.versionNone;
    if (p.kind !== 'ok')
      return ctx.fromProbe(p, 'The tools/list without MCP-Protocol-Version (s.version.none)');
    const b = leg.baseline;
    if (b.kind !== 'ok') return ctx.fromProbe(b, 'The baseline tools/list on the session (p.list.baseline)');
    const base = b.value;
    if (base.status < 200 || base.status >= 300) {
      // A result without the header is served whatever the request with it got.
      const without = p.value;
      if (without.status >= 200 && without.status < 300 && without.response?.result !== undefined) {
        return ctx.pass(
          `A request without MCP-Protocol-Version was served (HTTP ${without.status}), although the same request with the header got HTTP ${base.status}.`,
          [base.exchange, without.exchange],
        );
      }
      return ctx.inconclusive(
        'ambiguous',
        `The baseline tools/list with the header was itself answered HTTP ${base.status}, so the missing header cannot be blamed.`,
        [base.exchange],
      );
    }
    const r = p.value;
    const ex = [base.exchange, r.exchange];
    const error = r.response?.error;
    const served =
      r.status >= 200 && r.status < 300 && (error === undefined || base.response?.error?.code === error.code);
    if (served) return ctx.pass(`A request without MCP-Protocol-Version was served (HTTP ${r.status}).`, ex);
    if (r.status === 401 || r.status === 403) {
      return ctx.inconclusive(
        'auth_wall',
        `The request without MCP-Protocol-Version was answered ${r.status}.`,
        ex,
      );
    }
    if (r.status === 429)
      return ctx.inconclusive(
        'rate_limited',
        'The request without MCP-Protocol-Version was answered 429.',
        ex,
      );
    if (r.status >= 500) {
      return ctx.fail(`A request without MCP-Protocol-Version was answered HTTP ${r.status}.`, ex, {
        key: '5xx',
      });
    }
    const supports0326 = ev.detection.revision.known.includes('2025-03-26');
    if (r.status === 400) {
      return supports0326
        ? ctx.fail(
            'A request without MCP-Protocol-Version was answered 400 although the server supports 2025-03-26, whose clients never send the header.',
            ex,
            { key: '400' },
          )
        : ctx.pass(
            'A request without MCP-Protocol-Version was answered 400; the server does not support 2025-03-26, so it cannot assume that version.',
            ex,
          );
    }
    const how =
      r.status < 300 && error
        ? `HTTP ${r.status} with JSON-RPC error ${String(error.code)}`
        : `HTTP ${r.status}`;
    return ctx.fail(`A request without MCP-Protocol-Version was refused (${how}).`, ex, { key: 'rejected' });
  },
});
