import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { describe, is2xx, unusable } from './common.js';

export default defineCheck({
  meta: {
    id: 'MCPP-MOD29',
    title: 'Batches rejected on modern requests',
    requirement: 'A JSON array body sent with modern headers is rejected with 400.',
    keyword: 'derived',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'safe',
    requires: ['modern'],
    rating: { scope: 'protocol' },
    keys: {
      processed: 'a batch of two modern requests was processed',
      status: 'the modern batch was answered otherwise than 400',
    },
    severity: 'low',
    citations: [
      mcp('2026-07-28', 'basic/transports/streamable-http', 'Sending Messages'),
      mcp('2026-07-28', 'basic/transports/streamable-http', 'Server Validation'),
    ],
    rationale:
      'Each POST carries one message so the standard headers can describe it; a processed batch holds requests the headers do not describe, which slips them past header-based routing and policy.',
    remediation:
      'Answer a JSON array body on the modern wire with HTTP 400 and a JSON-RPC error (e.g. -32600).',
    evidence: '`s.batch.modern`: two `tools/list` requests with `_meta`, headers of the first.',
    traps:
      'Dual-era servers may process arrays under legacy rules only when elements carry no modern `_meta` — the probe’s elements do.',
    notes: 'Keys `processed` (2xx with results) and `status` (another non-400 answer).',
  },
  evaluate(ev, ctx) {
    const p = ev.modern.batch;
    if (p.kind !== 'ok') return ctx.fromProbe(p, 'The modern batch (s.batch.modern)');
    const reply = p.value;
    const evidence = [reply.exchange];
    const bad = unusable(reply);
    if (bad) return ctx.inconclusive(bad.reason, `The modern batch was ${bad.why}.`, evidence);
    if (reply.status === 400)
      return ctx.pass(`The modern batch was rejected (${describe(reply)}).`, evidence);
    const results = reply.messages.filter((m) => m.kind === 'response' && m.result !== undefined).length;
    if (is2xx(reply.status) && results > 0)
      return ctx.fail(`A batch of two modern requests was processed (${results} result(s)).`, evidence, {
        key: 'processed',
      });
    return ctx.fail(`The modern batch was answered ${describe(reply)}; expected 400.`, evidence, {
      key: 'status',
    });
  },
});
