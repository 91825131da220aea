/**
 * Did a request with a given bearer token get past the token check? Shared by the checks that
 * judge what an endpoint does with tokens it must refuse (ACT02, ACT03, ACT04, AUTHN10).
 */
import type { HttpReply } from '../../evidence/types.js';
import type { InconclusiveReason } from '../define-check.js';
import type { WithExchanges } from './exchanges.js';
import { responseHeader } from './exchanges.js';

export type TokenAnswer =
  | { readonly kind: 'served'; readonly status: number; readonly rpcError: boolean }
  | { readonly kind: 'refused'; readonly status: number; readonly error: string | null }
  | { readonly kind: 'unclear'; readonly reason: InconclusiveReason; readonly status: number };

const is2xx = (s: number) => s >= 200 && s < 300;
const TOKEN_ERROR =
  /token|unauthori[sz]ed|unauthenticated|credential|authenticat|authoriz|forbidden|expired/i;

/** The `error` attribute of a Bearer challenge in the response, if any. */
function bearerError(ev: WithExchanges, reply: HttpReply): string | null {
  const header = responseHeader(ev, reply.exchange, 'www-authenticate').join(', ');
  return /\berror\s*=\s*"?([\w.-]+)"?/i.exec(header)?.[1] ?? null;
}

export function judgeTokenAnswer(ev: WithExchanges, reply: HttpReply): TokenAnswer {
  const s = reply.status;
  if (s >= 500) return { kind: 'unclear', reason: 'fetch_failed', status: s };
  if (s === 429) return { kind: 'unclear', reason: 'rate_limited', status: s };
  if (s >= 300 && s < 400) return { kind: 'unclear', reason: 'ambiguous', status: s };
  // A JSON-RPC answer (result or protocol error) means the request got past the token check,
  // unless the answer itself is about the token (a refusal with the wrong status).
  const message = reply.response?.error?.message;
  const aboutToken =
    responseHeader(ev, reply.exchange, 'www-authenticate').length > 0 ||
    (typeof message === 'string' && TOKEN_ERROR.test(message));
  const rpcError = reply.response?.error !== undefined;
  const reachedMcp =
    s !== 401 && s !== 403 && !aboutToken && reply.messages.some((m) => m.kind === 'response');
  if ((is2xx(s) && !rpcError) || reachedMcp) return { kind: 'served', status: s, rpcError };
  return { kind: 'refused', status: s, error: bearerError(ev, reply) };
}

/** "200", or "200 (a JSON-RPC error from past the token check)". */
export function servedText(a: Extract<TokenAnswer, { kind: 'served' }>): string {
  return `${a.status}${a.rpcError ? ' (a JSON-RPC error from past the token check)' : ''}`;
}

/**
 * The request on an existing session was answered by the session: 2xx with a JSON-RPC response
 * (a result, or an error such as method-not-found). A 4xx JSON-RPC error such as "Session not
 * found" is the session refusing, not serving; 5xx, 429 and redirects are unclear.
 */
export function judgeSessionAnswer(reply: HttpReply): 'served' | 'refused' | InconclusiveReason {
  const s = reply.status;
  if (s >= 500) return 'fetch_failed';
  if (s === 429) return 'rate_limited';
  if (s >= 300 && s < 400) return 'ambiguous';
  return is2xx(s) && reply.messages.some((m) => m.kind === 'response') ? 'served' : 'refused';
}
