import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { rejectionVerdict } from './common.js';

export default defineCheck({
  meta: {
    id: 'MCPP-MOD08',
    title: 'Header/body version mismatch rejected',
    requirement: '`MCP-Protocol-Version` different from the `_meta` protocol version → 400 with `-32020`.',
    keyword: 'MUST',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'safe',
    requires: ['modern'],
    rating: { scope: 'protocol' },
    keys: {
      served: 'the request whose MCP-Protocol-Version differs from _meta was served',
      code: 'it was answered 400 with another JSON-RPC code than -32020 (low)',
      status: 'it was answered with a status other than 400',
    },
    severity: 'medium',
    citations: [
      mcp('2026-07-28', 'basic/transports/streamable-http', 'Protocol Version Header'),
      mcp('2026-07-28', 'basic/transports/streamable-http', 'Server Validation'),
    ],
    rationale:
      'Gateways and load balancers route and authorize on the header while the server acts on the body; a server that accepts a disagreement lets a request be judged under one version and executed under another.',
    remediation:
      'Compare `MCP-Protocol-Version` with `_meta["io.modelcontextprotocol/protocolVersion"]` on every request and answer a difference with HTTP 400 and JSON-RPC error -32020 (HeaderMismatch).',
    evidence:
      '`s.hdr.version-mismatch`: `server/discover` with header 2026-07-28 and `_meta` version 2025-11-25.',
    traps:
      'Dual-era servers must still reject (header and body disagree); the official conformance suite grades a wrong code as a warning — hence low for `code`.',
    notes:
      'Keys `served`, `code` (400 with another code, low), `status` (any other status, including 200 with -32020).',
  },
  evaluate(ev, ctx) {
    const p = ev.modern.headers.versionMismatch;
    if (p.kind !== 'ok') return ctx.fromProbe(p, 'The version-mismatch request (s.hdr.version-mismatch)');
    return rejectionVerdict(ctx, p.value, {
      what: 'A request whose MCP-Protocol-Version differs from its `_meta` version',
      codes: [-32020],
      codeSeverity: 'low',
    });
  },
});
