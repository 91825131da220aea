/** Real servers on 127.0.0.1 ephemeral ports for the HTTP client tests (no network mocks). */
import { createServer } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { createServer as createNetServer } from 'node:net';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Server, Socket } from 'node:net';
import { afterEach } from 'vitest';

import { createHttpClient } from '../../../src/probe/http/client.js';
import type { ClientOptions, HttpClient, RequestSpec } from '../../../src/probe/http/types.js';

export interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
}

export interface TestServer {
  readonly port: number;
  readonly origin: string;
  /** Requests that reached the handler. */
  readonly seen: Seen[];
  /** TCP connections accepted. */
  connections(): number;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

async function listen(server: Server, scheme: 'http' | 'https', seen: Seen[]): Promise<TestServer> {
  const sockets = new Set<Socket>();
  let count = 0;
  server.on('connection', (s: Socket) => {
    count += 1;
    sockets.add(s);
    s.on('error', () => undefined);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `${scheme}://127.0.0.1:${port}`,
    seen,
    connections: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function recording(handler: Handler, seen: Seen[]): Handler {
  return (req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    res.on('error', () => undefined);
    handler(req, res);
  };
}

export function httpServer(handler: Handler): Promise<TestServer> {
  const seen: Seen[] = [];
  return listen(createServer(recording(handler, seen)), 'http', seen);
}

export function httpsServer(tls: { key: string; cert: string }, handler: Handler): Promise<TestServer> {
  const seen: Seen[] = [];
  const server = createTlsServer(tls, recording(handler, seen));
  server.on('tlsClientError', () => undefined);
  return listen(server, 'https', seen);
}

/** A bare TCP server, for responses node:http refuses to produce. */
export function rawServer(onSocket: (socket: Socket) => void): Promise<TestServer> {
  const server = createNetServer((s) => {
    s.on('error', () => undefined);
    onSocket(s);
  });
  return listen(server, 'http', []);
}

export const baseOptions = (target: string, extra: Partial<ClientOptions> = {}): ClientOptions => ({
  target: new URL(target),
  allowPrivate: false,
  ...extra,
});

export const get = (url: string, extra: Partial<RequestSpec> = {}): RequestSpec => ({
  method: 'GET',
  url,
  probe: 'test',
  purpose: 'unit test',
  source: 'user',
  ...extra,
});

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * What a test opens and must close: servers and clients registered here are closed after each
 * test. Call once per file, at the top level (it registers the `afterEach`).
 */
export function closedAfterEach() {
  let open: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(open.map((f) => f()));
    open = [];
  });
  return {
    /** Awaits a server and closes it after the test. */
    serve: async (server: Promise<TestServer>): Promise<TestServer> => {
      const s = await server;
      open.push(() => s.close());
      return s;
    },
    /** A client closed after the test. */
    openClient: (opts: ClientOptions): HttpClient => {
      const c = createHttpClient(opts);
      open.push(() => c.close());
      return c;
    },
  };
}
