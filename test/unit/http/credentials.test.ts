import { describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../src/probe/http/types.js';
import { closedAfterEach, get, httpServer } from './servers.js';
import type { TestServer } from './servers.js';

const TOKEN = 'tok-9f8e7d6c5b4a';
const API_KEY = 'key-0a1b2c3d4e5f';

const { serve, openClient } = closedAfterEach();

/** Echoes every credential it receives back in headers and body — as a hostile server might. */
function echoServer(): Promise<TestServer> {
  return serve(
    httpServer((req, res) => {
      const auth = req.headers['authorization'] ?? '';
      const key = String(req.headers['x-api-key'] ?? '');
      res.setHeader('x-echo-auth', auth);
      res.setHeader(
        'www-authenticate',
        `Bearer error="invalid_token", token="${auth.replace(/^Bearer /, '')}"`,
      );
      res.setHeader('set-cookie', `session=${key}`);
      res.end(JSON.stringify({ auth, key, url: req.url }));
    }),
  );
}

const client = (origin: string): HttpClient =>
  openClient({
    target: new URL(`${origin}/mcp`),
    allowPrivate: false,
    credentials: { origin, headers: { Authorization: `Bearer ${TOKEN}`, 'X-Api-Key': API_KEY } },
  });

describe('credentials', () => {
  it('are attached to the exact origin only', async () => {
    const target = await echoServer();
    const other = await echoServer();
    const c = client(target.origin);

    const own = await c.send(get(`${target.origin}/mcp`));
    expect(own.response?.status).toBe(200);
    expect(target.seen[0]?.headers['authorization']).toBe(`Bearer ${TOKEN}`);
    expect(target.seen[0]?.headers['x-api-key']).toBe(API_KEY);

    // Same host, different port: a different origin.
    await c.send(get(`${other.origin}/mcp`, { source: 'learned' }));
    await c.send(get(`${other.origin}/mcp`));
    // Same host and port, different scheme spelling is not tried; localhost is a different host.
    await c.send(get(`http://localhost:${target.port}/mcp`, { source: 'learned' }));
    expect(other.seen).toHaveLength(2);
    for (const seen of [...other.seen, target.seen[1]]) {
      expect(seen?.headers['authorization']).toBeUndefined();
      expect(seen?.headers['x-api-key']).toBeUndefined();
    }
  });

  it('are withheld when attachCredentials is false, and a probe header wins', async () => {
    const target = await echoServer();
    const c = client(target.origin);
    await c.send(get(`${target.origin}/mcp`, { attachCredentials: false }));
    expect(target.seen[0]?.headers['authorization']).toBeUndefined();
    expect(target.seen[0]?.headers['x-api-key']).toBeUndefined();
    await c.send(
      get(`${target.origin}/mcp`, {
        attachCredentials: false,
        headers: { Authorization: 'Bearer bogus-probe' },
      }),
    );
    expect(target.seen[1]?.headers['authorization']).toBe('Bearer bogus-probe');
    expect(c.exchanges()[1]?.request.headers['authorization']).toBe('Bearer [REDACTED]');
  });

  it('never appear in recorded exchanges, even when echoed back', async () => {
    const target = await echoServer();
    const c = client(target.origin);
    const r = await c.send(
      get(`${target.origin}/mcp?access_token=${TOKEN}`, {
        method: 'POST',
        body: JSON.stringify({ token: TOKEN, key: API_KEY }),
        headers: { 'content-type': 'application/json', cookie: 'sid=abc123' },
      }),
    );
    // The probe still sees the raw answer (for parsing) ...
    expect(r.response?.text).toContain(TOKEN);
    // ... but the record is clean.
    const json = JSON.stringify(c.exchanges());
    expect(json).not.toContain(TOKEN);
    expect(json).not.toContain(API_KEY);
    expect(json).not.toContain('abc123');
    const [x] = c.exchanges();
    expect(x?.request.headers['authorization']).toBe('Bearer [REDACTED]');
    expect(x?.request.headers['x-api-key']).toBe('[REDACTED]');
    expect(x?.request.headers['cookie']).toBe('[REDACTED]');
    expect(x?.request.url).toContain('access_token=[REDACTED]');
    expect(x?.response?.headers['x-echo-auth']).toEqual(['[REDACTED]']);
    expect(x?.response?.headers['www-authenticate']?.[0]).toContain('error="invalid_token"');
    expect(x?.response?.headers['set-cookie']).toEqual(['[REDACTED]']);
    expect(x?.response?.body).toContain('[REDACTED]');
  });

  it('a secret cut in half by the size cap is scrubbed too', async () => {
    const s = await serve(httpServer((_req, res) => res.end(`xxxx${TOKEN}`)));
    const c = client(s.origin);
    const r = await c.send(get(`${s.origin}/`, { maxBodyBytes: 4 + TOKEN.length - 3 }));
    expect(r.error?.code).toBe('too-large');
    const body = c.exchanges()[0]?.response?.body ?? '';
    expect(body).toBe('xxxx[REDACTED]');
  });
});
