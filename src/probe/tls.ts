/**
 * `p.tls(o)`: the TLS handshakes for one HTTPS origin, with node:tls and no
 * application data. First a verified handshake (default trust store plus the
 * configured CA) that records protocol, chain verdict, hostname match and
 * validity; then one handshake offering only TLS 1.0 and one offering only
 * TLS 1.1. Never throws: failures are data.
 *
 * When the verified handshake reached nothing (dns, connect, timeout) the legacy
 * handshakes are not attempted and read `refused` (none completed); checks judge
 * the verified failure first.
 */
import { isIP } from 'node:net';
import type { ConnectionOptions, PeerCertificate, SecureVersion, TLSSocket } from 'node:tls';
import { checkServerIdentity, connect, rootCertificates } from 'node:tls';

import type { NetError, TlsObservation } from '../evidence/types.js';

export interface TlsProbeOptions {
  /** The IP to connect to, already vetted by the address policy. Default: the origin's hostname. */
  readonly address?: string;
  /** Extra CA certificates (PEM) trusted in addition to the default store. */
  readonly ca?: string;
  /** Bound on each handshake, ms. Default 5000. */
  readonly timeoutMs?: number;
}

type Verified = Extract<TlsObservation['verified'], { kind: 'ok' }>['value'];
type LegacyOutcome = TlsObservation['legacy']['tls1.0'];

const DEFAULT_TIMEOUT_MS = 5000;

/** OpenSSL errors raised before a ClientHello leaves: our stack cannot offer the version. */
const LOCAL_REFUSAL =
  /NO_PROTOCOLS_AVAILABLE|NO_CIPHERS_AVAILABLE|no protocols available|no ciphers available/i;

interface Target {
  readonly host: string;
  readonly port: number;
  /** Hostname as written in the origin, brackets removed (what the certificate must name). */
  readonly hostname: string;
  readonly servername: string | undefined;
}

type Attempt =
  | { readonly kind: 'secure'; readonly socket: TLSSocket }
  | { readonly kind: 'error'; readonly error: NetError; readonly raw: unknown };

/** @param at an origin to parse, or a parsed target URL (its origin is observed) */
export async function probeTls(
  at: string | Readonly<URL>,
  opts: TlsProbeOptions = {},
): Promise<TlsObservation> {
  const address = opts.address ?? null;
  const origin = typeof at === 'string' ? at : at.origin;
  let url: Readonly<URL>;
  try {
    url = typeof at === 'string' ? new URL(at) : at;
  } catch {
    return refusedScheme(origin, address, `not a URL: ${origin}`);
  }
  if (url.protocol !== 'https:') return refusedScheme(origin, address, `not an https origin: ${origin}`);
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const target: Target = {
    host: opts.address ?? hostname,
    port: url.port ? Number(url.port) : 443,
    hostname,
    // SNI carries DNS names only (RFC 6066 §3).
    servername: isIP(hostname) ? undefined : hostname,
  };
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  const verified = await verifiedHandshake(target, opts.ca, timeoutMs);
  // Legacy attempts are pointless when nothing answers; they still run after a TLS-level failure,
  // because a server that speaks only TLS 1.0 fails the verified (≥ 1.2) handshake.
  const unreachable = verified.kind === 'failed' && verified.error.code !== 'tls';
  const [v10, v11] = unreachable
    ? (['refused', 'refused'] as const)
    : await Promise.all([
        legacyHandshake(target, 'TLSv1', timeoutMs),
        legacyHandshake(target, 'TLSv1.1', timeoutMs),
      ]);
  return { origin, address, verified, legacy: { 'tls1.0': v10, 'tls1.1': v11 } };
}

function refusedScheme(origin: string, address: string | null, message: string): TlsObservation {
  return {
    origin,
    address,
    verified: { kind: 'failed', error: { code: 'refused-scheme', message }, exchanges: [] },
    legacy: { 'tls1.0': 'refused', 'tls1.1': 'refused' },
  };
}

async function verifiedHandshake(
  target: Target,
  ca: string | undefined,
  timeoutMs: number,
): Promise<TlsObservation['verified']> {
  const attempt = await handshake(
    target,
    {
      // Passing `ca` replaces the default store, so add the bundled roots back.
      ...(ca ? { ca: [...rootCertificates, ca] } : {}),
      // Observe, then judge: keep the socket whatever the chain, and check the name ourselves so
      // that `authorized` speaks about the chain only.
      rejectUnauthorized: false,
      checkServerIdentity: () => undefined,
    },
    timeoutMs,
  );
  if (attempt.kind === 'error') return { kind: 'failed', error: attempt.error, exchanges: [] };
  const socket = attempt.socket;
  try {
    const cert = socket.getPeerCertificate();
    const hasCert = cert !== null && typeof cert === 'object' && Object.keys(cert).length > 0;
    const value: Verified = {
      protocol: socket.getProtocol(),
      authorized: socket.authorized,
      authorizationError: socket.authorized ? null : errorCode(socket.authorizationError),
      hostnameMatch: hasCert ? checkServerIdentity(target.hostname, cert) === undefined : false,
      validFrom: hasCert ? isoDate(cert.valid_from) : null,
      validTo: hasCert ? isoDate(cert.valid_to) : null,
      subject: hasCert ? commonName(cert.subject) : null,
      issuer: hasCert ? commonName(cert.issuer) : null,
    };
    return { kind: 'ok', value, exchanges: [] };
  } catch (err) {
    return { kind: 'failed', error: { code: 'tls', message: messageOf(err) }, exchanges: [] };
  } finally {
    socket.destroy();
  }
}

