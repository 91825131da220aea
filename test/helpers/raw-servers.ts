/**
 * Small hostile or broken HTTP servers on 127.0.0.1 (node:http / node:net only) for the
 * bad-input tests: every one counts the requests it receives and closes every socket on
 * `close()`, so a test never waits on a keep-alive or hanging connection.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';

export interface RawServer {
  /** `<origin>/mcp`. */
  readonly url: string;
  readonly origin: string;
  readonly port: number;
  /** Requests (HTTP) or connections (`startHangingServer`) received so far. */
  requests(): number;
  close(): Promise<void>;
}

export type RawHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface RawServerOptions {
  /** Address to listen on (default 127.0.0.1; 127.0.0.2 is loopback too on Linux). */
  readonly host?: string;
  /** Serve HTTPS with this key and certificate. */
  readonly tls?: { readonly key: string; readonly cert: string };
}

async function listen(server: Server, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

/** Tracks sockets so `close()` can destroy them (hanging and keep-alive ones included). */
function trackSockets(server: Server): () => Promise<void> {
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  // A TLS server reports the raw socket on `connection` too; handshake errors are expected.
  server.on('tlsClientError', () => undefined);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
    });
}

/** An HTTP(S) server on 127.0.0.1 running `handler` for every request. */
export async function startRawServer(handler: RawHandler, opts: RawServerOptions = {}): Promise<RawServer> {
  let requests = 0;
  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    requests++;
    // The scanner closes connections early on purpose (caps, stream windows).
    res.on('error', () => undefined);
    req.on('error', () => undefined);
    handler(req, res);
  };
  const server = opts.tls
    ? createHttpsServer({ key: opts.tls.key, cert: opts.tls.cert }, listener)
    : createServer(listener);
  server.on('clientError', (_err, socket) => socket.destroy());
  const close = trackSockets(server);
  const host = opts.host ?? '127.0.0.1';
  const port = await listen(server, host);
  const origin = `${opts.tls ? 'https' : 'http'}://${host}:${port}`;
  return { url: `${origin}/mcp`, origin, port, requests: () => requests, close };
}

/** Drains the request body, then answers with a fixed status, headers and body. */
export function fixedAnswer(
  status: number,
  headers: Readonly<Record<string, string>>,
  body: string | Buffer = '',
): RawHandler {
  return (req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
  };
}

/** `text/plain` 'hello' to every request. */
export function startTextServer(opts: RawServerOptions = {}): Promise<RawServer> {
  return startRawServer(fixedAnswer(200, { 'content-type': 'text/plain' }, 'hello'), opts);
}

export const LOGIN_PAGE =
  '<!doctype html><html><head><title>Sign in</title></head><body>' +
  '<form action=/login method=post><input name=user><input name=password type=password>' +
  '<button>Sign in</button></form></body></html>';

/** A 200 HTML login page to every request (a proxy or SSO wall in front of nothing). */
export function startHtmlLoginServer(opts: RawServerOptions = {}): Promise<RawServer> {
  return startRawServer(fixedAnswer(200, { 'content-type': 'text/html; charset=utf-8' }, LOGIN_PAGE), opts);
}

/** `status` with `Location: location` to every request. */
export function startRedirectServer(location: string, status = 307): Promise<RawServer> {
  return startRawServer(fixedAnswer(status, { location, 'content-type': 'text/plain' }, 'moved'));
}

/**
 * A 200 `application/json` body of `bytes` bytes (one JSON string, so the body is valid JSON
 * once complete). One shared buffer is written to every request: the server holds ~`bytes`.
 */
export async function startHugeJsonServer(bytes: number): Promise<RawServer> {
  const head = '{"jsonrpc":"2.0","id":1,"result":{"pad":"';
  const tail = '"}}';
  const body = Buffer.alloc(bytes, 'x');
  body.write(head, 0, 'utf8');
  body.write(tail, bytes - tail.length, 'utf8');
  return startRawServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  });
}

/**
 * Accepts TCP connections and never writes a byte (nor closes). `requests()` counts
 * connections. Not HTTP at all, so no server-side timeout can answer for it.
 */
export async function startHangingServer(): Promise<RawServer> {
  let connections = 0;
  const server = createNetServer((socket) => {
    connections++;
    socket.on('error', () => undefined);
    socket.resume(); // read and discard whatever is sent
  });
  const close = trackSockets(server);
  const port = await listen(server, '127.0.0.1');
  const origin = `http://127.0.0.1:${port}`;
  return { url: `${origin}/mcp`, origin, port, requests: () => connections, close };
}

/** A 127.0.0.1 port that was just bound and released: connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const server = createNetServer();
  const port = await listen(server, '127.0.0.1');
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Answers every POST with a JSON-RPC success echoing the request id and carrying `result`
 * (a server that "speaks" MCP with whatever text it likes); other methods get 405.
 */
export function startJsonRpcEchoServer(result: Readonly<Record<string, unknown>>): Promise<RawServer> {
  return startRawServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST') {
        res.writeHead(405, { allow: 'POST' });
        res.end();
        return;
      }
      let id: unknown = null;
      try {
        const msg: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        if (typeof msg === 'object' && msg !== null && 'id' in msg) id = msg.id;
      } catch {
        id = null;
      }
      if (id === null || id === undefined) {
        res.writeHead(202);
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id, result }));
    });
  });
}
