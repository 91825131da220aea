import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../src/probe/http/client.js';
import { get, httpsServer } from './servers.js';
import type { TestServer } from './servers.js';

/** A throwaway CA and a leaf for localhost/127.0.0.1, made per run (no keys in the repo). */
function makePki(): { ca: string; key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'posture-tls-'));
  const run = (...args: string[]): void => {
    execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
  };
  try {
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
    run(
      'req',
      '-x509',
      ...ec,
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '2',
      '-subj',
      '/CN=posture test CA',
    );
    run('req', ...ec, '-keyout', 'leaf.key', '-out', 'leaf.csr', '-subj', '/CN=localhost');
    writeFileSync(join(dir, 'ext.cnf'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
    run(
      'x509',
      '-req',
      '-in',
      'leaf.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'leaf.pem',
      '-days',
      '2',
      '-extfile',
      'ext.cnf',
    );
    const read = (f: string): string => readFileSync(join(dir, f), 'utf8');
    return { ca: read('ca.pem'), key: read('leaf.key'), cert: read('leaf.pem') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const pki = makePki();
let server: TestServer | null = null;

beforeAll(async () => {
  server = await httpsServer({ key: pki.key, cert: pki.cert }, (_req, res) => res.end('secure'));
});
afterAll(async () => {
  await server?.close();
});

// openssl is part of the machine image; a missing openssl fails this file rather than skipping it.
describe('TLS', () => {
  it('fails with tls for an untrusted certificate', async () => {
    const origin = server?.origin ?? '';
    const c = createHttpClient({ target: new URL(origin), allowPrivate: false });
    const r = await c.send(get(`${origin}/`));
    await c.close();
    expect(r.error?.code).toBe('tls');
    expect(c.exchanges()[0]?.error?.code).toBe('tls');
  });

  it('trusts an extra CA in addition to the defaults, for literals and names (SNI)', async () => {
    const origin = server?.origin ?? '';
    const port = server?.port ?? 0;
    const c = createHttpClient({ target: new URL(origin), allowPrivate: false, ca: pki?.ca ?? '' });
    const r = await c.send(get(`${origin}/`));
    expect(r.error).toBeUndefined();
    expect(r.response?.text).toBe('secure');
    // A foreign Host header must not change the name the certificate is checked against.
    const named = await c.send(get(`https://localhost:${port}/`, { headers: { host: 'evil.example' } }));
    await c.close();
    expect(named.error).toBeUndefined();
    expect(named.response?.status).toBe(200);
  });
});
