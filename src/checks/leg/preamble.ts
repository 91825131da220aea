/**
 * The opening the Streamable HTTP session checks (LEG01–LEG14) share: an auth
 * wall is inconclusive, a missing legacy session is explained by the failed
 * `initialize`, and a server that issued no session makes session probes moot.
 */
import type { CheckContext, Verdict } from '../define-check.js';
import type { Evidence, LegacySessionEvidence, Probe, HttpReply } from '../../evidence/types.js';

/** The non-verdict for the first `initialize` of the version ladder that failed, if any. */
export function failedLadderInit(ev: Evidence, ctx: CheckContext): Verdict | null {
  const failed = ev.detection.inits.find((a) => a.probe.kind === 'failed');
  if (failed && failed.probe.kind === 'failed')
    return ctx.fromProbe(failed.probe, `initialize with ${failed.requested}`);
  return null;
}

/** As `failedLadderInit`, falling back to a failed HTTP+SSE `initialize`. */
export function failedInit(ev: Evidence, ctx: CheckContext): Verdict | null {
  const ladder = failedLadderInit(ev, ctx);
  if (ladder) return ladder;
  if (ev.sse?.init.kind === 'failed') return ctx.fromProbe(ev.sse.init, 'initialize over HTTP+SSE');
  return null;
}

/** Why there is no legacy session: the failed initialize, or no InitializeResult at all. */
export function noLegacy(
  ev: Evidence,
  ctx: CheckContext,
  message = 'No initialize returned an InitializeResult over Streamable HTTP, so no legacy session was probed.',
): Verdict {
  return failedLadderInit(ev, ctx) ?? ctx.inconclusive('ambiguous', message);
}

/** The legacy session to judge, or the verdict that stands in for it (auth wall, no session). */
export function legacySession(
  ev: Evidence,
  ctx: CheckContext,
  authWallMessage = 'Every MCP request was answered 401/403; no session was opened.',
): { readonly leg: LegacySessionEvidence } | { readonly verdict: Verdict } {
  if (ev.detection.authWall) return { verdict: ctx.inconclusive('auth_wall', authWallMessage) };
  if (!ev.sessions) return { verdict: noLegacy(ev, ctx) };
  return { leg: ev.sessions };
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
