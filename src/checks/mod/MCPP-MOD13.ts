import type { CheckContext, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import type { Probe, HttpReply } from '../../evidence/types.js';
import { mcp, rfc } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { describe, isDiscoverResult, reachedDispatch, unusable } from './common.js';

type Variant = 'lowercase' | 'name-b64' | 'ows';

const WHAT: Record<Variant, string> = {
  lowercase: '`server/discover` with lowercase header names',
  'name-b64': '`tools/call` with a Base64-sentinel `Mcp-Name` that decodes to the body name',
  ows: '`tools/call` with spaces around `Mcp-Name`',
};

function judge(
  ctx: CheckContext,
  variant: Variant,
  p: Probe<HttpReply>,
  reference: HttpReply | null,
): Verdict {
  if (p.kind !== 'ok') return ctx.fromProbe(p, `s.hdr.${variant}`, { key: variant });
  const reply = p.value;
  const evidence = reference ? [reply.exchange, reference.exchange] : [reply.exchange];
  const bad = unusable(reply);
  if (bad)
    return ctx.inconclusive(bad.reason, `${WHAT[variant]} was ${bad.why}.`, evidence, { key: variant });
  const accepted = variant === 'lowercase' ? isDiscoverResult(reply) : reachedDispatch(reply);
  if (accepted) return ctx.pass(`${WHAT[variant]} passed header validation (${describe(reply)}).`, evidence);
  const refOk = variant === 'lowercase' || (reference !== null && reachedDispatch(reference));
  if (reply.status === 400 && refOk)
    return ctx.fail(`${WHAT[variant]} was rejected (${describe(reply)}).`, evidence, { key: variant });
  return ctx.inconclusive(
    'ambiguous',
    `${WHAT[variant]} was answered ${describe(reply)}${reference ? `; the same call with a plain Mcp-Name was answered ${describe(reference)}` : ''}.`,
    evidence,
    { key: variant },
  );
}

export default defineCheck({
  meta: {
    id: 'MCPP-MOD13',
    title: 'Header encoding and case rules honoured',
    requirement:
      'Header names match case-insensitively; a Base64-sentinel `Mcp-Name` is decoded before comparison; optional whitespace around values is ignored.',
    keyword: 'MUST',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'safe',
    requires: ['modern'],
    rating: { scope: 'protocol' },
    keys: {
      lowercase: 'server/discover with lowercase header names was rejected with 400 (also its non-verdicts)',
      'name-b64':
        "a Base64-sentinel Mcp-Name decoding to the body's name was rejected with 400 while the plain call reached dispatch",
      ows: 'spaces around Mcp-Name made the call fail with 400 while the plain call reached dispatch',
    },
    severity: 'low',
    citations: [
      mcp('2026-07-28', 'basic/transports/streamable-http', 'Value Encoding'),
      mcp('2026-07-28', 'basic/transports/streamable-http', 'Case Sensitivity'),
      rfc(9110, '5.5'),
    ],
    rationale:
      'Clients must Base64-encode names that are not plain ASCII, and proxies may re-case header names or add whitespace; a server that rejects these correct requests cannot be used for such tools or behind such proxies.',
    remediation:
      'Match header names case-insensitively, strip optional whitespace around values, and decode `=?base64?…?=` values of `Mcp-Name` and `Mcp-Param-*` before comparing them with the body.',
    evidence:
      '`s.hdr.lowercase` (discover), `s.hdr.name-b64` and `s.hdr.ows` (`tools/call` of a nonexistent tool), compared with `s.tool.unknown` (the same call with a plain `Mcp-Name`).',
    traps: 'HTTP/2 lowercases names anyway; an "unknown tool" `-32602` is the expected pass signal.',
    notes:
      'The scanner’s HTTP client always sends lowercase header names, so `s.hdr.lowercase` has the wire form of `p.discover`; it is kept as its own probe so the variant has its own evidence. Node’s and most HTTP parsers strip OWS before the application sees it, so `ows` rarely fails. A 400 on a variant fails only when the plain call reached tool dispatch.',
  },
  evaluate(ev, ctx) {
    const m = ev.modern;
    const reference = m.toolUnknown.kind === 'ok' ? m.toolUnknown.value : null;
    return [
      judge(ctx, 'lowercase', m.headers.lowercase, null),
      judge(ctx, 'name-b64', m.headers.nameB64, reference),
      judge(ctx, 'ows', m.headers.ows, reference),
    ];
  },
});
