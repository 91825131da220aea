import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';

const is2xx = (s: number) => s >= 200 && s < 300;

export default defineCheck({
  meta: {
    id: 'MCPP-ACT10',
    title: 'Foreign `Host` rejected on local servers',
    requirement: 'A loopback or private server refuses requests whose `Host` is not a local name or address.',
    keyword: 'SHOULD',
    revisions: 'any',
    transports: ['streamable-http', 'http+sse'],
    mode: 'safe',
    requires: ['target', 'detection', 'origin'],
    rating: { scope: 'protocol' },
    keys: {
      served: 'a request with Host: evil.example was served: the server does not validate Host',
    },
    severity: 'high',
    severityRationale:
      'DNS rebinding lets any web page drive a local server that does not check Host, and for GET streams, which carry no Origin, Host validation is the only defence (catalogue row: high).',
    citations: [
      mcp('2025-11-25', 'basic/security_best_practices', 'Local MCP Server Compromise'),
      mcp('2026-07-28', 'basic/transports/streamable-http', 'Security & Endpoint'),
    ],
    rationale:
      'DNS rebinding makes a web page’s own host name resolve to the local server: the browser then sends same-origin requests (often without `Origin`) carrying the attacker’s host name. Checking `Host` against the names the server is really reached by is the defence that still works when no `Origin` is sent.',
    remediation:
      'Accept only the `Host` values the server is reached by (`localhost`, `127.0.0.1`, `[::1]` or the configured LAN name, with or without the port) and answer 403 or 421 to anything else. The SDKs’ localhost host-validation middleware does this.',
    // The fix in the framework’s own terms, by fingerprint id (docs/fingerprints.md#framework-specific-fixes).
    fixes: {
      'typescript-sdk-1': {
        fix: 'Build the app with `createMcpExpressApp()`, which adds localhost Host validation, or pass `allowedHosts` to it.',
        source: '@modelcontextprotocol/sdk 1.32.2 server/express.js',
      },
      'typescript-sdk-2': {
        fix: 'Mount `createMcpExpressApp()` (@modelcontextprotocol/express) or `localhostHostValidation()` (@modelcontextprotocol/node) in front of `createMcpHandler`.',
        source:
          '@modelcontextprotocol/server 2.4.0, @modelcontextprotocol/express 2.0.2, @modelcontextprotocol/node 2.1.2',
      },
      'mcp-use': {
        fix: 'Set `allowedHosts` in the MCPServer config, or add `hostValidationMiddleware([...])`.',
        source: 'mcp-use 2.5.2 dist/config.d.ts, dist/fetch-app.d.ts',
      },
      'fastmcp-python': {
        fix: 'Pass `allowed_hosts=[...]` to `mcp.run(transport="http", ...)` (the Python SDK guards the Host by default; FastMCP’s run call did not here).',
        source: 'fastmcp 4.0.10 fastmcp/server/mixins/transport.py',
      },
    },
    evidence:
      '`s.host`: the first MCP request that produced an answer, repeated with `Host: evil.example` and no `Origin` (loopback and private targets only), compared with the original answer.',
    traps:
      'Browsers omit `Origin` on same-origin GETs, so Host validation is the only DNS-rebinding defence for GET streams. Host matching with or without the port both pass.',
    notes:
      'A 4xx passes only when it differs from the answer to the original request; the same 401/403 is `inconclusive` (`auth_wall`) and the same other 4xx `inconclusive` (`ambiguous`). 5xx, 429 and redirects are never read as a verdict. Served means 2xx without a JSON-RPC error (key `served`); a JSON-RPC error where the original request got a result counts as a refusal.',
  },
  evaluate(ev, ctx) {
    const probe = ev.origin.host;
    if (ev.target.scope === 'public' || (probe.kind === 'skipped' && probe.reason === 'target_scope')) {
      return ctx.notApplicable(
        'target_scope',
        `The target is ${ev.target.scope}; foreign-Host probes are sent to local targets only.`,
      );
    }
    if (probe.kind !== 'ok') return ctx.fromProbe(probe, 'The request with Host: evil.example');
    const reply = probe.value;
    const baseline = ev.origin.baseline;
    const evidence = baseline ? [reply.exchange, baseline.exchange] : [reply.exchange];
    const s = reply.status;

    if (is2xx(s) && reply.response?.error === undefined) {
      return ctx.fail(
        `A request with Host: evil.example was served (${s}): the server does not validate Host.`,
        evidence,
        {
          key: 'served',
        },
      );
    }
    if (is2xx(s)) {
      // Refused at the JSON-RPC level where the original request got a result: the request was not processed.
      return baseline && is2xx(baseline.status) && baseline.response?.error === undefined
        ? ctx.pass(`A request with Host: evil.example was refused with a JSON-RPC error (${s}).`, evidence)
        : ctx.inconclusive(
            'ambiguous',
            `The foreign-Host request got a JSON-RPC error (${s}), as did the original request.`,
            evidence,
          );
    }
    if (s >= 500)
      return ctx.inconclusive('fetch_failed', `The foreign-Host request was answered ${s}.`, evidence);
    if (s === 429)
      return ctx.inconclusive('rate_limited', 'The foreign-Host request was answered 429.', evidence);
    if (s >= 300 && s < 400)
      return ctx.inconclusive('ambiguous', `The foreign-Host request was redirected (${s}).`, evidence);
    if (baseline?.status === s || (baseline === null && (s === 401 || s === 403) && ev.detection.authWall)) {
      return s === 401 || s === 403
        ? ctx.inconclusive(
            'auth_wall',
            `The foreign-Host request was answered ${s}, as was the original request.`,
            evidence,
          )
        : ctx.inconclusive(
            'ambiguous',
            `The foreign-Host request was answered ${s}, as was the original request.`,
            evidence,
          );
    }
    return ctx.pass(`A request with Host: evil.example was rejected (${s}).`, evidence);
  },
});
