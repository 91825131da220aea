/**
 * probeTls against real node:https servers on 127.0.0.1 with certificates generated at test time.
 *
 * This machine (Node 20, bundled OpenSSL 3.0.x) can still offer TLS 1.0 and 1.1 at
 * `@SECLEVEL=0`: a default server (minVersion TLSv1.2) answers with a protocol_version alert
 * (`refused`), and a server with minVersion TLSv1 at `@SECLEVEL=0` completes the handshake
 * (`accepted`). Builds without TLS < 1.2 report `unavailable`, which the assertions allow.
 */
import type { Server } from 'node:https';
import { createServer } from 'node:https';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { SecureContextOptions, TlsOptions } from 'node:tls';

import { afterAll, describe, expect, it } from 'vitest';

import type { TlsObservation } from '../../src/evidence/types.js';
import { classifyLegacyError, probeTls } from '../../src/probe/tls.js';
import { testCerts } from '../helpers/certs.js';

const servers: Server[] = [];

async function serve(options: SecureContextOptions & TlsOptions): Promise<string> {
  const server = createServer(options, (_req, res) => res.end('ok'));
  server.on('tlsClientError', () => undefined);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

function okValue(o: TlsObservation) {
  expect(o.verified.kind, JSON.stringify(o.verified)).toBe('ok');
  if (o.verified.kind !== 'ok') throw new Error('unreachable');
  return o.verified.value;
}

describe('probeTls', () => {
  const certs = testCerts();

  it('CA-signed leaf with the CA supplied: authorized, hostname matches, TLS 1.3', async () => {
    const origin = await serve(certs.leaf);
    const o = await probeTls(origin, { ca: certs.ca });
    const v = okValue(o);
    expect(v).toMatchObject({
      protocol: 'TLSv1.3',
      authorized: true,
      authorizationError: null,
      hostnameMatch: true,
      subject: 'localhost',
      issuer: 'mcp-posture-test-CA',
    });
    expect(Date.parse(v.validTo!)).toBeGreaterThan(Date.now() + 365 * 86_400_000);
    expect(Date.parse(v.validFrom!)).toBeLessThanOrEqual(Date.now());
    expect(o.origin).toBe(origin);
    expect(o.address).toBeNull();
  });

  it('connects to the given address while judging the origin hostname (SNI + identity)', async () => {
    const origin = await serve(certs.leaf);
    const port = new URL(origin).port;
    const o = await probeTls(`https://localhost:${port}`, { address: '127.0.0.1', ca: certs.ca });
    expect(okValue(o)).toMatchObject({ authorized: true, hostnameMatch: true });
    expect(o.address).toBe('127.0.0.1');
  });

  it('the same leaf without the CA is untrusted', async () => {
    const origin = await serve(certs.leaf);
    const v = okValue(await probeTls(origin));
    expect(v.authorized).toBe(false);
    expect(v.authorizationError).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
    expect(v.hostnameMatch).toBe(true);
  });

  it('self-signed leaf: not authorized, DEPTH_ZERO_SELF_SIGNED_CERT', async () => {
    const origin = await serve(certs.selfSigned);
    const v = okValue(await probeTls(origin, { ca: certs.ca }));
    expect(v.authorized).toBe(false);
    expect(v.authorizationError).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
    expect(v.subject).toBe('localhost');
    expect(v.issuer).toBe('localhost');
  });

  it('wrong hostname: chain trusted, hostnameMatch false', async () => {
    const origin = await serve(certs.wrongHost);
    const v = okValue(await probeTls(origin, { ca: certs.ca }));
    expect(v.authorized).toBe(true);
    expect(v.hostnameMatch).toBe(false);
    expect(v.subject).toBe('wrong.example');
  });

  it('expired leaf: CERT_HAS_EXPIRED and validTo in the past', async () => {
    const origin = await serve(certs.expired);
    const v = okValue(await probeTls(origin, { ca: certs.ca }));
    expect(v.authorized).toBe(false);
    expect(v.authorizationError).toBe('CERT_HAS_EXPIRED');
    expect(v.validTo).toBe('2021-01-01T00:00:00.000Z');
  });

  it('leaf expiring in 5 days: authorized, validTo within the week', async () => {
    const origin = await serve(certs.expiringSoon);
    const v = okValue(await probeTls(origin, { ca: certs.ca }));
    expect(v.authorized).toBe(true);
    const left = Date.parse(v.validTo!) - Date.now();
    expect(left).toBeGreaterThan(3 * 86_400_000);
    expect(left).toBeLessThan(7 * 86_400_000);
  });

  it('default server (minVersion TLSv1.2): legacy handshakes never accepted', async () => {
    const origin = await serve(certs.leaf);
    const o = await probeTls(origin, { ca: certs.ca });
    for (const v of ['tls1.0', 'tls1.1'] as const) {
      expect(['refused', 'unavailable']).toContain(o.legacy[v]);
    }
    // On this machine's OpenSSL 3.0 both versions can be offered, so the server's alert is seen.
    expect(o.legacy).toEqual({ 'tls1.0': 'refused', 'tls1.1': 'refused' });
  });

  it('legacy server (minVersion TLSv1, SECLEVEL=0): legacy handshakes accepted (or unavailable locally)', async () => {
    const origin = await serve({ ...certs.leaf, minVersion: 'TLSv1', ciphers: 'DEFAULT@SECLEVEL=0' });
    const o = await probeTls(origin, { ca: certs.ca });
    for (const v of ['tls1.0', 'tls1.1'] as const) {
      expect(['accepted', 'unavailable']).toContain(o.legacy[v]);
    }
    expect(o.legacy).toEqual({ 'tls1.0': 'accepted', 'tls1.1': 'accepted' });
    // The verified handshake still negotiates the best version.
    expect(okValue(o).protocol).toBe('TLSv1.3');
  });

  it('TLS 1.0-only server: the verified handshake fails (tls) but the legacy one completes', async () => {
    const origin = await serve({
      ...certs.leaf,
      minVersion: 'TLSv1',
      maxVersion: 'TLSv1',
      ciphers: 'DEFAULT@SECLEVEL=0',
    });
    const o = await probeTls(origin, { ca: certs.ca });
    expect(o.verified).toMatchObject({ kind: 'failed', error: { code: 'tls' }, exchanges: [] });
    expect(['accepted', 'unavailable']).toContain(o.legacy['tls1.0']);
    expect(o.legacy['tls1.1']).not.toBe('accepted');
  });

  it('closed port: verified failed with connect', async () => {
    const probe = createNetServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const o = await probeTls(`https://127.0.0.1:${port}`, { timeoutMs: 2000 });
    expect(o.verified).toMatchObject({ kind: 'failed', error: { code: 'connect' }, exchanges: [] });
    expect(o.legacy).toEqual({ 'tls1.0': 'refused', 'tls1.1': 'refused' });
  });

  it('silent server: verified failed with timeout, bounded by timeoutMs', async () => {
    const silent = createNetServer((s) => s.on('error', () => undefined));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    const started = Date.now();
    const o = await probeTls(`https://127.0.0.1:${port}`, { timeoutMs: 300 });
    // A silent server holds the socket open forever; only the 300 ms timeout ends the probe.
    expect(Date.now() - started).toBeLessThan(5000);
    expect(o.verified).toMatchObject({ kind: 'failed', error: { code: 'timeout' } });
    silent.close();
  });

  it('plain http origin and garbage are refused without a connection', async () => {
    expect((await probeTls('http://127.0.0.1:1')).verified).toMatchObject({
      kind: 'failed',
      error: { code: 'refused-scheme' },
    });
    expect((await probeTls('not a url')).verified).toMatchObject({
      kind: 'failed',
      error: { code: 'refused-scheme' },
    });
  });

  it('classifies local refusals as unavailable and everything else as refused', () => {
    const err = (code: string, message: string) => Object.assign(new Error(message), { code });
    expect(
      classifyLegacyError(
        err('ERR_SSL_NO_PROTOCOLS_AVAILABLE', 'error:0A0000BF:SSL routines::no protocols available'),
      ),
    ).toBe('unavailable');
    expect(classifyLegacyError(err('ERR_SSL_NO_CIPHERS_AVAILABLE', 'no ciphers available'))).toBe(
      'unavailable',
    );
    expect(classifyLegacyError(err('ERR_TLS_INVALID_PROTOCOL_VERSION', 'bad version'))).toBe('unavailable');
    expect(
      classifyLegacyError(err('ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION', 'tlsv1 alert protocol version')),
    ).toBe('refused');
    expect(classifyLegacyError(err('ECONNRESET', 'socket hang up'))).toBe('refused');
    expect(classifyLegacyError(null)).toBe('refused');
  });
});
