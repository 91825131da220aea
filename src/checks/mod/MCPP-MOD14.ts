import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { rejectionVerdict } from './common.js';

export default defineCheck({
  meta: {
    id: 'MCPP-MOD14',
    title: 'Missing required `_meta` fields rejected with `-32602`',
    requirement: 'A request lacking a required `_meta` field (here `clientCapabilities`) → 400 + `-32602`.',
    keyword: 'MUST',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'safe',
    requires: ['modern'],
    rating: { scope: 'protocol' },
    keys: {
      served: 'a request whose _meta lacks clientCapabilities was served',
      code: 'it was answered 400 with another code than -32602',
      status: 'it was answered with a status other than 400',
      'no-meta': 'the request without _meta could not be judged (probe missing)',
      'no-meta-served': 'a request without _meta was served',
      'no-meta-code': 'it was answered 400 with a code other than -32602 or -32020',
      'no-meta-status': 'it was answered with a status other than 400',
    },
    severity: 'low',
    citations: [mcp('2026-07-28', 'basic/index', '_meta')],
    rationale:
      'Without a handshake, every request must say which capabilities the client has; a server that fills in missing ones infers capabilities the client never declared and may use them.',
    remediation:
      'Reject a request whose `_meta` lacks `io.modelcontextprotocol/protocolVersion` or `io.modelcontextprotocol/clientCapabilities` with HTTP 400 and JSON-RPC error -32602; never infer capabilities from earlier requests.',
    evidence:
      '`s.meta.missing` (`server/discover` without `clientCapabilities`, protocol version kept equal to the header) and `s.meta.none` (no `_meta` at all).',
    traps:
      'Removing all of `_meta` makes header and body disagree (then `-32020` is also defensible) — the probe keeps `protocolVersion` to avoid that overlap.',
    notes:
      'For `s.meta.none` both -32602 and -32020 pass. Keys `served`, `code`, `status`; the same prefixed `no-meta-` for the request without `_meta`.',
  },
  evaluate(ev, ctx) {
    const { noCapabilities, noMeta } = ev.modern.meta;
    return [
      noCapabilities.kind === 'ok'
        ? rejectionVerdict(ctx, noCapabilities.value, {
            what: 'A request whose `_meta` lacks clientCapabilities',
            codes: [-32602],
          })
        : ctx.fromProbe(noCapabilities, 's.meta.missing'),
      noMeta.kind === 'ok'
        ? rejectionVerdict(ctx, noMeta.value, {
            what: 'A request without `_meta`',
            codes: [-32602, -32020],
            prefix: 'no-meta',
          })
        : ctx.fromProbe(noMeta, 's.meta.none', { key: 'no-meta' }),
    ];
  },
});
