/**
 * Builders for the LEG tests on top of test/helpers/evidence.ts: patches that
 * turn the default well-behaved server into the variants the LEG rows judge
 * (no session, auth wall, modern-only, a 2025-03-26 session, SSE replies).
 */
import type {
  Detection,
  ExchangeId,
  InitAttempt,
  LegacySessionEvidence,
  RecordedRequest,
  RevisionInfo,
  HttpReply,
  SseEventRecord,
} from '../../src/evidence/types.js';
import type { Revision } from '../../src/spec/revisions.js';
import type { EvidenceBuilder } from './evidence.js';
import { evidence } from './evidence.js';

type Patch = NonNullable<Parameters<typeof evidence>[0]>;
/** The mutable evidence a patch receives. */
export type Ev = Parameters<Patch>[0];

/** Replace members of `ev.sessions` (its fields are readonly in the Mutable view). */
export function setLegacy(ev: Ev, patch: Partial<LegacySessionEvidence>): void {
  ev.sessions = { ...ev.sessions!, ...patch };
}

export function setRevision(ev: Ev, patch: Partial<RevisionInfo>): void {
  Object.assign(ev.detection.revision, patch);
}

export function setDetection(ev: Ev, patch: Partial<Detection>): void {
  Object.assign(ev.detection, patch);
}

export function setInits(ev: Ev, inits: readonly InitAttempt[]): void {
  setDetection(ev, { inits });
}

/** Patch the recorded request of an exchange (the builder records no request body or headers). */
export function editRequest(b: EvidenceBuilder, id: ExchangeId, patch: Partial<RecordedRequest>): void {
  const i = b.exchanges.findIndex((x) => x.id === id);
  const x = b.exchanges[i]!;
  b.exchanges[i] = { ...x, request: { ...x.request, ...patch } };
}

/** A JSON-RPC reply on an SSE stream: `events` as recorded; `result` adds the parsed response. */
export function sseReply(
  b: EvidenceBuilder,
  events: readonly Partial<SseEventRecord>[],
  result: unknown = { tools: [] },
): HttpReply {
  return b.reply({
    mediaType: 'text/event-stream',
    result,
    sseEvents: events.map((e) => ({ data: e.data ?? '', dataLength: (e.data ?? '').length, ...e })),
  });
}

/** A priming event (ID, empty data) followed by the message event. */
export function primed(id: string, next: string): Partial<SseEventRecord>[] {
  return [
    { id, data: '' },
    { id: next, event: 'message', data: '{"jsonrpc":"2.0","id":1,"result":{}}' },
  ];
}

/** The server issued no session ID: session probes skipped with `no_session`. */
export function stateless(ev: Ev): void {
  const noSession = { kind: 'skipped', reason: 'no_session' } as const;
  setLegacy(ev, {
    init: { ...ev.sessions!.init, sessionId: null },
    sessionId: null,
    sessionSamples: [],
    sessionNone: noSession,
    sessionUnknown: noSession,
    delete: noSession,
    sessionReuse: noSession,
  });
}

/** Every MCP request answered 401: no transport, no legacy session, K empty. */
export function authWall(ev: Ev): void {
  ev.detection.authWall = true;
  ev.detection.transport = null;
  ev.sessions = null;
  setRevision(ev, {
    value: null,
    source: 'unknown',
    known: [],
    candidates: ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'],
    unconfirmed: ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'],
    eras: [],
  });
}

/** A modern-only (2026-07-28) server: no legacy revision applies. */
export function modernOnly(ev: Ev): void {
  ev.sessions = null;
  setRevision(ev, {
    value: '2026-07-28',
    known: ['2026-07-28'],
    candidates: ['2026-07-28'],
    unconfirmed: [],
    eras: ['modern'],
  });
}

/** The main session negotiated `rev` (K unchanged unless `known` is given). */
export function sessionAt(ev: Ev, rev: Revision, known?: readonly Revision[]): void {
  setLegacy(ev, { version: rev, revision: rev });
  if (known)
    setRevision(ev, { known: [...known], candidates: [...known], value: known[known.length - 1] ?? null });
}

/** A passive-only scan (safe probes not sent). */
export function passive(ev: Ev): void {
  ev.settings.mode = 'passive';
}

export { evidence };
