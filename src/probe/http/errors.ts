/**
 * Translate undici / Node / OpenSSL failures into the closed NetErrorCode set. Errors are
 * evidence, so the mapping is conservative: anything unrecognised is `protocol`.
 */
import type { NetError, NetErrorCode } from '../../evidence/types.js';

/** Raised by our connect-time lookup when the address policy refuses a destination. */
export class AddressRefusedError extends Error {
  readonly code = 'EPOSTURE_REFUSED_ADDRESS';
  constructor(message: string) {
    super(message);
    this.name = 'AddressRefusedError';
  }
}

const CONNECT = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTDOWN',
  'EADDRNOTAVAIL',
]);
const DNS = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME', 'ENODATA']);
const RESET = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET']);
const TIMEOUT = new Set([
  'ETIMEDOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const ABORTED = new Set(['UND_ERR_ABORTED', 'UND_ERR_DESTROYED', 'UND_ERR_CLOSED', 'ABORT_ERR']);
// OpenSSL verification results surface as bare codes on the error.
const TLS_VERIFY =
  /^(CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|HOSTNAME_MISMATCH|INVALID_CA|INVALID_PURPOSE|PATH_LENGTH_EXCEEDED|UNABLE_TO_GET_ISSUER_CERT)/;

function codeOf(err: unknown): string {
  if (typeof err === 'object' && err !== null && 'code' in err) {
    const code = err.code;
    if (typeof code === 'string') return code;
  }
  return '';
}

function messageOf(err: unknown): string {
  if (err instanceof Error) return err.message;
  return typeof err === 'string' ? err : 'unknown error';
}

/**
 * undici's words for a response HTTP does not allow at that point: a `100 Continue` nobody
 * asked for (no `Expect` was sent), a response before any request, an unrequested upgrade. It
 * raises them as socket errors, but the server spoke, badly: a protocol error, not a reset.
 */
const UNSOLICITED_RESPONSE = /^bad (response|upgrade)$/;

function classify(code: string, message: string, name: string): NetErrorCode | null {
  if (code === 'EPOSTURE_REFUSED_ADDRESS') return 'refused-address';
  if (code === 'UND_ERR_SOCKET' && UNSOLICITED_RESPONSE.test(message)) return 'protocol';
  if (code === 'UND_ERR_HEADERS_OVERFLOW' || code === 'HPE_HEADER_OVERFLOW') return 'header-too-large';
  if (CONNECT.has(code)) return 'connect';
  if (DNS.has(code)) return 'dns';
  if (TIMEOUT.has(code)) return 'timeout';
  if (RESET.has(code) || /other side closed/i.test(message)) return 'reset';
  if (code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_') || TLS_VERIFY.test(code)) return 'tls';
  if (code === 'EPROTO' && /ssl|tls|certificate/i.test(message)) return 'tls';
  if (code.startsWith('HPE_') || name === 'HTTPParserError') return 'protocol';
  if (ABORTED.has(code) || name === 'AbortError') return 'aborted';
  return null;
}

/** Map any thrown value to a NetError; looks through `cause` chains. */
export function toNetError(err: unknown): NetError {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current; depth++) {
    const name = current instanceof Error ? current.name : '';
    const code = classify(codeOf(current), messageOf(current), name);
    if (code) return { code, message: describe(current) };
    current = current instanceof Error ? current.cause : undefined;
  }
  return { code: 'protocol', message: describe(err) };
}

function describe(err: unknown): string {
  const code = codeOf(err);
  const msg = messageOf(err);
  if (code === 'UND_ERR_SOCKET' && UNSOLICITED_RESPONSE.test(msg))
    return `${code}: ${msg} (an interim or upgrade response that was not asked for, e.g. an unsolicited 100 Continue)`;
  return code && !msg.includes(code) ? `${code}: ${msg}` : msg;
}
