import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { BOGUS_VERSION, describe, errorCode, is2xx, isObject, unusable } from './common.js';

export default defineCheck({
  meta: {
    id: 'MCPP-MOD07',
    title: 'Unsupported-version error lists supported versions',
    requirement:
      'A request for an unsupported version gets JSON-RPC error `-32022` with `data.supported` (non-empty array of strings) and `data.requested` (the requested string).',
    keyword: 'MUST',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'safe',
    requires: ['modern'],
    rating: { scope: 'protocol' },
    keys: {
      served: 'a request naming version 1900-01-01 was served',
      code: 'a request naming version 1900-01-01 was answered with something other than -32022',
      data: 'the -32022 error lacks data.supported (a non-empty list of strings) or data.requested',
    },
    severity: 'medium',
    citations: [
      mcp('2026-07-28', 'basic/versioning', 'Protocol Version Negotiation'),
      mcp('2026-07-28', 'basic/transports/streamable-http', 'Protocol Version Header'),
      // Not `schema#UnsupportedProtocolVersionError`: its lower-cased anchor trips the SARIF test's 'onerror' markup guard.
      mcp('2026-07-28', 'basic/index', 'Error Codes'),
    ],
    rationale:
      'There is no handshake in 2026-07-28: this error is how a client learns which version to retry with. Without the list it can only guess or fall back to legacy handshakes.',
    remediation:
      'Answer a request naming an unsupported version with HTTP 400 and `{"code": -32022, "data": {"supported": [...], "requested": "<version>"}}`.',
    evidence: `\`s.version.bad.modern\`: \`server/discover\` with ${BOGUS_VERSION} in the MCP-Protocol-Version header and in \`_meta\`.`,
    traps:
      'The spec’s own example lists `["2026-07-28","2025-11-25"]` — legacy versions in the list are fine. The HTTP status is ACT05’s.',
    notes: 'Keys `served` (a result came back), `code` (another error code, e.g. a legacy -32000), `data`.',
  },
  evaluate(ev, ctx) {
    const p = ev.modern.versionBad;
    if (p.kind !== 'ok') return ctx.fromProbe(p, `The request naming version ${BOGUS_VERSION}`);
    const reply = p.value;
    const evidence = [reply.exchange];
    const bad = unusable(reply);
    if (bad) return ctx.inconclusive(bad.reason, `The bad-version request was ${bad.why}.`, evidence);
    const code = errorCode(reply);
    if (code === undefined && is2xx(reply.status) && reply.response?.result !== undefined)
      return ctx.fail(`A request naming version ${BOGUS_VERSION} was served (${reply.status}).`, evidence, {
        key: 'served',
      });
    if (code !== -32022)
      return ctx.fail(
        `A request naming version ${BOGUS_VERSION} was answered ${describe(reply)}, not -32022.`,
        evidence,
        {
          key: 'code',
        },
      );
    const data = reply.response?.error?.data;
    const supported = isObject(data) ? data['supported'] : undefined;
    const listOk =
      Array.isArray(supported) && supported.length > 0 && supported.every((v) => typeof v === 'string');
    const requested = isObject(data) ? data['requested'] : undefined;
    if (!listOk || requested !== BOGUS_VERSION) {
      const what = [
        listOk ? null : '`data.supported` is not a non-empty list of strings',
        requested === BOGUS_VERSION ? null : `\`data.requested\` is not "${BOGUS_VERSION}"`,
      ].filter(Boolean);
      return ctx.fail(`The -32022 error is incomplete: ${what.join('; ')}.`, evidence, { key: 'data' });
    }
    return ctx.pass(`-32022 with supported versions ${supported.join(', ')}.`, evidence);
  },
});
