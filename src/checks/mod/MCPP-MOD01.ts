import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { describe, errorCode, hasModernProbes, okReply, resultOf, unusable } from './common.js';

export default defineCheck({
  meta: {
    id: 'MCPP-MOD01',
    title: '`server/discover` implemented',
    requirement:
      'The server answers `server/discover` with a DiscoverResult, or with `-32022` when it does not serve the requested version.',
    keyword: 'MUST',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['detection', 'modern?'],
    rating: { scope: 'protocol' },
    keys: {
      'not-found':
        'server/discover was answered -32601 (method not found) although the server speaks 2026-07-28',
      error: 'server/discover was answered with another error although the server speaks 2026-07-28',
    },
    severity: 'high',
    citations: [
      mcp('2026-07-28', 'server/discover'),
      mcp('2026-07-28', 'basic/versioning', 'Protocol Version Negotiation'),
    ],
    rationale:
      '`server/discover` is how a 2026-07-28 client learns the versions and capabilities of a server without a handshake; clients that probe with it and get an error fall back to legacy handshakes or give up.',
    remediation:
      'Implement `server/discover`: answer it statelessly, before any other request, with `supportedVersions`, `capabilities`, `resultType`, `ttlMs` and `cacheScope` (or `-32022` with the supported versions when the requested version is not served).',
    evidence:
      '`p.discover`: the first request of the detection ladder (modern headers and `_meta`, version 2026-07-28).',
    traps:
      'A legacy server answering `-32601` or "not initialized" is not applicable (no modern evidence; TRN16 reports it); a server that answers discover only after `initialize` is legacy.',
    notes:
      'Any result object counts as implemented; its shape (including `supportedVersions`) is judged by MOD02 so one defect is reported once. Fails only when modern evidence exists besides the discover answer (it was re-sent and answered -32020/-32021 twice). With `--spec 2026-07-28` and no modern evidence the result is inconclusive (`ambiguous`): a pin is not evidence.',
  },
  evaluate(ev, ctx) {
    const d = ev.detection.discover;
    if (d.kind !== 'ok') return ctx.fromProbe(d, '`server/discover` (p.discover)');
    const reply = d.value;
    const bad = unusable(reply);
    if (bad) return ctx.inconclusive(bad.reason, `\`server/discover\` was ${bad.why}.`, [reply.exchange]);
    if (resultOf(okReply(d))) return ctx.pass('`server/discover` returned a result.', [reply.exchange]);
    const code = errorCode(reply);
    if (code === -32022) {
      return ctx.pass('`server/discover` answered -32022 (the requested version is not served).', [
        reply.exchange,
      ]);
    }
    if (!hasModernProbes(ev.modern)) {
      return ctx.inconclusive(
        'ambiguous',
        `\`server/discover\` was answered ${describe(reply)}, and the server shows no other modern evidence.`,
        [reply.exchange],
      );
    }
    return ctx.fail(
      `\`server/discover\` was answered ${describe(reply)} although the server speaks 2026-07-28.`,
      [reply.exchange],
      { key: code === -32601 ? 'not-found' : 'error' },
    );
  },
});
