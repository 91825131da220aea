/**
 * A server that stops answering: after three timeouts in a row on one origin, the client sends
 * nothing more there and records each request it did not send with the `stopped-answering`
 * error. An answer in time ends a run of timeouts; another origin is not affected. Real servers
 * on 127.0.0.1.
 */
import { describe, expect, it } from 'vitest';

import { baseOptions, closedAfterEach, get, httpServer } from './servers.js';

const { serve, openClient } = closedAfterEach();
const TIMEOUT_MS = 150;

/** Holds `/hold` without a byte; answers anything else at once. */
const holding = () =>
  serve(
    httpServer((req, res) => {
      if (req.url !== '/hold') res.end('ok');
    }),
  );

describe('a server that stops answering', () => {
  it('after three timeouts in a row, the next requests to that origin are not sent', async () => {
    const s = await holding();
    const other = await holding();
    const c = openClient(baseOptions(s.origin, { requestTimeoutMs: TIMEOUT_MS }));
    for (let i = 0; i < 3; i++) expect((await c.send(get(`${s.origin}/hold`))).error?.code).toBe('timeout');
    const cut = await c.send(get(`${s.origin}/answers`));
    expect(cut.response).toBeUndefined();
    expect(cut.error?.code).toBe('stopped-answering');
    expect(cut.error?.message).toBe(
      `the server stopped answering (3 requests in a row to ${s.origin} timed out); not sent`,
    );
    expect(s.seen.map((r) => r.url)).toEqual(['/hold', '/hold', '/hold']);
    // Another origin is asked as before.
    const elsewhere = await c.send(get(`${other.origin}/answers`));
    expect(elsewhere.response?.status).toBe(200);
    // The record says the request was not sent, and why.
    const last = c.exchanges().find((x) => x.id === cut.exchangeId);
    expect(last?.error?.code).toBe('stopped-answering');
    expect(last?.response).toBeUndefined();
  });

  it('an answer in time ends a run of timeouts', async () => {
    const s = await holding();
    const c = openClient(baseOptions(s.origin, { requestTimeoutMs: TIMEOUT_MS }));
    const codes: (string | undefined)[] = [];
    for (const path of ['/hold', '/hold', '/answers', '/hold', '/hold', '/answers']) {
      const r = await c.send(get(`${s.origin}${path}`));
      codes.push(r.error?.code ?? String(r.response?.status));
    }
    expect(codes).toEqual(['timeout', 'timeout', '200', 'timeout', 'timeout', '200']);
  });

  it('requests queued behind the timed-out ones are not sent once the origin stopped', async () => {
    const s = await holding();
    const c = openClient(baseOptions(s.origin, { requestTimeoutMs: TIMEOUT_MS, maxConcurrencyPerOrigin: 3 }));
    const results = await Promise.all([
      ...Array.from({ length: 3 }, () => c.send(get(`${s.origin}/hold`))),
      ...Array.from({ length: 4 }, () => c.send(get(`${s.origin}/answers`))),
    ]);
    const codes = results.map((r) => r.error?.code ?? String(r.response?.status));
    expect(codes.slice(0, 3)).toEqual(['timeout', 'timeout', 'timeout']);
    // A slot freed by the first timeouts may carry a queued request before the third one fires;
    // once it has, the rest are not sent.
    const queued = codes.slice(3);
    expect(queued.filter((c) => c !== '200' && c !== 'stopped-answering')).toEqual([]);
    expect(queued.filter((c) => c === 'stopped-answering').length).toBeGreaterThanOrEqual(2);
    expect(s.seen).toHaveLength(3 + queued.filter((c) => c === '200').length);
  });

  it('0 never stops an origin', async () => {
    const s = await holding();
    const c = openClient(baseOptions(s.origin, { requestTimeoutMs: TIMEOUT_MS, stopAfterTimeouts: 0 }));
    for (let i = 0; i < 4; i++) expect((await c.send(get(`${s.origin}/hold`))).error?.code).toBe('timeout');
    expect(s.seen).toHaveLength(4);
  });
});
