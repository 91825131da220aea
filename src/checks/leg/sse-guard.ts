/** The guard the HTTP+SSE checks (LEG20–LEG24) share when no SSE stream was recorded. */
import type { CheckContext, Verdict } from '../define-check.js';
import type { Evidence } from '../../evidence/types.js';

/** Why there is no SSE stream to judge: an auth wall, a stream lost after detection, or another transport. */
export function noSseStream(ev: Evidence, ctx: CheckContext): Verdict {
  if (ev.detection.authWall)
    return ctx.inconclusive('auth_wall', 'Every MCP request was answered 401/403; no SSE stream was opened.');
  if (ev.detection.transport === 'http+sse')
    return ctx.inconclusive('fetch_failed', 'HTTP+SSE was detected but the stream was not recorded.');
  return ctx.notApplicable('transport', 'No HTTP+SSE stream was observed.');
}
