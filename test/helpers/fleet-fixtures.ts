/**
 * A fleet of loopback targets for the fleet tests, all in this process: healthy fixture
 * servers (GET answered 405, so no stream window), OAuth-protected ones whose protected-resource
 * metadata names a real authorization server (oidc-provider), legacy HTTP+SSE ones, slow ones
 * (behind a proxy adding a delay to every request), unreachable ones (closed ports) and
 * rate-limited ones (429 with `Retry-After: 1` for the first second after each `rearm()`).
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

import { startLatencyProxy } from '../../src/bench/latency-proxy.js';
import type { LatencyProxy } from '../../src/bench/latency-proxy.js';
import { startFixtureServer } from '../../src/demo/fixture-server.js';
import type { FixtureServer } from '../../src/demo/fixture-server.js';
import type { OidcServer } from '../fixtures/servers/oidc.js';
import { startOidcProvider } from '../fixtures/servers/oidc.js';

export type FleetKind = 'healthy' | 'oauth' | 'legacy' | 'slow' | 'unreachable' | 'rate-limited';

export interface FleetMix {
  readonly healthy: number;
  readonly oauth: number;
  readonly legacy: number;
  readonly slow: number;
  readonly unreachable: number;
  readonly rateLimited: number;
}

export interface FleetTargetFixture {
  readonly url: string;
  readonly kind: FleetKind;
  /** Requests the target's own server has seen (0 for unreachable ones). */
  requests(): number;
}

export interface FleetFixtures {
  readonly targets: readonly FleetTargetFixture[];
  /** The rate-limited targets answer 429 again for a second from their next request. */
  rearm(): void;
  close(): Promise<void>;
}

export const SLOW_DELAY_MS = 120;

interface RateLimited {
  readonly url: string;
  rearm(): void;
  requests(): number;
  close(): Promise<void>;
}

/** Answers 429 (Retry-After: 1) for one second from its first request after (re)arming, then forwards. */
async function startRateLimited(upstream: FixtureServer): Promise<RateLimited> {
  let windowEnds: number | null = null;
  let armed = true;
  const target = new URL(upstream.origin);
  const server = createServer((req, res) => {
    const now = Date.now();
    if (armed) {
      armed = false;
      windowEnds = now + 1_000;
    }
    if (windowEnds !== null && now < windowEnds) {
      req.resume();
      res.writeHead(429, { 'retry-after': '1', 'content-type': 'text/plain' });
      res.end('slow down');
      return;
    }
    const up = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (upRes) => {
        res.writeHead(upRes.statusCode ?? 502, upRes.headers);
        upRes.pipe(res);
      },
    );
    up.on('error', () => res.destroy());
    res.on('close', () => up.destroy());
    req.pipe(up);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    // The fixture validates Host against loopback names: forwarding the original Host keeps that true.
    url: `http://127.0.0.1:${port}/mcp`,
    rearm: () => {
      armed = true;
      windowEnds = null;
    },
    requests: () => upstream.stats().requests,
    close: async () => {
      const closed = new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections();
      await closed;
    },
  };
}

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

export async function startFleetFixtures(mix: FleetMix): Promise<FleetFixtures> {
  const closers: (() => Promise<void>)[] = [];
  const targets: FleetTargetFixture[] = [];
  const limited: RateLimited[] = [];
  const fixture = async (opts: Parameters<typeof startFixtureServer>[0]): Promise<FixtureServer> => {
    const s = await startFixtureServer(opts);
    closers.push(() => s.close());
    return s;
  };
  let as: OidcServer | null = null;
  if (mix.oauth > 0) {
    as = await startOidcProvider();
    closers.push(() => as!.close());
  }
  const many = <T>(n: number, make: (i: number) => Promise<T>) =>
    Promise.all(Array.from({ length: n }, (_, i) => make(i)));
  const add = (url: string, kind: FleetKind, requests: () => number) => targets.push({ url, kind, requests });

  for (const s of await many(mix.healthy, () => fixture({ getMode: '405' })))
    add(s.url, 'healthy', () => s.stats().requests);
  for (const s of await many(mix.oauth, () =>
    fixture({ getMode: '405', requireAuth: 'fleet-token', publishPrm: as!.issuer }),
  ))
    add(s.url, 'oauth', () => s.stats().requests);
  for (const s of await many(mix.legacy, () => fixture({ transport: 'http+sse' })))
    add(s.url, 'legacy', () => s.stats().requests);
  for (const s of await many(mix.slow, () => fixture({ getMode: '405' }))) {
    const proxy: LatencyProxy = await startLatencyProxy(s.origin, SLOW_DELAY_MS);
    closers.push(() => proxy.close());
    add(proxy.url('/mcp'), 'slow', () => s.stats().requests);
  }
  for (const port of await many(mix.unreachable, () => closedPort()))
    add(`http://127.0.0.1:${port}/mcp`, 'unreachable', () => 0);
  for (const s of await many(mix.rateLimited, () => fixture({ getMode: '405' }))) {
    const r = await startRateLimited(s);
    closers.push(() => r.close());
    limited.push(r);
    add(r.url, 'rate-limited', () => r.requests());
  }
  return {
    targets,
    rearm: () => limited.forEach((r) => r.rearm()),
    close: async () => {
      await Promise.all(closers.map((c) => c()));
    },
  };
}
