import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { describe, isDiscoverResult, unusable } from './common.js';

export default defineCheck({
  meta: {
    id: 'MCPP-MOD15',
    title: '`clientInfo` not required',
    requirement: 'A modern request without `io.modelcontextprotocol/clientInfo` is served.',
    keyword: 'SHOULD NOT',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'safe',
    requires: ['modern'],
    rating: { scope: 'protocol' },
    keys: {
      rejected: 'a request without the optional clientInfo was not served',
    },
    severity: 'low',
    citations: [mcp('2026-07-28', 'basic/index', '_meta')],
    rationale:
      '`clientInfo` is optional and self-reported; a server that requires it refuses conforming clients that leave it out, and one that bases behaviour on it trusts a value anyone can set.',
    remediation:
      'Serve requests whose `_meta` lacks `io.modelcontextprotocol/clientInfo`; use it for logging only.',
    evidence:
      '`s.meta.noclientinfo`: `server/discover` with `protocolVersion` and `clientCapabilities` only.',
    notes:
      'The catalogue keyword reads "optional field; servers SHOULD NOT depend on it"; recorded here as SHOULD NOT. Key `rejected`.',
  },
  evaluate(ev, ctx) {
    const p = ev.modern.meta.noClientInfo;
    if (p.kind !== 'ok') return ctx.fromProbe(p, 'The request without clientInfo (s.meta.noclientinfo)');
    const reply = p.value;
    const bad = unusable(reply);
    if (bad)
      return ctx.inconclusive(bad.reason, `The request without clientInfo was ${bad.why}.`, [reply.exchange]);
    if (isDiscoverResult(reply))
      return ctx.pass('A request without clientInfo was served.', [reply.exchange]);
    return ctx.fail(
      `A request without the optional clientInfo was answered ${describe(reply)}.`,
      [reply.exchange],
      {
        key: 'rejected',
      },
    );
  },
});
