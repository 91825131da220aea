/** Reading the answer to `s.dcr.malformed` (shared by ASM09 and CIMD02). */
import type { Confidence } from '../define-check.js';
import type { Evidence, HttpReply } from '../../evidence/types.js';
import { exchangeOf } from '../shared/exchanges.js';
import { isObject } from './as-common.js';

export type RegistrationAnswer =
  | { readonly kind: 'protected'; readonly detail: string }
  | { readonly kind: 'open'; readonly detail: string; readonly confidence: Confidence }
  | { readonly kind: 'rate_limited' | 'server_error' | 'unclear'; readonly detail: string };

/** Error codes that mean the registration request itself was read (RFC 7591 §3.2.2, RFC 6749 §5.2). */
const BODY_ERRORS = new Set([
  'invalid_client_metadata',
  'invalid_redirect_uri',
  'invalid_software_statement',
  'unapproved_software_statement',
  'invalid_request',
]);
/** Error codes that demand credentials. */
const AUTH_ERRORS = new Set([
  'invalid_token',
  'unauthorized',
  'unauthorized_client',
  'access_denied',
  'invalid_client',
]);
const PARSE_ERROR = /json|syntax|parse|unexpected end|malformed/i;

export function registrationAnswer(ev: Pick<Evidence, 'exchanges'>, reply: HttpReply): RegistrationAnswer {
  const s = reply.status;
  const x = exchangeOf(ev, reply.exchange);
  const challenged = (x?.response?.headers['www-authenticate'] ?? []).length > 0;
  const body = x?.response?.body ?? '';
  let error: string | null = null;
  try {
    const json: unknown = JSON.parse(body);
    if (isObject(json) && typeof json['error'] === 'string') error = json['error'];
  } catch {
    // Excerpts may be cut: fall back to the raw member.
    error = /"error"\s*:\s*"([^"\\]+)"/.exec(body)?.[1] ?? null;
  }
  if (s === 401 || s === 403) return { kind: 'protected', detail: String(s) };
  if (s === 429) return { kind: 'rate_limited', detail: '429' };
  if (s >= 500) return { kind: 'server_error', detail: String(s) };
  if (challenged || (error !== null && AUTH_ERRORS.has(error))) {
    return { kind: 'protected', detail: `${s}${error ? ` ${error}` : ''} with an authorization demand` };
  }
  if (s >= 200 && s < 300) return { kind: 'open', detail: String(s), confidence: 'high' };
  if (s === 400) {
    if (error !== null && BODY_ERRORS.has(error)) {
      // invalid_client_metadata proves the body was validated; a bare parse error could precede an auth check.
      return {
        kind: 'open',
        detail: `400 ${error}`,
        confidence: error === 'invalid_request' ? 'medium' : 'high',
      };
    }
    if (PARSE_ERROR.test(body))
      return { kind: 'open', detail: '400 (a JSON parse error)', confidence: 'medium' };
    return { kind: 'unclear', detail: '400 without a registration error code' };
  }
  return { kind: 'unclear', detail: String(s) };
}
