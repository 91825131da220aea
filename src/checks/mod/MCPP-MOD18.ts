import { defineCheck } from '../define-check.js';
import type { RpcReply } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { describe, isDiscoverResult, unusable } from './common.js';

export default defineCheck({
  meta: {
    id: 'MCPP-MOD18',
    title: '`Last-Event-ID` ignored',
    requirement: 'A modern request carrying `Last-Event-ID` is processed normally.',
    keyword: 'SHOULD',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'safe',
    requires: ['detection', 'modern'],
    rating: { scope: 'protocol' },
    keys: {
      rejected: 'a request with Last-Event-ID: 1 was not served a DiscoverResult',
      replay: 'a request with Last-Event-ID: 1 got extra messages before its result (a replay)',
    },
    severity: 'info',
    citations: [
      mcp('2026-07-28', 'basic/transports/streamable-http', 'Earlier Streamable HTTP Revisions'),
      mcp('2026-07-28', 'basic/transports/streamable-http', 'Receiving Messages'),
    ],
    rationale:
      'Resumable streams are gone in 2026-07-28; clients upgraded from 2025-era code may still send the header, and a server that rejects or replays on it breaks them.',
    remediation: 'Ignore `Last-Event-ID` on POST requests: no replay, no error.',
    evidence: '`s.lei`: `server/discover` with `Last-Event-ID: 1`.',
    notes:
      'Keys `rejected` (no DiscoverResult) and `replay` (other messages before the result on an SSE reply).',
  },
  evaluate(ev, ctx) {
    const p = ev.modern.lastEventId;
    if (p.kind !== 'ok') return ctx.fromProbe(p, 'The request with Last-Event-ID (s.lei)');
    const reply = p.value;
    const evidence = [reply.exchange];
    const bad = unusable(reply);
    if (bad) return ctx.inconclusive(bad.reason, `The request with Last-Event-ID was ${bad.why}.`, evidence);
    if (!isDiscoverResult(reply))
      return ctx.fail(`A request with Last-Event-ID: 1 was answered ${describe(reply)}.`, evidence, {
        key: 'rejected',
      });
    // Extra messages count only beyond what the same request without the header got.
    const extra = (r: RpcReply | null) => (r ? r.messages.filter((m) => m.kind !== 'response').length : 0);
    const baseline = ev.detection.discover.kind === 'ok' ? ev.detection.discover.value : null;
    const others = reply.messages.filter((m) => m.kind !== 'response');
    if (others.length > extra(baseline))
      return ctx.fail(
        `A request with Last-Event-ID: 1 got ${others.length} extra message(s) before its result.`,
        evidence,
        {
          key: 'replay',
        },
      );
    return ctx.pass('A request with Last-Event-ID: 1 was served normally.', evidence);
  },
});
