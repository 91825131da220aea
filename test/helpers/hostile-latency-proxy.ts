/**
 * A reverse proxy that holds every request for a random time (0..maxDelayMs) before
 * forwarding it: concurrent probes then finish in a different order on every run, which is
 * what a scan's output must not depend on.
 */
import { createServer, request } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface LatencyProxy {
  /** `url` with its origin replaced by the proxy's. */
  via(url: string): string;
  close(): Promise<void>;
}

export async function startLatencyProxy(upstreamOrigin: string, maxDelayMs: number): Promise<LatencyProxy> {
  const upstream = new URL(upstreamOrigin);
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    res.on('error', () => undefined);
    req.on('error', () => undefined);
    const timer = setTimeout(() => {
      timers.delete(timer);
      const up = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      up.on('error', () => res.destroy());
      res.on('close', () => up.destroy());
      req.pipe(up);
    }, Math.random() * maxDelayMs);
    timers.add(timer);
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    via: (url) => `${origin}${new URL(url).pathname}${new URL(url).search}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}
