import type { CheckContext, Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import type { Probe, HttpReply } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { hasModernProbes, unusable } from './common.js';

function judge(ctx: CheckContext, verb: 'GET' | 'DELETE', p: Probe<HttpReply>): Verdict | null {
  if (p.kind !== 'ok') return ctx.fromProbe(p, `${verb} without a session`, { key: verb });
  const s = p.value.status;
  if (s === 405) return null;
  const bad = unusable(p.value);
  // A 401 here is the auth layer answering first: the method handling is not visible.
  if (bad) return ctx.inconclusive(bad.reason, `${verb} was ${bad.why}.`, [p.value.exchange], { key: verb });
  return ctx.fail(
    `${verb} on the endpoint was answered ${s}; a modern-only server should answer 405.`,
    [p.value.exchange],
    {
      key: `${verb}-${s}`,
    },
  );
}

export default defineCheck({
  meta: {
    id: 'MCPP-MOD17',
    title: 'GET and DELETE answered 405 by modern-only servers',
    requirement:
      'A server supporting only modern versions answers GET and DELETE on the MCP endpoint with 405.',
    keyword: 'SHOULD',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'safe',
    requires: ['detection', 'modern?'],
    rating: { scope: 'protocol' },
    keys: {
      GET: 'the GET without a session could not be judged (probe missing, unusable answer)',
      DELETE: 'the DELETE without a session could not be judged',
      'GET-<status>': 'GET on a modern-only endpoint was answered with this status instead of 405',
      'DELETE-<status>': 'DELETE on a modern-only endpoint was answered with this status instead of 405',
    },
    severity: 'low',
    citations: [mcp('2026-07-28', 'basic/transports/streamable-http', 'Earlier Streamable HTTP Revisions')],
    rationale:
      'The 2026-07-28 transport is POST only; 405 tells a legacy client plainly that there is no GET stream or session to end, where other answers leave it waiting, retrying, or believing a session ended.',
    remediation: 'Answer GET and DELETE on the MCP endpoint with `405 Method Not Allowed` and `Allow: POST`.',
    evidence:
      '`s.get.modern` (GET with `Accept: text/event-stream`, no session, read ≤2 s) and `s.delete.modern`.',
    traps: 'Some frameworks answer 204 with an empty body.',
    notes:
      'Not applicable (`revision`) on dual-era servers: legacy rules govern their GET and DELETE (LEG05/LEG09), and the probes are not sent. Keys `<verb>-<status>`.',
  },
  evaluate(ev, ctx) {
    if (ev.detection.revision.eras.includes('legacy'))
      return ctx.notApplicable(
        'revision',
        'The server also speaks legacy revisions, whose rules govern GET and DELETE.',
      );
    // Decided before the modern section is needed: the engine's answer for it comes after.
    const m = ev.modern;
    if (!hasModernProbes(m)) return ctx.absent('modern');
    const out = [judge(ctx, 'GET', m.get), judge(ctx, 'DELETE', m.delete)].filter(
      (v): v is Verdict => v !== null,
    );
    if (out.length) return out;
    return ctx.pass('GET and DELETE were answered 405.', [
      ...(m.get.kind === 'ok' ? [m.get.value.exchange] : []),
      ...(m.delete.kind === 'ok' ? [m.delete.value.exchange] : []),
    ]);
  },
});
