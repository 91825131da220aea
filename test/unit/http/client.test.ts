import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../src/probe/http/types.js';
import { baseOptions, closedAfterEach, get, httpServer, rawServer, sleep } from './servers.js';

const MiB = 1024 * 1024;

const { serve, openClient } = closedAfterEach();

const client = (target: string, extra: Parameters<typeof baseOptions>[1] = {}): HttpClient =>
  openClient(baseOptions(target, extra));

describe('HTTP client: responses and redirects', () => {
  it('returns a 3xx as a response and does not follow it', async () => {
    const other = await serve(httpServer((_req, res) => res.end('followed')));
    const s = await serve(
      httpServer((_req, res) => {
        res.writeHead(302, { location: `${other.origin}/elsewhere` });
        res.end();
      }),
    );
    const c = client(s.origin);
    const r = await c.send(get(`${s.origin}/mcp`));
    expect(r.error).toBeUndefined();
    expect(r.response?.status).toBe(302);
    expect(r.response?.headers['location']).toEqual([`${other.origin}/elsewhere`]);
    expect(other.seen).toHaveLength(0);
  });

  it('records headers lower-case with every value in order, and sends only UA + identity', async () => {
    const s = await serve(
      httpServer((_req, res) => {
        res.setHeader('X-Multi', ['one', 'two']);
        res.end('ok');
      }),
    );
    const c = client(s.origin, { userAgent: 'posture-test/1' });
    const r = await c.send(get(`${s.origin}/`));
    expect(r.response?.headers['x-multi']).toEqual(['one', 'two']);
    expect(r.remoteAddress).toBe('127.0.0.1');
    const sent = s.seen[0]?.headers ?? {};
    expect(sent['user-agent']).toBe('posture-test/1');
    expect(sent['accept-encoding']).toBe('identity');
    expect(sent['accept']).toBeUndefined();
    const [x] = c.exchanges();
    expect(x?.response?.headers['x-multi']).toEqual(['one', 'two']);
    expect(x?.remoteAddress).toBe('127.0.0.1');
  });

  it('assigns sequential ids in issue order and records every send', async () => {
    const s = await serve(
      httpServer((req, res) => {
        // The first request answers last: recording order must still be issue order.
        setTimeout(() => res.end(req.url), req.url === '/1' ? 150 : 10);
      }),
    );
    const c = client(s.origin);
    const results = await Promise.all([1, 2, 3].map((n) => c.send(get(`${s.origin}/${n}`))));
    expect(results.map((r) => r.exchangeId)).toEqual(['x1', 'x2', 'x3']);
    expect(c.exchanges().map((x) => [x.id, x.request.url])).toEqual([
      ['x1', `${s.origin}/1`],
      ['x2', `${s.origin}/2`],
      ['x3', `${s.origin}/3`],
    ]);
  });

  it('limits concurrency per origin (FIFO queue)', async () => {
    let active = 0;
    let peak = 0;
    const s = await serve(
      httpServer((_req, res) => {
        active += 1;
        peak = Math.max(peak, active);
        setTimeout(() => {
          active -= 1;
          res.end('ok');
        }, 60);
      }),
    );
    const c = client(s.origin, { maxConcurrencyPerOrigin: 2 });
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => c.send(get(`${s.origin}/${n}`))));
    expect(results.every((r) => r.response?.status === 200)).toBe(true);
    expect(peak).toBe(2);
    // The first two go out first; later ones may race onto different connections.
    expect(s.seen.slice(0, 2).map((x) => x.url)).toEqual(['/1', '/2']);
    expect(s.seen).toHaveLength(5);
  });
});

