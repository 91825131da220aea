import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { rejectionVerdict } from './common.js';

export default defineCheck({
  meta: {
    id: 'MCPP-MOD10',
    title: 'Missing `Mcp-Method` rejected',
    requirement: 'A modern request without `Mcp-Method` → 400 + `-32020`.',
    keyword: 'MUST',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'safe',
    requires: ['modern'],
    rating: { scope: 'protocol' },
    keys: {
      served: 'a request without Mcp-Method was served',
      code: 'it was answered 400 with another JSON-RPC code than -32020 (low)',
      status: 'it was answered with a status other than 400',
    },
    severity: 'medium',
    citations: [
      mcp('2026-07-28', 'basic/transports/streamable-http', 'Standard Request Headers'),
      mcp('2026-07-28', 'basic/transports/streamable-http', 'Server Validation'),
    ],
    rationale:
      '`Mcp-Method` lets intermediaries route, rate-limit and authorize by method without parsing bodies. A server that serves requests without it lets traffic bypass every rule written against the header.',
    remediation:
      'Require `Mcp-Method` on every request and answer its absence with HTTP 400 and JSON-RPC error -32020 (HeaderMismatch).',
    evidence: '`s.hdr.method-missing`: `server/discover` with every other header correct.',
    traps:
      'Intermediaries may return a plain 400 without JSON-RPC (allowed for intermediaries) → `code`, low.',
    notes: 'Keys `served`, `code` (400 with another code or no JSON-RPC body, low), `status`.',
  },
  evaluate(ev, ctx) {
    const p = ev.modern.headers.methodMissing;
    if (p.kind !== 'ok') return ctx.fromProbe(p, 'The request without Mcp-Method (s.hdr.method-missing)');
    return rejectionVerdict(ctx, p.value, {
      what: 'A request without Mcp-Method',
      codes: [-32020],
      codeSeverity: 'low',
    });
  },
});
