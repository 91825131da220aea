/**
 * A loopback HTTP/1.1 proxy that adds a fixed delay to every request before forwarding it, in front of
 * one upstream origin. Client connections stay keep-alive (node's server), upstream connections are
 * pooled, bodies are streamed both ways (a held-open SSE stream flows through and is torn down when
 * either side closes), and headers are forwarded raw (a forged Host or Origin reaches the upstream
 * as sent). Every request is traced with its arrival and end times at the proxy.
 */
// The bench needs its own network plumbing; the rule guards the scanner's code, not this harness.
// eslint-disable-next-line no-restricted-imports
import { Agent, createServer, request } from 'node:http';
// eslint-disable-next-line no-restricted-imports
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { PassThrough } from 'node:stream';
import type { Readable } from 'node:stream';

export interface TraceEntry {
  readonly method: string;
  readonly path: string;
  /** Lower-case names, as received. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The request body as received (first 64 KiB), once it has ended. */
  body: string;
  /** ms since the proxy started: request head received. */
  readonly arrived: number;
  /** Response head received from upstream (null when none came). */
  headersAt: number | null;
  /** Response finished, or either side closed. */
  ended: number | null;
  status: number | null;
}

export interface LatencyProxy {
  readonly url: (path: string) => string;
  /** The proxy's own origin (`http://127.0.0.1:PORT`). */
  readonly origin: string;
  readonly delayMs: number;
  /** Changes the added delay for requests arriving from now on (0 for an unmeasured warm-up). */
  setDelay(ms: number): void;
  /**
   * Points the proxy at its upstream, when that could only start once the proxy's own origin was
   * known (an authorization server whose issuer must be the proxy's URL).
   */
  setUpstream(origin: string): void;
  /** Entries in arrival order. */
  trace(): readonly TraceEntry[];
  resetTrace(): void;
  /** ms on the trace clock. */
  now(): number;
  /** `performance.now()` at the trace clock's zero: puts several proxies' traces on one clock. */
  readonly startedAt: number;
  close(): Promise<void>;
}

const MAX_TRACED_BODY = 65_536;

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Raw header pairs minus hop-by-hop ones (node re-frames the body: chunked or content-length). */
function forwardable(raw: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!;
    if (!HOP_BY_HOP.has(name.toLowerCase())) out.push(name, raw[i + 1]!);
  }
  return out;
}

/** `upstreamOrigin` null: set it later with `setUpstream` (requests before that get 502). */
export async function startLatencyProxy(
  upstreamOrigin: string | null,
  initialDelayMs: number,
): Promise<LatencyProxy> {
  let upstream: URL | null = upstreamOrigin === null ? null : new URL(upstreamOrigin);
  let delayMs = initialDelayMs;
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const t0 = performance.now();
  const now = (): number => performance.now() - t0;
  let entries: TraceEntry[] = [];

  const forward = (req: IncomingMessage, body: Readable, res: ServerResponse, entry: TraceEntry): void => {
    const end = (): void => {
      entry.ended ??= now();
    };
    if (upstream === null) {
      end();
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('no upstream yet');
      return;
    }
    const up = request(
      {
        agent,
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: forwardable(req.rawHeaders),
        setHost: false,
      },
      (upRes) => {
        entry.headersAt = now();
        entry.status = upRes.statusCode ?? null;
        res.writeHead(upRes.statusCode ?? 502, upRes.statusMessage, forwardable(upRes.rawHeaders));
        // Flush the head at once: an SSE stream may stay quiet for a long time.
        res.flushHeaders();
        upRes.pipe(res);
        upRes.on('error', () => res.destroy());
      },
    );
    up.on('error', () => {
      end();
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end('upstream error');
      } else res.destroy();
    });
    // The client went away (e.g. closed a stream after its window): tear the upstream exchange down.
    res.on('close', () => {
      end();
      if (!res.writableFinished) up.destroy();
    });
    res.on('finish', end);
    body.pipe(up);
  };

  const server = createServer((req, res) => {
    const entry: TraceEntry = {
      method: req.method ?? '?',
      path: req.url ?? '/',
      headers: req.headers,
      body: '',
      arrived: now(),
      headersAt: null,
      ended: null,
      status: null,
    };
    entries.push(entry);
    // The body is read (and traced) at once and waits in the PassThrough while the delay runs.
    const body = req.pipe(new PassThrough());
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      entry.body = Buffer.concat(chunks).subarray(0, MAX_TRACED_BODY).toString('utf8');
    });
    setTimeout(() => forward(req, body, res, entry), delayMs);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };

  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    origin: `http://127.0.0.1:${port}`,
    get delayMs() {
      return delayMs;
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    setUpstream: (origin) => {
      upstream = new URL(origin);
    },
    trace: () => entries,
    resetTrace: () => {
      entries = [];
    },
    now,
    startedAt: t0,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      agent.destroy();
      await closed;
    },
  };
}
