/**
 * src/net/login-callback.ts: the login's loopback redirect listener, on a real socket. It binds
 * 127.0.0.1 whatever host name the redirect URI uses, serves only GET /callback, keeps the first
 * callback and answers later ones without changing it, and resolves null when nothing came.
 */
import { afterEach, describe, expect, it } from 'vitest';

import { listenForCallback } from '../../src/net/login-callback.js';
import type { CallbackListener } from '../../src/net/login-callback.js';

let open: CallbackListener | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

const onLoopback = (redirectUri: string, path: string): string => {
  const u = new URL(redirectUri);
  return `http://127.0.0.1:${u.port}${path}`;
};

describe('the login callback listener', () => {
  it('gives a redirect URI with the requested host name and an ephemeral port', async () => {
    open = await listenForCallback({ host: 'localhost', port: 0 });
    const u = new URL(open.redirectUri);
    expect(u.hostname).toBe('localhost');
    expect(u.pathname).toBe('/callback');
    expect(Number(u.port)).toBeGreaterThan(0);
  });

  it('keeps the first callback only, and serves a no-script page under a strict CSP', async () => {
    open = await listenForCallback({ host: '127.0.0.1', port: 0 });
    const first = await fetch(onLoopback(open.redirectUri, '/callback?code=one&state=s'));
    expect(first.status).toBe(200);
    expect(first.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(await first.text()).not.toMatch(/<script/i);
    const again = await fetch(onLoopback(open.redirectUri, '/callback?code=two&state=s'));
    expect(await again.text()).toContain('already received');
    const got = await open.wait(60_000);
    expect(got?.searchParams.get('code')).toBe('one');
  });

  it('answers 404 to anything but GET /callback, which does not count as the callback', async () => {
    open = await listenForCallback({ host: '127.0.0.1', port: 0 });
    expect((await fetch(onLoopback(open.redirectUri, '/other?code=x'))).status).toBe(404);
    const post = await fetch(onLoopback(open.redirectUri, '/callback?code=x'), { method: 'POST' });
    expect(post.status).toBe(404);
    expect(await open.wait(1)).toBeNull();
  });

  it('can be closed twice', async () => {
    open = await listenForCallback({ host: '127.0.0.1', port: 0 });
    await open.close();
    await expect(open.close()).resolves.toBeUndefined();
  });
});