describe('HTTP client: time bounds', () => {
  it('times out a server that never answers, within the timeout plus slack', async () => {
    const s = await serve(httpServer(() => undefined));
    const c = client(s.origin, { requestTimeoutMs: 300 });
    const t0 = Date.now();
    const r = await c.send(get(`${s.origin}/`));
    const elapsed = Date.now() - t0;
    expect(r.error?.code).toBe('timeout');
    expect(r.response).toBeUndefined();
    expect(elapsed).toBeGreaterThanOrEqual(250);
    // The server never answers: without the timeout this would wait for the test's own 30 s limit.
    expect(elapsed).toBeLessThan(3000);
    expect(c.exchanges()[0]?.error?.code).toBe('timeout');
  });

  it('times out while still connecting, and never sends the request afterwards', async () => {
    const s = await serve(httpServer((_req, res) => res.end('late')));
    // A resolver that answers after the timeout: the request is still queued in undici.
    const c = client('http://slow.example.test/', {
      requestTimeoutMs: 200,
      lookup: () => sleep(1500).then(() => ['127.0.0.1']),
    });
    const t0 = Date.now();
    const r = await c.send(get(`http://slow.example.test:${s.port}/`));
    expect(r.error?.code).toBe('timeout');
    expect(Date.now() - t0).toBeLessThan(1200);
    await sleep(1500);
    expect(s.seen).toHaveLength(0);
  });

  it('keeps what arrived when the timeout hits mid-body', async () => {
    const s = await serve(
      httpServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('partial');
      }),
    );
    const c = client(s.origin);
    const r = await c.send(get(`${s.origin}/`, { timeoutMs: 300 }));
    expect(r.error?.code).toBe('timeout');
    expect(r.response?.status).toBe(200);
    expect(r.response?.text).toBe('partial');
    expect(r.response?.truncated).toBe(true);
    expect(c.exchanges()[0]?.response?.body).toBe('partial');
  });

  it('does not send a request issued after the deadline', async () => {
    const s = await serve(httpServer((_req, res) => res.end('ok')));
    const c = client(s.origin, { deadline: Date.now() - 1 });
    const r = await c.send(get(`${s.origin}/`));
    expect(r.error?.code).toBe('deadline');
    await sleep(50);
    expect(s.seen).toHaveLength(0);
    expect(s.connections()).toBe(0);
    expect(c.exchanges()).toHaveLength(1);
    expect(c.exchanges()[0]?.error?.code).toBe('deadline');
  });

  it('cuts an in-flight request at the deadline when it comes before the timeout', async () => {
    const s = await serve(httpServer(() => undefined));
    const c = client(s.origin, { deadline: Date.now() + 300, requestTimeoutMs: 5000 });
    const t0 = Date.now();
    const r = await c.send(get(`${s.origin}/`));
    expect(r.error?.code).toBe('deadline');
    // The 5 s request timeout would end it much later; the 300 ms deadline ends it first.
    expect(Date.now() - t0).toBeLessThan(3000);
  });

  it('reads a slow drip stream for the window, then closes cleanly', async () => {
    let closed = false;
    const s = await serve(
      httpServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        let n = 0;
        const tick = setInterval(() => res.write(`data: ${n++}\n\n`), 40);
        res.on('close', () => {
          closed = true;
          clearInterval(tick);
        });
      }),
    );
    const c = client(s.origin, { requestTimeoutMs: 5000 });
    const t0 = Date.now();
    const r = await c.send(get(`${s.origin}/sse`, { streamWindowMs: 300 }));
    const elapsed = Date.now() - t0;
    expect(r.error).toBeUndefined();
    expect(r.response?.truncated).toBe(true);
    expect(r.response?.text).toContain('data: 0\n\n');
    expect(elapsed).toBeGreaterThanOrEqual(250);
    // The stream never ends: only the 300 ms window (not the 5 s timeout) can have closed it.
    expect(elapsed).toBeLessThan(3000);
    await sleep(50);
    expect(closed).toBe(true);
    expect(c.exchanges()[0]?.response?.truncated).toBe(true);
  });

  it("closes the connection when onChunk returns 'stop'", async () => {
    let closed = false;
    const s = await serve(
      httpServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        let n = 0;
        const tick = setInterval(() => res.write(`data: ${n++}\n\n`), 20);
        res.on('close', () => {
          closed = true;
          clearInterval(tick);
        });
      }),
    );
    const c = client(s.origin, { requestTimeoutMs: 5000 });
    const chunks: string[] = [];
    const r = await c.send(
      get(`${s.origin}/sse`, {
        onChunk: (text) => {
          chunks.push(text);
          return chunks.join('').includes('data: 2') ? 'stop' : 'continue';
        },
      }),
    );
    expect(r.error).toBeUndefined();
    expect(r.response?.truncated).toBe(true);
    expect(r.response?.text).toContain('data: 2');
    expect(r.response?.text).not.toContain('data: 5');
    await sleep(50);
    expect(closed).toBe(true);
  });
});

