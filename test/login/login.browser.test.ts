/**
 * `login` end to end in real Chromium: the SDK 1.x resource server behind a real oidc-provider
 * (open registration with RFC 7592, PKCE required, RFC 8707 resource indicators, RFC 9207 `iss`).
 * Chromium walks the dev login and consent pages, the loopback callback delivers the code, the
 * token request gets a JWT for the resource, and a token-tier scan with it runs. Missing chromium
 * fails the file: a skip would hide that the flow went untested.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { decodeJwt } from 'jose';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { scan } from '../../src/index.js';
import { login } from '../../src/login/flow.js';
import { deleteRegisteredClient } from '../../src/login/session.js';
import { findLogin, saveLogin } from '../../src/login/store.js';
import { startOidcProvider } from '../fixtures/servers/oidc.js';
import type { OidcServer } from '../fixtures/servers/oidc.js';
import { startResourceServer } from '../fixtures/servers/resource-server.js';
import type { ResourceServer } from '../fixtures/servers/resource-server.js';
import { chromiumDriver, launchChromium } from './drivers.js';

let browser: Browser;
let oidc: OidcServer;
let rs: ResourceServer;
let dir: string;

beforeAll(async () => {
  browser = await launchChromium();
  oidc = await startOidcProvider();
  rs = await startResourceServer({ issuer: oidc.issuer });
  dir = mkdtempSync(join(tmpdir(), 'mcpp-login-'));
});

afterAll(async () => {
  await browser?.close();
  await rs?.close();
  await oidc?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('login in Chromium, dynamic registration', () => {
  it('walks discovery, registration, the browser login, the callback and the token request; the token opens the token tier', async () => {
    const visited: string[] = [];
    let opened = '';
    const { report, login: stored } = await login({
      url: rs.url,
      openUrl: async (u) => {
        opened = u;
        visited.push(...(await chromiumDriver(browser, u)));
      },
      timeoutMs: 20_000,
    });
    expect(report.failure).toBeNull();
    expect(report.ok).toBe(true);
    expect(report.steps.map((s) => `${s.step}:${s.status}`)).toEqual([
      'challenge:ok',
      'resource-metadata:ok',
      'as-metadata:ok',
      'client:ok',
      'authorization:ok',
      'callback:ok',
      'token:ok',
    ]);
    expect(report.client?.kind).toBe('dynamic-registration');
    expect(report.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    // The browser really went through the interaction pages and came back to the loopback callback.
    expect(visited.some((u) => u.includes('/interaction/'))).toBe(true);
    expect(visited.at(-1)).toContain('/callback?code=');
    // The authorization request carried PKCE S256, state, resource and the challenge's scope.
    const auth = new URL(opened);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('state')).toBeTruthy();
    expect(auth.searchParams.get('resource')).toBe(rs.url);
    expect(auth.searchParams.get('scope')).toBe('mcp:tools');
    expect(stored).not.toBeNull();
    const claims = decodeJwt(stored!.accessToken);
    expect(claims.aud).toBe(rs.url);
    expect(claims.iss).toBe(oidc.issuer);
    // No secret in the report: not the token, not the code, not the registration access token.
    const text = JSON.stringify(report);
    expect(text).not.toContain(stored!.accessToken);
    expect(text).not.toContain(stored!.registration!.accessToken);
    expect(text).not.toMatch(/code=[A-Za-z0-9_-]{20,}/);

    // Stored 0600, found again for the URL, and the scan's token tier runs with it.
    const file = join(dir, 'tokens.json');
    saveLogin(stored!, file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = findLogin(rs.url, file);
    expect(again?.issuer).toBe(oidc.issuer);
    const out = await scan({ url: rs.url, mode: 'safe', token: again!.accessToken, requestTimeoutMs: 5_000 });
    // ASM08 judges the token's audience: it has a verdict only in the token tier.
    const asm08 = out.results.filter((r) => r.checkId === 'MCPP-ASM08');
    expect(asm08.map((r) => r.status)).toEqual(['pass']);
    // With the token the endpoint serves tools/list (the echo tool of the fixture).
    expect(JSON.stringify(out.evidence)).toContain('"echo"');

    // The registered client is deleted through RFC 7592, and is gone afterwards.
    expect(await deleteRegisteredClient(stored!)).toBe(true);
    const after = await fetch(stored!.registration!.clientUri, {
      headers: { authorization: `Bearer ${stored!.registration!.accessToken}` },
    });
    expect(after.status).toBe(401);
  });
});
