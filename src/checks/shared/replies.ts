/**
 * Replies as the transport-neutral evidence holds them (`RpcReply`), read by checks that judge
 * the HTTP envelope (status, media type, session header). A reply that did not come over HTTP
 * has no status to judge: these readers leave it out rather than invent one.
 */
import type { CheckContext, Verdict } from '../define-check.js';
import type { HttpReply, Probe, RpcReply } from '../../evidence/types.js';
import { isHttpReply } from '../../evidence/types.js';

/** The reply of a probe that produced one. */
export function okReply<T extends RpcReply>(p: Probe<T>): T | null {
  return p.kind === 'ok' ? p.value : null;
}

/** The HTTP reply of a probe that produced one; null when it produced none or not over HTTP. */
export function httpReplyOf(p: Probe<RpcReply>): HttpReply | null {
  return p.kind === 'ok' && isHttpReply(p.value) ? p.value : null;
}

/** The probe itself when its reply came over HTTP (or it produced none), so HTTP checks can judge it. */
export function asHttpProbe(p: Probe<RpcReply>): Probe<HttpReply> | null {
  if (p.kind !== 'ok') return p;
  return isHttpReply(p.value) ? { ...p, value: p.value } : null;
}

/** The non-verdict for one reply an HTTP rule needs the status of, when it came over another transport. */
export function notOverHttp(ctx: CheckContext, what: string, reply: RpcReply): Verdict {
  return ctx.inconclusive(
    'probe_unavailable',
    `${what} was not answered over HTTP, so its status cannot be judged.`,
    [reply.exchange],
  );
}
