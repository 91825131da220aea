import { defineCheck } from '../define-check.js';
import type { CheckContext, Given, InconclusiveReason, Severity, Verdict } from '../define-check.js';
import type { HttpReply } from '../../evidence/types.js';

/** What ACT01 reads (its meta's `requires`). */
const REQUIRES = ['target', 'settings', 'detection', 'auth', 'origin'] as const;
type Read = Given<typeof REQUIRES>;
import { mcp } from '../../spec/citations.js';
import { atLeast, revisionRange } from '../../spec/revisions.js';

const VARIANTS = [
  { key: 'foreign', field: 'foreign', label: 'a foreign Origin (evil.example)' },
  { key: 'null', field: 'nullOrigin', label: 'Origin: null' },
  { key: 'lookalike', field: 'lookalike', label: 'a look-alike Origin (localhost.evil.example)' },
] as const;

type Judgement =
  | { readonly kind: 'served' }
  | { readonly kind: 'rejected'; readonly status: number }
  /** Refused exactly like the request without Origin: no proof the Origin was looked at. */
  | { readonly kind: 'same'; readonly status: number }
  | { readonly kind: 'undecided'; readonly reason: InconclusiveReason; readonly why: string };

const is2xx = (s: number) => s >= 200 && s < 300;
const hasError = (r: HttpReply) => r.response?.error !== undefined;

/**
 * What the variant's answer says about Origin validation, read against the same
 * request sent without an Origin (the baseline): only a difference proves a check.
 */
function judge(reply: HttpReply, baseline: HttpReply | null, ev: Read): Judgement {
  const s = reply.status;
  if (is2xx(s)) {
    if (!hasError(reply)) return { kind: 'served' };
    // A JSON-RPC error where the baseline got a result: refused, but not with an HTTP status.
    return baseline && is2xx(baseline.status) && !hasError(baseline)
      ? { kind: 'rejected', status: s }
      : { kind: 'same', status: s };
  }
  if (s >= 300 && s < 400)
    return { kind: 'undecided', reason: 'ambiguous', why: `was answered with a ${s} redirect` };
  if (s >= 500) return { kind: 'undecided', reason: 'fetch_failed', why: `was answered ${s}` };
  if (s === 429) return { kind: 'undecided', reason: 'rate_limited', why: 'was answered 429' };
  const sameAsBaseline = baseline !== null && baseline.status === s;
  if ((s === 401 || s === 403) && (sameAsBaseline || (baseline === null && ev.detection.authWall))) {
    // The auth layer answered before any Origin check could show itself (docs/model/revisions.md#behind-an-authorization-wall).
    const hint = ev.settings.tokenSupplied
      ? ''
      : '; a token (--token) would let the request reach the Origin check';
    return {
      kind: 'undecided',
      reason: 'auth_wall',
      why: `was answered ${s}, as was the request without Origin${hint}`,
    };
  }
  return sameAsBaseline ? { kind: 'same', status: s } : { kind: 'rejected', status: s };
}

function servedSeverity(ev: Read): Severity {
  const local =
    ev.target.scope === 'loopback' || ev.target.scope === 'private' || ev.target.scope === 'link-local';
  return local || !ev.auth.inUse ? 'high' : 'medium';
}

function evaluateRevision(ev: Read, ctx: CheckContext): Verdict[] {
  // 2025-11-25 turned "validate" into "respond with 403"; earlier texts accept any rejection.
  const need403 = ctx.revision !== null && atLeast(ctx.revision, '2025-11-25');
  const baseline = ev.origin.baseline;
  const verdicts: Verdict[] = [];
  const wrongStatus: { label: string; status: number; exchange: HttpReply['exchange'] }[] = [];

  for (const v of VARIANTS) {
    const probe = ev.origin[v.field];
    if (probe.kind !== 'ok') {
      verdicts.push(ctx.fromProbe(probe, `The request with ${v.label}`, { key: v.key }));
      continue;
    }
    const reply = probe.value;
    const evidence = baseline ? [reply.exchange, baseline.exchange] : [reply.exchange];
    const j = judge(reply, baseline, ev);
    switch (j.kind) {
      case 'served':
        verdicts.push(
          ctx.fail(
            `The request with ${v.label} was served (${reply.status}): the server does not validate Origin.`,
            evidence,
            {
              key: v.key,
              severity: servedSeverity(ev),
            },
          ),
        );
        break;
      case 'undecided':
        verdicts.push(
          ctx.inconclusive(j.reason, `The request with ${v.label} ${j.why}.`, evidence, { key: v.key }),
        );
        break;
      case 'same':
        // Any answer but 403 misses the ≥2025-11-25 MUST, whatever else the request lacked.
        if (need403) wrongStatus.push({ label: v.label, status: j.status, exchange: reply.exchange });
        else
          verdicts.push(
            ctx.inconclusive(
              'ambiguous',
              `The request with ${v.label} was answered ${j.status}, as was the request without Origin: no sign that Origin was checked.`,
              evidence,
              { key: v.key },
            ),
          );
        break;
      case 'rejected':
        if (need403 && j.status !== 403)
          wrongStatus.push({ label: v.label, status: j.status, exchange: reply.exchange });
        else
          verdicts.push(
            ctx.pass(`The request with ${v.label} was rejected (${j.status}).`, evidence, { key: v.key }),
          );
        break;
    }
  }

  if (wrongStatus.length > 0) {
    const list = wrongStatus.map((w) => `${w.label}: ${w.status}`).join('; ');
    verdicts.push(
      ctx.fail(
        `Requests with an invalid Origin were answered with a status other than 403 (${list}); from 2025-11-25 a present and invalid Origin MUST get 403.`,
        [...wrongStatus.map((w) => w.exchange), ...(baseline ? [baseline.exchange] : [])],
        { key: 'status', severity: 'low' },
      ),
    );
  }
  return verdicts;
}