describe('HTTP client: probe abort signal', () => {
  it('closes a stream cleanly when the probe aborts after headers', async () => {
    const s = await serve(
      httpServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: first\n\n');
      }),
    );
    const c = client(s.origin, { requestTimeoutMs: 5000 });
    const ac = new AbortController();
    const r = await c.send(
      get(`${s.origin}/`, {
        signal: ac.signal,
        onChunk: () => {
          setTimeout(() => ac.abort(), 20);
          return 'continue';
        },
      }),
    );
    expect(r.error).toBeUndefined();
    expect(r.response?.truncated).toBe(true);
    expect(r.response?.text).toBe('data: first\n\n');
  });

  it('an abort before headers is an aborted error; an aborted signal is never sent', async () => {
    const s = await serve(httpServer(() => undefined));
    const c = client(s.origin, { requestTimeoutMs: 5000 });
    const r = await c.send(get(`${s.origin}/`, { signal: AbortSignal.timeout(100) }));
    expect(r.error?.code).toBe('aborted');
    const before = s.seen.length;
    const never = await c.send(get(`${s.origin}/`, { signal: AbortSignal.abort() }));
    expect(never.error?.code).toBe('aborted');
    await sleep(30);
    expect(s.seen).toHaveLength(before);
  });
});

describe('HTTP client: body cap and decoding', () => {
  it('caps a 10 MB body at 1 MiB (too-large, response kept)', async () => {
    const s = await serve(
      httpServer((_req, res) => {
        res.writeHead(200, { 'content-length': String(10 * MiB) });
        res.end(Buffer.alloc(10 * MiB, 0x61));
      }),
    );
    const c = client(s.origin);
    const r = await c.send(get(`${s.origin}/`));
    expect(r.error?.code).toBe('too-large');
    expect(r.response?.status).toBe(200);
    expect(r.response?.bytes.length).toBe(MiB);
    expect(r.response?.truncated).toBe(true);
    const x = c.exchanges()[0];
    expect(x?.response?.bodyBytes).toBe(MiB);
    expect(x?.response?.body.length).toBe(16_384);
    expect(x?.response?.truncated).toBe(true);
  });

  it('applies a per-request cap override and accepts a body exactly at the cap', async () => {
    const s = await serve(httpServer((_req, res) => res.end('0123456789')));
    const c = client(s.origin);
    const exact = await c.send(get(`${s.origin}/`, { maxBodyBytes: 10 }));
    expect(exact.error).toBeUndefined();
    expect(exact.response?.truncated).toBe(false);
    const over = await c.send(get(`${s.origin}/`, { maxBodyBytes: 4 }));
    expect(over.error?.code).toBe('too-large');
    expect(over.response?.text).toBe('0123');
  });

  it('stops a gzip bomb at the cap with bounded memory', async () => {
    // 100 gzip members of 10 MB of zeros: ~1 GB decoded from ~1 MB on the wire.
    const member = gzipSync(Buffer.alloc(10 * MiB), { level: 9 });
    const bomb = Buffer.concat(Array.from({ length: 100 }, () => member));
    const s = await serve(
      httpServer((_req, res) => {
        res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': String(bomb.length) });
        res.end(bomb);
      }),
    );
    const c = client(s.origin);
    const mem = (): number => process.memoryUsage().arrayBuffers + process.memoryUsage().heapUsed;
    const before = mem();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, mem())), 2);
    const t0 = Date.now();
    const r = await c.send(get(`${s.origin}/`));
    clearInterval(sampler);
    peak = Math.max(peak, mem());
    expect(r.error?.code).toBe('too-large');
    expect(r.response?.bytes.length).toBe(MiB);
    expect(r.response?.truncated).toBe(true);
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(peak - before).toBeLessThan(64 * MiB);
  });

  it('decodes a compressed body the server sent anyway', async () => {
    const s = await serve(
      httpServer((_req, res) => {
        res.writeHead(200, { 'content-encoding': 'x-gzip' });
        res.end(gzipSync('{"ok":true}'));
      }),
    );
    const r = await client(s.origin).send(get(`${s.origin}/`));
    expect(r.error).toBeUndefined();
    expect(r.response?.text).toBe('{"ok":true}');
  });

  it('reports corrupt gzip and unknown encodings as decode errors', async () => {
    const s = await serve(
      httpServer((req, res) => {
        res.writeHead(200, { 'content-encoding': req.url === '/zstd' ? 'zstd' : 'gzip' });
        res.end('this is definitely not gzip data');
      }),
    );
    const c = client(s.origin);
    const corrupt = await c.send(get(`${s.origin}/gzip`));
    expect(corrupt.error?.code).toBe('decode');
    expect(corrupt.response?.status).toBe(200);
    const unknown = await c.send(get(`${s.origin}/zstd`));
    expect(unknown.error?.code).toBe('decode');
  });

  it('accepts an empty body announced as gzip (HEAD, 204)', async () => {
    const s = await serve(
      httpServer((_req, res) => {
        res.writeHead(204, { 'content-encoding': 'gzip' });
        res.end();
      }),
    );
    const r = await client(s.origin).send(get(`${s.origin}/`));
    expect(r.error).toBeUndefined();
    expect(r.response?.status).toBe(204);
  });

  it('keeps invalid UTF-8 bytes in `bytes` and replaces them in `text`', async () => {
    const raw = Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    const s = await serve(httpServer((_req, res) => res.end(raw)));
    const r = await client(s.origin).send(get(`${s.origin}/`));
    expect(Buffer.from(r.response?.bytes ?? []).equals(raw)).toBe(true);
    expect(r.response?.text).toBe('{"\uFFFD\uFFFD"}');
  });
});

