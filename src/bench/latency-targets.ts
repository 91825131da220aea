/**
 * The servers the latency bench scans, each behind latency proxies (./latency-proxy.ts): the
 * hand-written fixture (GET stream held open, or 405), and an OAuth-protected SDK 1.x resource
 * server with oidc-provider as its authorization server, scanned without a token. Each origin
 * gets its own proxy, and the servers name the proxies' origins (issuer, `resource`), so every
 * request of the scan, the OAuth chain included, pays the added delay.
 */
import { startFixtureServer } from '../demo/fixture-server.js';
import { startLatencyProxy } from './latency-proxy.js';
import type { LatencyProxy } from './latency-proxy.js';
import { openFixtureRunner } from './test-fixtures.js';

export interface LatencyTarget {
  readonly label: string;
  /** The URL to scan (through the proxies). */
  readonly url: string;
  /** The URL without the proxies, for the transparency check; null when only the proxied one works. */
  readonly directUrl: string | null;
  readonly proxies: readonly LatencyProxy[];
  close(): Promise<void>;
}

export async function fixtureTarget(getMode: 'sse' | '405', delayMs: number): Promise<LatencyTarget> {
  const fixture = await startFixtureServer({ getMode });
  const proxy = await startLatencyProxy(fixture.origin, delayMs);
  return {
    label:
      getMode === 'sse'
        ? 'fixture getMode=sse (GET stream held open)'
        : 'fixture getMode=405 (no GET stream)',
    url: proxy.url('/mcp'),
    directUrl: fixture.url,
    proxies: [proxy],
    close: async () => {
      await proxy.close();
      await fixture.close();
    },
  };
}

interface OidcModule {
  startOidcProvider(opts: {
    publicOrigin?: string;
  }): Promise<{ issuer: string; origin: string; close(): Promise<void> }>;
}
interface ResourceServerModule {
  startResourceServer(opts: {
    issuer: string;
    publicOrigin?: string;
  }): Promise<{ url: string; listenOrigin: string; close(): Promise<void> }>;
}

/**
 * The SDK 1.x resource server (test/fixtures/servers/resource-server.ts) and oidc-provider
 * (oidc.ts), loaded through Vite's module runner. The proxies start first, with no delay, so the
 * servers can be told their public origins and read each other's metadata at start.
 */
export async function oauthTarget(delayMs: number): Promise<LatencyTarget> {
  const runner = await openFixtureRunner();
  const asProxy = await startLatencyProxy(null, 0);
  const rsProxy = await startLatencyProxy(null, 0);
  try {
    const oidc = await runner.load<OidcModule>('test/fixtures/servers/oidc.ts');
    const rsModule = await runner.load<ResourceServerModule>('test/fixtures/servers/resource-server.ts');
    const as = await oidc.startOidcProvider({ publicOrigin: asProxy.origin });
    asProxy.setUpstream(as.origin);
    const rs = await rsModule.startResourceServer({ issuer: as.issuer, publicOrigin: rsProxy.origin });
    rsProxy.setUpstream(rs.listenOrigin);
    for (const p of [asProxy, rsProxy]) p.setDelay(delayMs);
    return {
      label: 'OAuth: SDK 1.x resource server + oidc-provider, no token',
      url: rs.url,
      directUrl: null,
      proxies: [rsProxy, asProxy],
      close: async () => {
        await Promise.all([rsProxy.close(), asProxy.close()]);
        await rs.close();
        await as.close();
        await runner.close();
      },
    };
  } catch (err) {
    await Promise.all([rsProxy.close(), asProxy.close()]);
    await runner.close();
    throw err;
  }
}
