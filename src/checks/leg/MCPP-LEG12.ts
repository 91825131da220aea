import { defineCheck } from '../define-check.js';
import type { CheckContext, Verdict } from '../define-check.js';
import type { HttpReply, Probe, RpcMessage } from '../../evidence/types.js';
import type { Revision } from '../../spec/revisions.js';
import { mcp } from '../../spec/citations.js';
import { atLeast, revisionRange } from '../../spec/revisions.js';

type Response = Extract<RpcMessage, { kind: 'response' }>;

export default defineCheck({
  meta: {
    id: 'MCPP-LEG12',
    title: 'Batches handled as the negotiated revision requires',
    requirement:
      'A JSON-RPC batch is processed on a 2025-03-26 session (receiving batches is a MUST there) and rejected (400 or `-32600`) on sessions negotiated at 2025-06-18 or later, where batching was removed.',
    keyword: 'MUST',
    revisions: revisionRange('2025-03-26', '2025-11-25'),
    transports: ['streamable-http'],
    mode: 'safe',
    requires: ['sessions'],
    rating: { scope: 'protocol' },
    keys: {
      processed: 'a session negotiated at 2025-06-18 or later processed a JSON-RPC batch (low)',
      'rejected-0326': 'a 2025-03-26 session did not process a JSON-RPC batch (medium)',
    },
    severity: 'medium',
    citations: [
      mcp('2025-03-26', 'basic/index', 'Batching'),
      mcp('2025-03-26', 'basic/transports', 'Sending Messages to the Server'),
      mcp('2025-06-18', 'changelog'),
    ],
    rationale:
      '2025-03-26 clients may send batches and need them processed. From 2025-06-18 on a batch is not a valid message: processing it lets one HTTP request carry several methods past per-message controls (header routing, inspection, rate limits) that assume one message per request.',
    remediation:
      'Process batches on sessions negotiated at 2025-03-26 (answer with an array of responses, or the responses on an SSE stream); reject them with 400 or a JSON-RPC `-32600` error on sessions negotiated at 2025-06-18 or later.',
    evidence:
      '`s.batch`: a two-element array of `tools/list` on the main session — status and the JSON-RPC responses in the reply (JSON array or SSE events). `s.batch(2025-03-26)`: the same batch on the 2025-03-26 session the ladder opened (after its `notifications/initialized`), when the main session negotiated a later version.',
    traps:
      "Judged by the session's negotiated version; widely used SDKs process batches on every legacy version (fingerprint, low).",
    notes:
      "Judged by the negotiated version of the session the batch was sent on: evaluated for 2025-03-26 when the main session negotiated later, the batch on the ladder's 2025-03-26 session is judged (a 2025-11-25 session says nothing about 2025-03-26 batch support); for the other revisions, and when no 2025-03-26 session was opened, the main session's. A 2024-11-05 session is N/A (no batching text). Processed means at least one response with a `result`; an array of error responses is a rejection. An SSE reply is read only until the response to the second element, so one processed response on a 2025-03-26 session passes with medium confidence. On ≥2025-06-18 sessions any 4xx is a rejection, and a 5xx or an empty 2xx is inconclusive; on a 2025-03-26 session every answer without processed responses fails (`rejected-0326`).",
  },
  evaluate(ev, ctx) {
    const leg = ev.sessions;
    const rev = leg.revision;
    // Evaluated for 2025-03-26 while the main session negotiated later: the batch sent on the
    // ladder's 2025-03-26 session is judged by that revision.
    const b0326 = leg.batch0326;
    if (ctx.revision === '2025-03-26' && rev !== '2025-03-26' && b0326 && b0326.kind !== 'skipped')
      return judge(ctx, '2025-03-26', b0326, 's.batch(2025-03-26)');
    if (rev === null) {
      return ctx.inconclusive(
        'ambiguous',
        `The session negotiated ${leg.version}, a version the scanner does not know.`,
        [leg.init.exchange],
      );
    }
    if (!atLeast(rev, '2025-03-26')) {
      return ctx.notApplicable(
        'revision',
        `The session negotiated ${rev}, which defines no JSON-RPC batching.`,
      );
    }
    return judge(ctx, rev, leg.batch, 's.batch');
  },
});

/** The batch sent on a session negotiated at `rev`, judged by that revision's rule. */
function judge(ctx: CheckContext, rev: Revision, p: Probe<HttpReply>, label: string): Verdict {
  if (p.kind !== 'ok') return ctx.fromProbe(p, `The two-element batch (${label})`);
  const r = p.value;
  const ex = [r.exchange];
  if (r.status === 401 || r.status === 403)
    return ctx.inconclusive('auth_wall', `The batch was answered ${r.status}.`, ex);
  if (r.status === 429) return ctx.inconclusive('rate_limited', 'The batch was answered 429.', ex);
  const responses = r.messages.filter((m): m is Response => m.kind === 'response');
  const processed = responses.filter((m) => m.result !== undefined && m.error === undefined);
  const ok2xx = r.status >= 200 && r.status < 300;
  if (rev === '2025-03-26') {
    if (ok2xx && processed.length >= 2) {
      return ctx.pass(`The 2025-03-26 session processed the batch (${processed.length} responses).`, ex);
    }
    if (ok2xx && processed.length === 1 && r.bodyKind === 'sse') {
      return ctx.pass(
        'The 2025-03-26 session processed the batch (a response arrived on the SSE stream).',
        ex,
        {
          confidence: 'medium',
        },
      );
    }
    return ctx.fail(
      `The 2025-03-26 session did not process the batch (HTTP ${r.status}, ${processed.length} result(s)); receiving batches is a MUST in 2025-03-26.`,
      ex,
      {
        key: 'rejected-0326',
        severity: 'medium',
        ...(r.status >= 500 ? { confidence: 'medium' as const } : {}),
      },
    );
  }

  if (ok2xx && processed.length > 0) {
    return ctx.fail(
      `The ${rev} session processed a JSON-RPC batch (${processed.length} result(s)); batching was removed in 2025-06-18.`,
      ex,
      { key: 'processed', severity: 'low' },
    );
  }
  if (r.status >= 400 && r.status < 500) {
    return ctx.pass(`The ${rev} session rejected the batch with HTTP ${r.status}.`, ex);
  }
  if (ok2xx && responses.length > 0) {
    const codes = [...new Set(responses.map((m) => String(m.error?.code)))].join(', ');
    return ctx.pass(`The ${rev} session rejected the batch with JSON-RPC error ${codes}.`, ex);
  }
  if (r.status >= 500) {
    return ctx.inconclusive('fetch_failed', `The batch was answered HTTP ${r.status}.`, ex);
  }
  return ctx.inconclusive(
    'ambiguous',
    `The batch was answered HTTP ${r.status} without JSON-RPC responses; neither processed nor rejected.`,
    ex,
  );
}
