/**
 * A quiet stream (the GET stream, a listen) is read for a settle period scaled to its own round
 * trip: a few times the time its headers took, at least a floor, at most the old fixed grace.
 */
import { describe, expect, it } from 'vitest';

import type { HttpClient } from '../../../src/probe/http/types.js';
import { QUIET_STREAM, sendRpc, settleWait } from '../../../src/probe/rpc.js';
import { baseOptions, closedAfterEach, httpServer } from './servers.js';

const { serve, openClient } = closedAfterEach();

const client = (target: string): HttpClient => openClient(baseOptions(target, { requestTimeoutMs: 5_000 }));

/** An SSE answer whose headers come after `headersAfterMs`, then one event after `eventAfterMs`. */
function sseServer(headersAfterMs: number, eventAfterMs: number | null) {
  return httpServer((_req, res) => {
    const timers: NodeJS.Timeout[] = [];
    res.on('close', () => timers.forEach(clearTimeout));
    timers.push(
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.flushHeaders();
        if (eventAfterMs !== null)
          timers.push(setTimeout(() => res.write('id: p1\ndata: \n\n'), eventAfterMs));
      }, headersAfterMs),
    );
  });
}

const quietGet = (c: HttpClient, url: string) =>
  sendRpc(c, {
    method: 'GET',
    url,
    headers: { accept: 'text/event-stream' },
    probe: 's.get',
    purpose: 'quiet stream',
    source: 'user',
    rpcId: null,
    streamWindowMs: 2_000,
    settle: QUIET_STREAM,
  });

describe('settleWait', () => {
  it('is a few round trips, never under the floor nor over the cap', () => {
    expect(settleWait(QUIET_STREAM, 2, QUIET_STREAM.graceMs)).toBe(QUIET_STREAM.floorMs);
    expect(settleWait(QUIET_STREAM, 50, QUIET_STREAM.graceMs)).toBe(50 * QUIET_STREAM.roundTrips);
    expect(settleWait(QUIET_STREAM, 400, QUIET_STREAM.graceMs)).toBe(QUIET_STREAM.graceMs);
    expect(settleWait(QUIET_STREAM, 400, QUIET_STREAM.afterFirstEventMs)).toBe(
      QUIET_STREAM.afterFirstEventMs,
    );
  });
});

describe('a quiet stream', () => {
  it('closes a few round trips after fast headers, long before the fixed grace', async () => {
    const s = await serve(sseServer(0, null));
    const t0 = performance.now();
    const p = await quietGet(client(s.origin), `${s.origin}/mcp`);
    const elapsed = performance.now() - t0;
    expect(p.kind).toBe('ok');
    expect(elapsed).toBeGreaterThanOrEqual(QUIET_STREAM.floorMs - 5);
    // Headers on loopback take milliseconds: the floor closes it, not the 500 ms grace.
    expect(elapsed).toBeLessThan(QUIET_STREAM.graceMs - 50);
  });

  it('waits longer behind slow headers, so an event a slow server sends late is still read', async () => {
    // Headers take 150 ms: the wait is 4 x 150 = 600, capped at 500; the floor alone (100) would
    // close the stream before the event at 250 ms.
    const s = await serve(sseServer(150, 250));
    const p = await quietGet(client(s.origin), `${s.origin}/mcp`);
    expect(p.kind).toBe('ok');
    if (p.kind !== 'ok') return;
    expect(p.value.bodyKind).toBe('sse');
    expect(p.value.sseEvents.map((e) => e.id)).toEqual(['p1']);
  });

  it('misses nothing a fast server sends as the stream opens', async () => {
    const s = await serve(sseServer(0, 10));
    const p = await quietGet(client(s.origin), `${s.origin}/mcp`);
    expect(p.kind === 'ok' && p.value.sseEvents.map((e) => e.id)).toEqual(['p1']);
  });
});
