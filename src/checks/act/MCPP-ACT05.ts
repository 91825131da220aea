import type { CheckContext, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import type { Probe, HttpReply } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION, revisionRange } from '../../spec/revisions.js';
import { httpReplyOf } from '../shared/replies.js';

const is2xx = (s: number) => s >= 200 && s < 300;

export default defineCheck({
  meta: {
    id: 'MCPP-ACT05',
    title: 'Unsupported `MCP-Protocol-Version` → 400',
    requirement: 'A request carrying an invalid or unsupported `MCP-Protocol-Version` gets HTTP 400.',
    keyword: 'MUST',
    revisions: revisionRange('2025-06-18'),
    transports: ['streamable-http'],
    mode: 'safe',
    requires: ['detection', 'modern?', 'sessions?'],
    rating: { scope: 'authorization' },
    keys: {
      served: 'a request with MCP-Protocol-Version: 1900-01-01 was served instead of rejected with 400',
      status: 'it was answered with a status other than 400 (including 200 with a JSON-RPC error)',
    },
    severity: 'medium',
    citations: [
      mcp('2025-06-18', 'basic/transports', 'Protocol Version Header'),
      mcp('2025-11-25', 'basic/transports', 'Protocol Version Header'),
      mcp('2026-07-28', 'basic/transports/streamable-http', 'Protocol Version Header'),
    ],
    rationale:
      'The version header is how a server learns which protocol rules a request follows. A server that serves requests naming a version it does not speak processes them under rules the client did not ask for, and a client cannot learn from the answer that it must fall back.',
    remediation:
      'Check `MCP-Protocol-Version` on every request after initialization and answer HTTP 400 (with a JSON-RPC error) when the value is not a version the server supports. Requests without the header may be treated as 2025-03-26 (legacy) as the specification allows.',
    evidence:
      '`s.version.bad`: legacy — the post-initialization `tools/list` on the session with `MCP-Protocol-Version: 1900-01-01`, compared with the same request carrying the negotiated version (`p.list.baseline`); modern — `server/discover` with 1900-01-01 in the header and in `_meta`, compared with `p.discover`.',
    traps:
      'Sending the header is the client’s MUST; this is the server half. The `-32022` body of a modern server is MOD07, not judged here.',
    notes:
      'Judged per revision: under 2025-06-18 and 2025-11-25 with the legacy-session variant, under 2026-07-28 with the modern `server/discover` variant, so a dual-era server must reject the bad version on both paths. Keys: `served` (2xx without a JSON-RPC error) and `status` (any other non-400 answer, including 200 with a JSON-RPC error). An answer identical to the failed baseline proves nothing (`auth_wall` for 401/403, `ambiguous` otherwise); 5xx, 429 and redirects are never read as a verdict. N/A when only 2025-03-26 is known comes from the engine (the range starts at 2025-06-18).',
  },
  evaluate(ev, ctx) {
    const modern = ctx.revision === MODERN_REVISION;
    let probe: Probe<HttpReply>;
    let baseline: HttpReply | null;
    if (modern) {
      // The modern variant: server/discover with 1900-01-01 in the header and in _meta.
      if (!ev.modern) {
        return ctx.inconclusive(
          'fetch_failed',
          'No modern probe was sent: no 2026-07-28 evidence was recorded.',
        );
      }
      probe = ev.modern.versionBad;
      baseline = httpReplyOf(ev.detection.discover);
    } else {
      const legacy = ev.sessions;
      if (!legacy) {
        return ev.detection.authWall
          ? ctx.inconclusive(
              'auth_wall',
              'Every MCP request was answered 401/403; no session to send the bad version on.',
            )
          : ctx.inconclusive(
              'fetch_failed',
              'No legacy session was established, so the bad-version request was not sent.',
            );
      }
      probe = legacy.versionBad;
      baseline = legacy.baseline.kind === 'ok' ? legacy.baseline.value : null;
    }
    if (probe.kind !== 'ok') return ctx.fromProbe(probe, 'The request with MCP-Protocol-Version: 1900-01-01');
    return judge(ev.detection.authWall, probe.value, baseline, ctx);
  },
});

function judge(authWall: boolean, reply: HttpReply, baseline: HttpReply | null, ctx: CheckContext): Verdict {
  const evidence = baseline ? [reply.exchange, baseline.exchange] : [reply.exchange];
  const s = reply.status;
  if (s >= 500)
    return ctx.inconclusive('fetch_failed', `The bad-version request was answered ${s}.`, evidence);
  if (s === 429)
    return ctx.inconclusive('rate_limited', 'The bad-version request was answered 429.', evidence);
  if (s >= 300 && s < 400)
    return ctx.inconclusive('ambiguous', `The bad-version request was redirected (${s}).`, evidence);
  // Refused exactly like the well-formed request: the refusal says nothing about the version.
  if (!is2xx(s) && (baseline?.status === s || ((s === 401 || s === 403) && authWall))) {
    return s === 401 || s === 403
      ? ctx.inconclusive(
          'auth_wall',
          `The bad-version request was answered ${s}, as was the request with a supported version.`,
          evidence,
        )
      : ctx.inconclusive(
          'ambiguous',
          `The request with a supported version was also answered ${s}.`,
          evidence,
        );
  }
  if (s === 400) return ctx.pass('A request with MCP-Protocol-Version: 1900-01-01 got 400.', evidence);
  if (is2xx(s) && reply.response?.error === undefined) {
    return ctx.fail(
      `A request with MCP-Protocol-Version: 1900-01-01 was served (${s}) instead of rejected with 400.`,
      evidence,
      { key: 'served' },
    );
  }
  const how = is2xx(s) ? `${s} with a JSON-RPC error` : String(s);
  return ctx.fail(
    `A request with MCP-Protocol-Version: 1900-01-01 was answered ${how}; the status MUST be 400.`,
    evidence,
    {
      key: 'status',
    },
  );
}
