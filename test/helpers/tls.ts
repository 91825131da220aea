/**
 * Builders for TLS and cleartext evidence (TRN02–TRN05). The default evidence
 * (test/helpers/evidence.ts) is a loopback http target with no TLS evidence;
 * `httpsTarget` turns it into a public https target and these builders add
 * the observations a scan of such a target records. Validity dates are
 * relative to the default evidence's `startedAt` (2026-01-01).
 */
import type {
  Evidence,
  PlainObservation,
  Probe,
  HttpReply,
  TlsObservation,
} from '../../src/evidence/types.js';
import type { EvidenceBuilder, HttpTargetPatch, Mutable } from './evidence.js';
import { setHttpTarget } from './evidence.js';
type Verified = Extract<TlsObservation['verified'], { kind: 'ok' }>['value'];

export const HTTPS_ORIGIN = 'https://mcp.example.test';
export const HTTPS_URL = `${HTTPS_ORIGIN}/mcp`;

const DAY = 86_400_000;
const STARTED_AT = Date.parse('2026-01-01T00:00:00.000Z');

/** An ISO date `days` after the default evidence's `startedAt` (negative: before). */
export function daysFromScan(days: number): string {
  return new Date(STARTED_AT + days * DAY).toISOString();
}

export const httpsTargetInfo: HttpTargetPatch = {
  url: HTTPS_URL,
  origin: HTTPS_ORIGIN,
  scheme: 'https',
  hostname: 'mcp.example.test',
  address: '203.0.113.7',
  scope: 'public',
};

/** Patch: the target becomes https on a public host. */
export function httpsTarget(ev: Mutable<Evidence>): void {
  setHttpTarget(ev, httpsTargetInfo);
}

/** A verified handshake value: TLS 1.3, trusted, hostname matches, valid for another year. */
export function verifiedValue(overrides: Partial<Verified> = {}): Verified {
  return {
    protocol: 'TLSv1.3',
    authorized: true,
    authorizationError: null,
    hostnameMatch: true,
    validFrom: daysFromScan(-60),
    validTo: daysFromScan(300),
    subject: 'mcp.example.test',
    issuer: 'Example CA',
    ...overrides,
  };
}

/** A well-configured origin: verified handshake ok, both legacy versions refused. */
export function tlsObservation(
  overrides: {
    origin?: string;
    address?: string | null;
    verified?: Partial<Verified> | TlsObservation['verified'];
    legacy?: Partial<TlsObservation['legacy']>;
  } = {},
): Mutable<TlsObservation> {
  const v = overrides.verified;
  const verified: TlsObservation['verified'] =
    v && 'kind' in v && typeof v.kind === 'string'
      ? v
      : { kind: 'ok', value: verifiedValue(v), exchanges: [] };
  return {
    origin: overrides.origin ?? HTTPS_ORIGIN,
    address: overrides.address === undefined ? '203.0.113.7' : overrides.address,
    verified,
    legacy: { 'tls1.0': 'refused', 'tls1.1': 'refused', ...overrides.legacy },
  } as Mutable<TlsObservation>;
}

/** A failed verified handshake (no exchanges: TLS probes record none). */
export function failedVerified(
  code: 'connect' | 'timeout' | 'tls' | 'dns',
  message: string = code,
): TlsObservation['verified'] {
  return { kind: 'failed', error: { code, message }, exchanges: [] };
}

/** A cleartext answer that is not JSON-RPC: status, headers and body as recorded. */
export interface PlainAnswer {
  readonly status: number;
  readonly headers?: Record<string, string | string[]>;
  readonly body?: string;
}

/** An HttpReply for a non-JSON-RPC answer (the `b.reply` builder records no body). */
export function plainReply(b: EvidenceBuilder, url: string, method: string, answer: PlainAnswer): HttpReply {
  const exchange = b.exchange({
    method,
    url,
    status: answer.status,
    headers: answer.headers ?? {},
    body: answer.body ?? '',
  });
  const h = answer.headers ?? {};
  const first = (name: string) => {
    const v = h[name];
    return (Array.isArray(v) ? v[0] : v) ?? null;
  };
  const contentType = first('content-type');
  return {
    exchange,
    status: answer.status,
    mediaType: contentType ? contentType.split(';')[0]!.trim().toLowerCase() : null,
    sessionId: null,
    bodyKind: answer.body ? 'other' : 'empty',
    messages: [],
    response: null,
    sseEvents: [],
    issues: [],
    location: first('location'),
  };
}

/**
 * A `p.plain(o)` observation: `get` is a probe failure code or the answer; `post` (optional)
 * is the options of a JSON-RPC reply from `b.reply`, or a plain answer.
 */
export function plainObservation(
  b: EvidenceBuilder,
  opts: {
    httpsOrigin?: string;
    url?: string;
    /** `skipped`: the probe was not sent (deadline). */
    get: 'connect' | 'reset' | 'timeout' | 'tls' | 'skipped' | PlainAnswer;
    post?: Parameters<EvidenceBuilder['reply']>[0];
  },
): Mutable<PlainObservation> {
  const httpsOrigin = opts.httpsOrigin ?? HTTPS_ORIGIN;
  const url = opts.url ?? `${httpsOrigin.replace(/^https:/, 'http:')}/mcp`;
  const get: Probe<HttpReply> =
    opts.get === 'skipped'
      ? b.skipped('deadline')
      : typeof opts.get === 'string'
        ? b.failed(opts.get)
        : b.ok(plainReply(b, url, 'GET', opts.get));
  const post: Probe<HttpReply> = opts.post
    ? b.ok(b.reply({ method: 'POST', url, ...opts.post }))
    : b.skipped('not_needed');
  return { httpsOrigin, url, get, post } as Mutable<PlainObservation>;
}

/** An https exchange carrying (or not) a Strict-Transport-Security header. */
export function httpsExchange(
  b: EvidenceBuilder,
  opts: { url?: string; hsts?: string | string[]; status?: number } = {},
) {
  return b.exchange({
    method: 'POST',
    url: opts.url ?? HTTPS_URL,
    status: opts.status ?? 200,
    headers: opts.hsts === undefined ? {} : { 'strict-transport-security': opts.hsts },
  });
}
