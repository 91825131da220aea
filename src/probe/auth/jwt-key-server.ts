/**
 * The scanner's loopback key server for the `jku` and `x5u` forgeries: http on 127.0.0.1 (an
 * ephemeral port), serving the scanner's JWKS and certificate at two paths under a fresh random
 * prefix, GET only. Anything else is refused with 404 and logged too; no request body is read.
 * A resource server that fetches a key URL named in a token header has trusted the token's own
 * word about where its key is: the log is the proof. The caller closes it whatever happens
 * (`close()` is idempotent).
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { KeyServerRequest } from '../../evidence/auth-types.js';

export interface KeyServerContent {
  /** The JWKS served at the `jku` URL. */
  readonly jwks: unknown;
  /** The PEM certificate served at the `x5u` URL. */
  readonly certificate: string;
}

export interface KeyServer {
  readonly origin: string;
  readonly jkuUrl: string;
  readonly x5uUrl: string;
  /** Requests at the `jku` URL, the `x5u` URL, and refused ones, so far. */
  log(): { jku: KeyServerRequest[]; x5u: KeyServerRequest[]; refused: KeyServerRequest[] };
  close(): Promise<void>;
}

const MAX_LOG = 100;

export async function startKeyServer(content: KeyServerContent): Promise<KeyServer> {
  const prefix = `/mcp-posture-${randomBytes(8).toString('hex')}`;
  const paths = { jku: `${prefix}/jwks.json`, x5u: `${prefix}/cert.pem` } as const;
  const bodies = {
    jku: { type: 'application/json', body: JSON.stringify(content.jwks) },
    x5u: { type: 'application/pem-certificate-chain', body: content.certificate },
  } as const;
  const log = {
    jku: [] as KeyServerRequest[],
    x5u: [] as KeyServerRequest[],
    refused: [] as KeyServerRequest[],
  };
  const started = Date.now();

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    req.resume();
    let path = '';
    try {
      path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    } catch {
      path = '';
    }
    const method = (req.method ?? '').slice(0, 16);
    const which = method === 'GET' ? (path === paths.jku ? 'jku' : path === paths.x5u ? 'x5u' : null) : null;
    const entry = { method, path: path.slice(0, 200), atMs: Date.now() - started, status: which ? 200 : 404 };
    const bucket = log[which ?? 'refused'];
    if (bucket.length < MAX_LOG) bucket.push(entry);
    if (which === null) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
    const { type, body } = bodies[which];
    res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body) }).end(body);
  };
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  let closing: Promise<void> | null = null;
  return {
    origin,
    jkuUrl: `${origin}${paths.jku}`,
    x5uUrl: `${origin}${paths.x5u}`,
    log: () => ({ jku: [...log.jku], x5u: [...log.x5u], refused: [...log.refused] }),
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
