import type { Verdict } from '../define-check.js';
import { defineCheck } from '../define-check.js';
import { mcp } from '../../spec/citations.js';
import { MODERN_REVISION } from '../../spec/revisions.js';
import { describe, errorCode, is2xx, unusable } from './common.js';

export default defineCheck({
  meta: {
    id: 'MCPP-MOD16',
    title: 'Unknown and removed methods → 404 + `-32601`',
    requirement:
      'Unknown methods and methods removed in 2026-07-28 (`ping`, `logging/setLevel`, `resources/subscribe`, `resources/unsubscribe`; modern-shaped `initialize` on modern-only servers) get HTTP 404 with JSON-RPC `-32601`.',
    keyword: 'MUST',
    revisions: [MODERN_REVISION],
    transports: ['streamable-http'],
    mode: 'safe',
    requires: ['detection', 'modern'],
    rating: { scope: 'protocol' },
    keys: {
      '<method>':
        'the unknown or removed method probed, on its non-verdicts (probe missing, unusable answer)',
      '<method>:served': 'the unknown or removed method was served',
      '<method>:status': 'it was answered -32601 with a status other than 404',
      '<method>:code': 'it was answered with another error than -32601',
    },
    severity: 'medium',
    citations: [
      mcp('2026-07-28', 'basic/transports/streamable-http', 'Protocol Version Header'),
      mcp('2026-07-28', 'changelog'),
    ],
    rationale:
      'The 404 with -32601 is how a client learns a method is not there; serving removed methods (a session-style `ping`, `resources/subscribe`) on the stateless wire keeps state and semantics the revision removed.',
    remediation:
      'Answer every method the server does not implement for 2026-07-28 — including `ping`, `logging/setLevel`, `resources/subscribe`, `resources/unsubscribe` and a modern-shaped `initialize` — with HTTP 404 and JSON-RPC error -32601.',
    evidence: '`s.method.unknown(<method>)`: each method with correct modern headers and `_meta`.',
    traps:
      'Dual-era servers may serve `ping` etc. only on a legacy session; with modern `_meta` they must answer 404.',
    notes:
      'One result per failing method, key `<method>:served|status|code`. The modern-shaped `initialize` is judged on modern-only servers only (the catalogue row); dual-era servers may treat any `initialize` as the legacy handshake.',
  },
  evaluate(ev, ctx) {
    const dualEra = ev.detection.revision.eras.includes('legacy');
    const judged = ev.modern.methods.filter((m) => !(dualEra && m.method === 'initialize'));
    const out: Verdict[] = [];
    const passed: string[] = [];
    for (const { method, probe } of judged) {
      if (probe.kind !== 'ok') {
        out.push(ctx.fromProbe(probe, `s.method.unknown(${method})`, { key: method }));
        continue;
      }
      const reply = probe.value;
      const bad = unusable(reply);
      if (bad) {
        out.push(
          ctx.inconclusive(bad.reason, `${method} was ${bad.why}.`, [reply.exchange], { key: method }),
        );
        continue;
      }
      const code = errorCode(reply);
      if (reply.status === 404 && code === -32601) {
        passed.push(method);
        continue;
      }
      const kind = is2xx(reply.status) && code === undefined ? 'served' : code === -32601 ? 'status' : 'code';
      out.push(
        ctx.fail(
          `${method} over the modern wire was answered ${describe(reply)}; expected 404 with -32601.`,
          [reply.exchange],
          {
            key: `${method}:${kind}`,
          },
        ),
      );
    }
    if (out.length === 0)
      return ctx.pass(
        `${passed.join(', ')} were answered 404 with -32601.`,
        judged.flatMap((m) => (m.probe.kind === 'ok' ? [m.probe.value.exchange] : [])),
      );
    return out;
  },
});
