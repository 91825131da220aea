import { defineCheck } from '../define-check.js';
import type {
  Evidence,
  ExchangeId,
  LegacySessionEvidence,
  Probe,
  HttpReply,
  RpcReply,
} from '../../evidence/types.js';
import { isHttpReply } from '../../evidence/types.js';
import { mcp } from '../../spec/citations.js';
import { revisionRange } from '../../spec/revisions.js';
import { inventoryReplies, mainSessionProbes } from './replies.js';

/** Enough duplicates to show the pattern without flooding the report. */
const MAX_REPORTED = 5;

/**
 * SSE replies that share the ID scope: the main session's streams, or — without
 * session management — every stream the scanner (one client) received.
 */
function streamsInScope(
  ev: Pick<Evidence, 'detection' | 'inventory'>,
  leg: LegacySessionEvidence,
): HttpReply[] {
  const out = new Map<ExchangeId, HttpReply>();
  // Only HTTP replies carry SSE events.
  const add = (p: Probe<RpcReply> | undefined) => {
    if (p?.kind === 'ok' && isHttpReply(p.value)) out.set(p.value.exchange, p.value);
  };
  out.set(leg.init.exchange, leg.init);
  for (const p of mainSessionProbes(leg)) add(p);
  for (const r of inventoryReplies(ev)) out.set(r.exchange, r);
  if (leg.sessionId === null) {
    for (const a of ev.detection.inits) add(a.probe);
    for (const p of [leg.init2, leg.initBogus, leg.sessionNone]) add(p);
  }
  return [...out.values()].filter((r) => r.sseEvents.length > 0);
}

export default defineCheck({
  meta: {
    id: 'MCPP-LEG14',
    title: 'SSE event IDs unique',
    requirement: 'If SSE events carry IDs, each ID is unique across all streams of the session.',
    keyword: 'MUST',
    transportShape: true,
    revisions: revisionRange('2025-03-26', '2025-11-25'),
    transports: ['streamable-http'],
    mode: 'passive',
    requires: ['detection', 'sessions', 'inventory?'],
    rating: { scope: 'protocol' },
    keys: {
      '<event-id>':
        'an SSE event ID the server used more than once in one scope (one result per ID, at most five)',
    },
    severity: 'low',
    citations: [mcp('2025-11-25', 'basic/transports', 'Resumability and Redelivery')],
    rationale:
      'Clients resume a broken stream by sending the last event ID they saw. If two streams use the same IDs, the server cannot tell which stream to resume and may replay messages from the wrong one or lose messages.',
    remediation:
      'Make event IDs unique per session across all streams, for example by prefixing a per-stream identifier to a per-stream counter (`<stream-id>:<n>`).',
    evidence:
      'Event IDs of every SSE reply and of the GET stream on the main session (initialize, `p.initialized`, `p.list.baseline`, inventory listing, `s.get`, `s.version.*`, `s.batch`, `p.delete`).',
    traps:
      'Per-stream counters restarting at `0` or `1` are the typical bug; reuse across different sessions is allowed.',
    notes:
      'Without session management the specification scopes uniqueness to "all streams with that specific client"; the check then pools every stream the scanner received (including the other initialize calls) and reports with medium confidence. One failure per duplicated ID (key = the ID), at most five.',
  },
  evaluate(ev, ctx) {
    const leg = ev.sessions;
    const streams = streamsInScope(ev, leg);
    const seen = new Map<string, ExchangeId[]>();
    for (const r of streams) {
      for (const e of r.sseEvents) {
        if (e.id === undefined || e.id === '') continue;
        seen.set(e.id, [...(seen.get(e.id) ?? []), r.exchange]);
      }
    }
    if (seen.size === 0) return ctx.notApplicable('feature_absent', 'No SSE event carried an ID.');
    const confidence = leg.sessionId === null ? 'medium' : 'high';
    const scope =
      leg.sessionId === null ? 'the streams of this client (no session management)' : 'the session';
    const dups = [...seen].filter(([, where]) => where.length > 1);
    if (dups.length > 0) {
      return dups.slice(0, MAX_REPORTED).map(([id, where]) => {
        const streamCount = new Set(where).size;
        return ctx.fail(
          `SSE event ID "${id}" was used ${where.length} times across ${streamCount} stream(s) of ${scope}${dups.length > MAX_REPORTED ? ` (${dups.length} duplicated IDs in all)` : ''}.`,
          [...new Set(where)],
          { key: id, confidence },
        );
      });
    }
    return ctx.pass(
      `All ${seen.size} SSE event IDs across ${streams.length} stream(s) of ${scope} are unique.`,
      [...new Set([...seen.values()].flat())],
      { confidence },
    );
  },
});
