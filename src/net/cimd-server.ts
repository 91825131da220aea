/**
 * The scanner's own CIMD variants server, for an authorization server on loopback: the document
 * variants of src/cimd/variants.ts on 127.0.0.1 (an ephemeral port, https when a certificate is
 * given, else http), under a fresh random path per scan so that nothing an AS cached from an
 * earlier scan is reused. It serves only the variants (404 otherwise), never reads a request body,
 * and logs every request: which variant was fetched, and when — the fetch counts of CIMD17/CIMD18 —
 * and, over https, every connection that was not TLS (an `http://` client ID fetched anyway, CIMD10).
 * The caller closes it whatever happens (`close()` is idempotent).
 */
import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

import { cimdVariants, variantOfPath } from '../cimd/variants.js';
import type { CimdVariantSet } from '../cimd/variants.js';
import type { CimdFetch } from '../evidence/cimd-types.js';

export interface CimdServerTls {
  readonly key: string;
  readonly cert: string;
}

export interface CimdVariantsServer {
  readonly set: CimdVariantSet;
  readonly tls: boolean;
  /** The requests received so far, in order. */
  log(): readonly CimdFetch[];
  close(): Promise<void>;
}

const MAX_LOG = 200;

export async function startCimdServer(tls: CimdServerTls | null): Promise<CimdVariantsServer> {
  const prefix = `/mcp-posture-${randomBytes(8).toString('hex')}`;
  const entries: CimdFetch[] = [];
  const started = Date.now();
  const seen = new Map<string, number>();
  let set: CimdVariantSet | null = null;

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    let pathname = '';
    try {
      pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    } catch {
      pathname = '';
    }
    const variant = set && req.method === 'GET' ? variantOfPath(set, pathname) : null;
    const count = (seen.get(pathname) ?? 0) + 1;
    seen.set(pathname, count);
    const served = variant === null ? null : count > 1 && variant.later ? variant.later : variant;
    const status = served?.status ?? 404;
    if (entries.length < MAX_LOG)
      entries.push({
        variant: variant?.name ?? null,
        path: pathname.slice(0, 200),
        method: (req.method ?? '').slice(0, 16),
        atMs: Date.now() - started,
        status,
      });
    req.resume();
    if (!served) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
    res.writeHead(served.status, { ...served.headers, 'content-length': Buffer.byteLength(served.body) });
    res.end(served.body);
  };
  const server: Server = tls
    ? createHttpsServer({ key: tls.key, cert: tls.cert }, handler)
    : createHttpServer(handler);
  // A connection that is not TLS (an http:// client ID fetched from the https server) is a fetch too.
  server.on('tlsClientError', (err: Error) => {
    if (entries.length < MAX_LOG)
      entries.push({
        variant: null,
        path: '',
        method: `(not TLS: ${err.message.slice(0, 80)})`,
        atMs: Date.now() - started,
        status: 0,
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  set = cimdVariants(`${tls ? 'https' : 'http'}://127.0.0.1:${port}${prefix}`);
  let closing: Promise<void> | null = null;
  return {
    set,
    tls: tls !== null,
    log: () => [...entries],
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