describe('HTTP client: broken servers', () => {
  it('maps a connection reset mid-body to reset, keeping the partial response', async () => {
    const s = await serve(
      httpServer((req, res) => {
        res.writeHead(200, { 'content-length': '1000' });
        res.write('x'.repeat(100));
        setTimeout(() => req.socket.destroy(), 30);
      }),
    );
    const r = await client(s.origin).send(get(`${s.origin}/`));
    expect(r.error?.code).toBe('reset');
    expect(r.response?.status).toBe(200);
    expect(r.response?.bytes.length).toBe(100);
  });

  it('fails cleanly on a 1 MB response header', async () => {
    const s = await serve(
      rawServer((socket) => {
        socket.once('data', () => {
          socket.write(`HTTP/1.1 200 OK\r\nX-Big: ${'a'.repeat(MiB)}\r\nContent-Length: 2\r\n\r\nok`);
        });
      }),
    );
    const r = await client(s.origin).send(get(`${s.origin}/`));
    expect(['header-too-large', 'protocol']).toContain(r.error?.code);
    expect(r.response).toBeUndefined();
  });

  it('maps garbage instead of HTTP to protocol, and a closed port to connect', async () => {
    const s = await serve(
      rawServer((socket) => socket.once('data', () => socket.end('SSH-2.0-OpenSSH\r\n\r\n'))),
    );
    const c = client(s.origin);
    const garbage = await c.send(get(`${s.origin}/`));
    expect(garbage.error?.code).toBe('protocol');
    const closedPort = await serve(httpServer(() => undefined));
    const url = `${closedPort.origin}/`;
    await closedPort.close();
    const refused = await c.send(get(url));
    expect(refused.error?.code).toBe('connect');
  });

  it('never throws: a bad method or a client used after close is recorded as data', async () => {
    const s = await serve(httpServer((_req, res) => res.end('ok')));
    const c = client(s.origin);
    const bad = await c.send(get(`${s.origin}/`, { method: 'GET\r\nX: y' }));
    expect(bad.error).toBeDefined();
    await c.close();
    const after = await c.send(get(`${s.origin}/`));
    expect(after.error?.code).toBe('aborted');
    expect(c.exchanges()).toHaveLength(2);
  });
});
