/**
 * The per-request timeout bounds the whole exchange (connect, headers and body together), and
 * a stream window ends an event stream early without error but never past that timeout. Real
 * servers on loopback: a socket that accepts and stays silent, a status line and headers dripped
 * one byte per second, a JSON body dripped after prompt headers, an unsolicited 100 Continue.
 */
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';

import type { HttpClient } from '../../../src/probe/http/types.js';
import { baseOptions, closedAfterEach, get, httpServer, rawServer } from './servers.js';

const TIMEOUT_MS = 1_500;
/** Timers on a loaded 2-core machine; far below the several seconds an unbounded wait takes. */
const SLACK_MS = 1_000;

const { serve, openClient } = closedAfterEach();

const client = (target: string): HttpClient =>
  openClient(baseOptions(target, { requestTimeoutMs: TIMEOUT_MS }));

/** Writes `bytes` to the socket one byte every `everyMs`, until done or the socket closes. */
function drip(socket: Socket, bytes: Buffer, everyMs: number): void {
  let at = 0;
  const tick = setInterval(() => {
    if (socket.destroyed || at >= bytes.length) return clearInterval(tick);
    socket.write(bytes.subarray(at, ++at));
  }, everyMs);
  socket.on('close', () => clearInterval(tick));
}

async function timed(c: HttpClient, ...args: Parameters<HttpClient['send']>) {
  const t0 = performance.now();
  const r = await c.send(...args);
  return { r, elapsed: performance.now() - t0, recorded: c.exchanges().find((x) => x.id === r.exchangeId)! };
}

describe('HTTP client: the request timeout bounds the whole exchange', () => {
  it('ends at the timeout on a connection that is accepted and stays silent', async () => {
    const s = await serve(rawServer((socket) => socket.resume()));
    const { r, elapsed, recorded } = await timed(client(s.origin), get(`${s.origin}/mcp`));
    expect(r.error?.code).toBe('timeout');
    expect(r.response).toBeUndefined();
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    expect(recorded.durationMs).toBeLessThan(TIMEOUT_MS + SLACK_MS);
  });

  it('ends at the timeout when the status line and headers drip at one byte per second', async () => {
    const head = Buffer.from(
      `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Drip: ${'d'.repeat(100)}`,
    );
    const s = await serve(
      rawServer((socket) => {
        socket.resume();
        drip(socket, head, 1_000);
      }),
    );
    const { r, elapsed, recorded } = await timed(client(s.origin), get(`${s.origin}/mcp`));
    expect(r.error?.code).toBe('timeout');
    expect(elapsed).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    expect(recorded.error?.code).toBe('timeout');
    expect(recorded.durationMs).toBeLessThan(TIMEOUT_MS + SLACK_MS);
  });

  it('ends a JSON body dripped after prompt headers at the timeout, even with a longer stream window', async () => {
    const body = `{"jsonrpc":"2.0","id":1,"result":{"pad":"${'p'.repeat(100)}"}}`;
    const s = await serve(
      httpServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        res.flushHeaders();
        drip(res.socket!, Buffer.from(body), 200);
      }),
    );
    // A 5 s window (what SSE replies get) must not stretch a JSON answer past the 1.5 s timeout.
    const { r, elapsed } = await timed(client(s.origin), get(`${s.origin}/mcp`, { streamWindowMs: 5_000 }));
    expect(r.error?.code).toBe('timeout');
    expect(r.response?.status).toBe(200);
    expect(r.response?.truncated).toBe(true);
    expect(r.response?.text.length).toBeGreaterThan(0);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + SLACK_MS);
  });

  it('ends an event stream at the timeout, with a timeout error, when the window would outlast it', async () => {
    const s = await serve(
      httpServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const tick = setInterval(() => res.write(': keep-alive\n\n'), 100);
        res.on('close', () => clearInterval(tick));
      }),
    );
    const { r, elapsed } = await timed(client(s.origin), get(`${s.origin}/mcp`, { streamWindowMs: 5_000 }));
    expect(r.error?.code).toBe('timeout');
    expect(r.response?.status).toBe(200);
    expect(r.response?.text).toContain(': keep-alive');
    expect(elapsed).toBeLessThan(TIMEOUT_MS + SLACK_MS);
  });

  it('still ends an event stream early, without error, when its window ends first', async () => {
    const s = await serve(
      httpServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const tick = setInterval(() => res.write('data: x\n\n'), 50);
        res.on('close', () => clearInterval(tick));
      }),
    );
    const { r, elapsed } = await timed(client(s.origin), get(`${s.origin}/mcp`, { streamWindowMs: 300 }));
    expect(r.error).toBeUndefined();
    expect(r.response?.truncated).toBe(true);
    expect(elapsed).toBeLessThan(TIMEOUT_MS);
  });

  it('lets a session channel (HTTP+SSE) be held for its window past the request timeout', async () => {
    const s = await serve(
      httpServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const tick = setInterval(() => res.write(': keep-alive\n\n'), 100);
        res.on('close', () => clearInterval(tick));
      }),
    );
    const { r, elapsed } = await timed(
      client(s.origin),
      get(`${s.origin}/sse`, { streamWindowMs: TIMEOUT_MS + 700, holdsSession: true }),
    );
    expect(r.error).toBeUndefined();
    expect(r.response?.truncated).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS + 600);
  });
});

describe('HTTP client: an unsolicited 100 Continue', () => {
  it('is a protocol error, not a reset', async () => {
    const s = await serve(
      httpServer((req, res) => {
        req.resume();
        req.socket.write('HTTP/1.1 100 Continue\r\n\r\n');
        res.end('{}');
      }),
    );
    const c = client(s.origin);
    const r = await c.send(get(`${s.origin}/mcp`));
    expect(r.error?.code).toBe('protocol');
    expect(r.error?.message).toMatch(/100 Continue/);
    expect(c.exchanges()[0]?.error?.code).toBe('protocol');
  });
});
