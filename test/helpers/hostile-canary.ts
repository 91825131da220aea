/**
 * The canary: "another origin" for the hostile corpus. Hostile servers link, redirect and
 * announce endpoints here; the test then asserts what reached it (never a credential). It
 * answers like a permissive authorization server so a scanner that follows links keeps going.
 */
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

import { CANARY_ADDRESS } from '../fixtures/servers/hostile.js';
import type { SeenRequest } from '../fixtures/servers/hostile.js';

export interface Canary {
  readonly origin: string;
  readonly host: string;
  readonly port: number;
  requests(): readonly SeenRequest[];
  close(): Promise<void>;
}

async function listen(host: string): Promise<Canary> {
  const seen: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  let origin = '';
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: { ...req.headers } });
    res.on('error', () => undefined);
    req.resume();
    req.on('end', () => {
      if (req.method !== 'GET') {
        res.writeHead(202, { 'content-length': 0 });
        res.end();
        return;
      }
      const body = JSON.stringify({
        resource: `${origin}/mcp`,
        authorization_servers: [origin],
        issuer: origin,
        authorization_endpoint: `${origin}/authorize`,
        token_endpoint: `${origin}/token`,
        registration_endpoint: `${origin}/register`,
        response_types_supported: ['code'],
      });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('clientError', (_e, s) => s.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://${host}:${port}`;
  return {
    origin,
    host,
    port,
    requests: () => seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}

/** A canary on 127.0.0.2 (another loopback address than the target's), or 127.0.0.1 where that fails. */
export async function startCanary(): Promise<Canary> {
  try {
    return await listen(CANARY_ADDRESS);
  } catch {
    return listen('127.0.0.1');
  }
}
