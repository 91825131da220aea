import { describe, expect, it } from 'vitest';
import type { ClientOptions, HttpClient } from '../../../src/probe/http/types.js';
import { closedAfterEach, get, httpServer } from './servers.js';
import type { TestServer } from './servers.js';

const { serve, openClient } = closedAfterEach();

const okServer = (): Promise<TestServer> => serve(httpServer((_req, res) => res.end('ok')));

const client = openClient;

/** A public-looking target (TEST-NET-3) via the lookup override; local names map to loopback. */
function publicTarget(extra: Partial<ClientOptions> = {}): HttpClient {
  const names: Record<string, string[]> = {
    'mcp.example.test': ['203.0.113.10'],
    'evil.example.test': ['127.0.0.1'],
    'mixed.example.test': ['203.0.113.20', '127.0.0.1'],
  };
  return client({
    target: new URL('https://mcp.example.test/mcp'),
    allowPrivate: false,
    requestTimeoutMs: 2000,
    lookup: async (host) => names[host] ?? [],
    ...extra,
  });
}

const learned = (url: string) => get(url, { source: 'learned' });

describe('address policy on learned URLs', () => {
  it('refuses metadata, private and non-http(s) destinations without sending', async () => {
    const c = publicTarget();
    const cases: [string, string][] = [
      ['http://169.254.169.254/latest/meta-data/', 'refused-address'],
      ['http://10.0.0.1/', 'refused-address'],
      ['http://[::ffff:127.0.0.1]/', 'refused-address'],
      ['http://[fe80::1]/', 'refused-address'],
      ['http://0.0.0.0/', 'refused-address'],
      ['http://2130706433/', 'refused-address'], // 127.0.0.1 in decimal
      ['http://0x7f.1/', 'refused-address'],
      ['http://[64:ff9b::a9fe:a9fe]/', 'refused-address'], // NAT64 to the metadata address
      ['file:///etc/passwd', 'refused-scheme'],
      ['javascript:alert(1)', 'refused-scheme'],
      ['not a url', 'refused-scheme'],
    ];
    for (const [url, code] of cases) {
      const r = await c.send(learned(url));
      expect(r.error?.code, url).toBe(code);
      expect(r.response).toBeUndefined();
    }
    const recorded = c.exchanges();
    expect(recorded).toHaveLength(cases.length);
    expect(recorded.every((x) => x.error !== undefined && x.remoteAddress === undefined)).toBe(true);
  });

  it('refuses a hostname resolving to loopback when the target is public (checked at connect)', async () => {
    const s = await okServer();
    const c = publicTarget();
    const r = await c.send(learned(`http://evil.example.test:${s.port}/`));
    expect(r.error?.code).toBe('refused-address');
    expect(c.exchanges()[0]?.error?.code).toBe('refused-address');
    // A name with one good and one bad record is refused too.
    const mixed = await c.send(learned(`http://mixed.example.test:${s.port}/`));
    expect(mixed.error?.code).toBe('refused-address');
    expect(s.seen).toHaveLength(0);
    expect(s.connections()).toBe(0);
  });

  it('binds the check to the connected address (no DNS rebinding window)', async () => {
    const s = await okServer();
    let calls = 0;
    // First answer public, every later answer loopback: a classic rebinding server.
    const c = publicTarget({
      lookup: async (host) => {
        if (host === 'mcp.example.test') return ['203.0.113.10'];
        calls += 1;
        return calls === 1 ? ['203.0.113.30'] : ['127.0.0.1'];
      },
    });
    await c.resolveScope('rebind.example.test'); // consumes the public answer
    const r = await c.send(learned(`http://rebind.example.test:${s.port}/`));
    expect(r.error?.code).toBe('refused-address');
    expect(s.seen).toHaveLength(0);
  });

  it('allows another loopback port when the target itself is loopback', async () => {
    const target = await okServer();
    const other = await okServer();
    const c = client({ target: new URL(`${target.origin}/mcp`), allowPrivate: false });
    const r = await c.send(learned(`${other.origin}/.well-known/oauth-protected-resource`));
    expect(r.error).toBeUndefined();
    expect(r.response?.status).toBe(200);
    expect(other.seen).toHaveLength(1);
    // ... but not link-local or private ones.
    const meta = await c.send(learned('http://169.254.169.254/'));
    expect(meta.error?.code).toBe('refused-address');
  });

  it('allowPrivate widens the policy, except for unspecified/reserved addresses', async () => {
    const s = await okServer();
    const c = publicTarget({ allowPrivate: true });
    const r = await c.send(learned(`http://evil.example.test:${s.port}/`));
    expect(r.error).toBeUndefined();
    expect(r.response?.status).toBe(200);
    expect(s.seen).toHaveLength(1);
    const zero = await c.send(learned('http://0.0.0.0/'));
    expect(zero.error?.code).toBe('refused-address');
  });

  it("never applies the policy to the user's own target", async () => {
    const s = await okServer();
    const c = publicTarget();
    const r = await c.send(get(`http://evil.example.test:${s.port}/`));
    expect(r.response?.status).toBe(200);
  });

  it('resolveScope classifies literals without DNS and names through the resolver', async () => {
    const c = publicTarget();
    await expect(c.resolveScope('mcp.example.test')).resolves.toEqual({
      address: '203.0.113.10',
      scope: 'public',
    });
    await expect(c.resolveScope('[::1]')).resolves.toEqual({ address: '::1', scope: 'loopback' });
    await expect(c.resolveScope('10.1.2.3')).resolves.toEqual({ address: '10.1.2.3', scope: 'private' });
    await expect(c.resolveScope('nowhere.example.test')).resolves.toEqual({
      address: null,
      scope: 'unknown',
    });
  });
});
