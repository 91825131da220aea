/**
 * What the handshake-era checks share beyond the engine's standard results (an auth wall and a
 * missing session section are the engine's, docs/model/evidence.md#sections): why an initialize came to
 * nothing, and "the server issued no session ID".
 */
import type { CheckContext, Verdict } from '../define-check.js';
import type { Evidence, LegacySessionEvidence, Probe, HttpReply } from '../../evidence/types.js';
import { failedLadderInit } from '../shared/ladder.js';

/** As `failedLadderInit`, falling back to a failed HTTP+SSE `initialize`. */
export function failedInit(ev: Pick<Evidence, 'detection' | 'sse'>, ctx: CheckContext): Verdict | null {
  const ladder = failedLadderInit(ev, ctx);
  if (ladder) return ladder;
  if (ev.sse?.init.kind === 'failed') return ctx.fromProbe(ev.sse.init, 'initialize over HTTP+SSE');
  return null;
}

/**
 * Why there is no legacy session, for checks that run without one (`sessions?`): the failed
 * initialize, or no InitializeResult at all.
 */
export function noLegacy(
  ev: Pick<Evidence, 'detection'>,
  ctx: CheckContext,
  message = 'No initialize returned an InitializeResult over Streamable HTTP, so no legacy session was probed.',
): Verdict {
  return failedLadderInit(ev, ctx) ?? ctx.inconclusive('ambiguous', message);
}

/** not_applicable when the server issued no session ID (the probe was then skipped or moot). */
export function noSessionIssued(
  leg: LegacySessionEvidence,
  probe: Probe<HttpReply>,
  ctx: CheckContext,
): Verdict | null {
  if (leg.sessionId === null || (probe.kind === 'skipped' && probe.reason === 'no_session'))
    return ctx.notApplicable('feature_absent', 'The server issued no session ID.');
  return null;
}