export default defineCheck({
  meta: {
    id: 'MCPP-ACT01',
    title: 'Foreign `Origin` rejected',
    requirement:
      'Requests with a present and invalid `Origin` are rejected: HTTP 403 from 2025-11-25 on (body optionally a JSON-RPC error without `id`); any rejection before that.',
    keyword: 'MUST',
    revisions: revisionRange(),
    transports: ['streamable-http', 'http+sse'],
    mode: 'safe',
    requires: REQUIRES,
    rating: { scope: 'protocol' },
    keys: {
      foreign:
        "a request with a foreign Origin (evil.example) was served; also the key of that variant's pass and non-verdicts",
      null: "a request with Origin: null was served; also that variant's pass and non-verdicts",
      lookalike:
        "a request with a look-alike Origin (localhost.evil.example) was served; also that variant's pass and non-verdicts",
      status:
        'requests with an invalid Origin were answered with a status other than 403 (from 2025-11-25, low)',
    },
    severity: 'high',
    citations: [
      mcp('2024-11-05', 'basic/transports', 'Security Warning'),
      mcp('2025-03-26', 'basic/transports', 'Security Warning'),
      mcp('2025-11-25', 'basic/transports', 'Security Warning'),
      mcp('2026-07-28', 'basic/transports/streamable-http', 'Security & Endpoint'),
    ],
    rationale:
      'A web page the user visits can send requests to an MCP server the browser can reach (a local server, a server on the LAN, or one that relies on cookies or network position). Origin validation is what stops such a page, including through DNS rebinding, from driving the server.',
    remediation:
      'Validate the `Origin` header on every request: when it is present and not in an explicit allow-list of exact origins, answer 403 (optionally with a JSON-RPC error without `id`) before any other processing. Reject `Origin: null`. Compare whole origins, never substrings. Keep serving requests without `Origin` (non-browser clients).',
    // The fix in the framework’s own terms, by fingerprint id (docs/fingerprints.md#framework-specific-fixes).
    fixes: {
      'typescript-sdk-1': {
        fix: 'Reject foreign origins before the transport: StreamableHTTPServerTransport takes `enableDnsRebindingProtection: true` with `allowedOrigins` (deprecated in 1.32 but honoured), or put an Origin check middleware in front of `handleRequest`.',
        source: '@modelcontextprotocol/sdk 1.32.2 server/streamableHttp.js',
      },
      'typescript-sdk-2': {
        fix: 'Mount origin validation in front of `createMcpHandler`: `createMcpExpressApp()` from @modelcontextprotocol/express, or `localhostOriginValidation()` from @modelcontextprotocol/node.',
        source:
          '@modelcontextprotocol/server 2.4.0, @modelcontextprotocol/express 2.0.2, @modelcontextprotocol/node 2.1.2 (createMcpHandler does no validation itself)',
      },
      'mcp-use': {
        fix: 'Set `allowedOrigins` in the MCPServer config, or add `originValidationMiddleware([...])` from mcp-use.',
        source: 'mcp-use 2.5.2 dist/config.d.ts, dist/fetch-app.d.ts',
      },
      'fastmcp-python': {
        fix: 'Pass `allowed_origins=[...]` (and `allowed_hosts`) to `mcp.run(transport="http", ...)`.',
        source: 'fastmcp 4.0.10 fastmcp/server/mixins/transport.py',
      },
    },
    evidence:
      '`s.origin`: the first MCP request that produced an answer (for HTTP+SSE the stream GET), repeated with a foreign `Origin` (`evil.example` over https), `Origin: null` and a look-alike (`localhost.evil.example` over http), each compared with the original answer.',
    traps:
      'Requests without `Origin` (non-browser clients) must keep working and are never probed as a failure. Host-only guards pass ACT10 but fail this check. Allow-listing every https origin, or substring matching (`localhost` anywhere in the host), fails the look-alike variant.',
    notes:
      'Evaluated per revision: a non-403 rejection fails only for ≥2025-11-25 (key `status`, low) and passes for earlier revisions. Severity of a served variant is high on loopback, private and link-local targets and on endpoints without authorization, medium on authenticated public endpoints. A rejection is proven only by a difference from the request without `Origin`: when both get the same 401/403 the result is `inconclusive` (`auth_wall`); when both get the same other 4xx it is `inconclusive` (`ambiguous`) before 2025-11-25 and a `status` fail from 2025-11-25 (the MUST asks for 403 whatever else is wrong with the request). 5xx answers and redirects are never read as rejections. The token variant (`t.origin`) is not recorded yet.',
  },
  evaluate: evaluateRevision,
});