async function legacyHandshake(
  target: Target,
  version: SecureVersion,
  timeoutMs: number,
): Promise<LegacyOutcome> {
  const attempt = await handshake(
    target,
    {
      minVersion: version,
      maxVersion: version,
      // OpenSSL 3 refuses TLS < 1.2 at security level 1 and above.
      ciphers: 'DEFAULT@SECLEVEL=0',
      rejectUnauthorized: false,
      checkServerIdentity: () => undefined,
    },
    timeoutMs,
  );
  if (attempt.kind === 'secure') {
    attempt.socket.destroy();
    return 'accepted';
  }
  return classifyLegacyError(attempt.raw);
}

/**
 * How a legacy-only handshake that did not complete is read: `unavailable` when our own
 * OpenSSL would not offer the version (nothing was asked of the server), `refused`
 * otherwise (alert, reset, close, timeout: the handshake did not complete).
 */
export function classifyLegacyError(err: unknown): 'refused' | 'unavailable' {
  if (err instanceof Error) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    if (code === 'ERR_TLS_INVALID_PROTOCOL_VERSION' || code === 'ERR_TLS_INVALID_PROTOCOL_METHOD')
      return 'unavailable';
    if (LOCAL_REFUSAL.test(code) || LOCAL_REFUSAL.test(err.message)) return 'unavailable';
  }
  return 'refused';
}

/** One handshake; resolves with the secure socket (caller destroys it) or a classified error. */
function handshake(target: Target, options: ConnectionOptions, timeoutMs: number): Promise<Attempt> {
  return new Promise((resolve) => {
    let socket: TLSSocket | undefined;
    let tcpConnected = false;
    let settled = false;
    const finish = (result: Attempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (result.kind === 'error') socket?.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => {
      finish({
        kind: 'error',
        error: { code: 'timeout', message: `no TLS handshake within ${timeoutMs} ms` },
        raw: null,
      });
    }, timeoutMs);
    try {
      socket = connect({
        ...options,
        host: target.host,
        port: target.port,
        ...(target.servername ? { servername: target.servername } : {}),
        ALPNProtocols: ['h2', 'http/1.1'],
      });
    } catch (err) {
      // Synchronous throws come from our own options (e.g. a version this Node cannot set).
      finish({ kind: 'error', error: { code: 'tls', message: messageOf(err) }, raw: err });
      return;
    }
    const s = socket;
    s.once('connect', () => {
      tcpConnected = true;
    });
    s.once('secureConnect', () => finish({ kind: 'secure', socket: s }));
    s.on('error', (err: Error) =>
      finish({ kind: 'error', error: classifyNetError(err, tcpConnected), raw: err }),
    );
    s.once('close', () => {
      finish({
        kind: 'error',
        error: { code: 'tls', message: 'connection closed during the TLS handshake' },
        raw: null,
      });
    });
  });
}

function classifyNetError(err: Error, tcpConnected: boolean): NetError {
  const code = (err as NodeJS.ErrnoException).code ?? '';
  const message = `${code ? `${code}: ` : ''}${err.message.split('\n')[0] ?? ''}`.trim();
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME' || code === 'EAI_FAIL') {
    return { code: 'dns', message };
  }
  if (code === 'ETIMEDOUT') return { code: 'timeout', message };
  // Anything after the TCP connection is up is a handshake failure, resets included.
  if (tcpConnected || code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS'))
    return { code: 'tls', message };
  return { code: 'connect', message };
}

function errorCode(e: unknown): string | null {
  if (e === null || e === undefined) return null;
  if (typeof e === 'string') return e;
  if (e instanceof Error) return (e as NodeJS.ErrnoException).code ?? e.message;
  if (typeof e === 'number' || typeof e === 'boolean') return String(e);
  return typeof e === 'object' ? JSON.stringify(e) : typeof e;
}

function isoDate(s: string | undefined): string | null {
  if (!s) return null;
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

function commonName(name: PeerCertificate['subject'] | undefined): string | null {
  const cn: unknown = name?.CN;
  if (typeof cn === 'string') return cn;
  if (Array.isArray(cn) && typeof cn[0] === 'string') return cn[0];
  return null;
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message.split('\n')[0]! : String(err);
}
