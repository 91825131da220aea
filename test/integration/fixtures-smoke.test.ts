import { request } from 'undici';
import type { Dispatcher } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_AUTH_TOKEN, FIXTURE_FLAWS, startFixtureServer } from '../../src/demo/fixture-server.js';
import type { FixtureFlawName, FixtureOptions, FixtureServer } from '../../src/demo/fixture-server.js';
import { startSdk1 } from '../fixtures/servers/sdk1.js';
import { startSdk2 } from '../fixtures/servers/sdk2.js';

const BOTH = 'application/json, text/event-stream';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EVIL = 'https://evil.example';

interface Reply {
  status: number;
  headers: Record<string, string | undefined>;
  text: string;
}

function flatten(headers: Dispatcher.ResponseData['headers']): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers))
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

async function send(
  url: string,
  method: Dispatcher.HttpMethod,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Reply> {
  const res = await request(url, { method, headers, body });
  return { status: res.statusCode, headers: flatten(res.headers), text: await res.body.text() };
}

/** Drops a (possibly endless) response body; undici reports the abort as an error event. */
function drop(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined);
  body.destroy();
}

/** Status only, without draining the body: a GET may open a stream that never ends. */
async function statusOf(
  url: string,
  method: Dispatcher.HttpMethod,
  headers: Record<string, string>,
): Promise<number> {
  const res = await request(url, { method, headers });
  drop(res.body);
  return res.statusCode;
}

function post(url: string, message: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const base = { accept: BOTH, 'content-type': 'application/json' };
  return send(url, 'POST', { ...base, ...headers }, JSON.stringify(message));
}

function rpc(method: string, id = 1, params: Record<string, unknown> = {}): Record<string, unknown> {
  return { jsonrpc: '2.0', id, method, params };
}

function initialize(version = '2025-11-25', id = 1): Record<string, unknown> {
  return rpc('initialize', id, {
    protocolVersion: version,
    capabilities: {},
    clientInfo: { name: 't', version: '1' },
  });
}

interface SseEvent {
  id?: string;
  event?: string;
  data: string;
}

function parseSse(text: string): SseEvent[] {
  return text
    .split(/\n\n/)
    .filter((block) => /^(id|event|data):/m.test(block))
    .map((block) => {
      const event: SseEvent = { data: '' };
      for (const line of block.split('\n')) {
        const [, field, value = ''] = /^(\w+): ?(.*)$/.exec(line) ?? [];
        if (field === 'id') event.id = value;
        else if (field === 'event') event.event = value;
        else if (field === 'data') event.data = value;
      }
      return event;
    });
}

/** The JSON-RPC message(s) of a reply, whether sent as JSON or as SSE `message` events. */
function messages(reply: Reply): Record<string, unknown>[] {
  if (reply.headers['content-type']?.startsWith('text/event-stream')) {
    return parseSse(reply.text)
      .filter((e) => e.data !== '')
      .map((e) => JSON.parse(e.data) as Record<string, unknown>);
  }
  const parsed = JSON.parse(reply.text) as Record<string, unknown> | Record<string, unknown>[];
  return Array.isArray(parsed) ? parsed : [parsed];
}

function first(reply: Reply): Record<string, unknown> {
  const [message] = messages(reply);
  if (!message) throw new Error(`no JSON-RPC message in ${reply.text}`);
  return message;
}

function errorCode(reply: Reply): unknown {
  return (first(reply)['error'] as { code?: number } | undefined)?.code;
}

async function openSession(
  url: string,
  version = '2025-11-25',
): Promise<{ id: string; headers: Record<string, string> }> {
  const reply = await post(url, initialize(version));
  const id = reply.headers['mcp-session-id'];
  if (reply.status !== 200 || id === undefined)
    throw new Error(`initialize failed: ${reply.status} ${reply.text}`);
  return { id, headers: { 'mcp-session-id': id, 'mcp-protocol-version': version } };
}

/** Reads an open stream until `done` holds for the text so far, then drops the connection. */
async function readStream(
  body: Dispatcher.ResponseData['body'],
  done: (text: string) => boolean,
): Promise<string> {
  let text = '';
  for await (const chunk of body) {
    text += (chunk as Buffer).toString('utf8');
    if (done(text)) break;
  }
  drop(body);
  return text;
}

let servers: { close(): Promise<void> }[] = [];

async function fixture(opts: Partial<FixtureOptions> = {}): Promise<FixtureServer> {
  const server = await startFixtureServer(opts);
  servers.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

describe('fixture server, default (spec-correct) behaviour', () => {
  it('initializes with a UUID session and negotiates the version', async () => {
    const { url } = await fixture();
    const reply = await post(url, initialize());
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json');
    expect(reply.headers['mcp-session-id']).toMatch(UUID);
    expect(first(reply)['result']).toMatchObject({
      protocolVersion: '2025-11-25',
      capabilities: { tools: { listChanged: false }, prompts: {}, resources: {} },
      serverInfo: { name: 'mcp-posture-fixture', version: '1.0.0' },
      instructions: 'Fixture server.',
    });
    const older = first(await post(url, initialize('2025-06-18')));
    expect(older['result']).toMatchObject({ protocolVersion: '2025-06-18' });
    const unknown = first(await post(url, initialize('1900-01-01')));
    expect(unknown['result']).toMatchObject({ protocolVersion: '2025-11-25' });
  });

  it('enforces sessions: missing 400, unknown 404, terminated 404', async () => {
    const { url } = await fixture();
    const missing = await post(url, rpc('tools/list'));
    expect([missing.status, errorCode(missing)]).toEqual([400, -32000]);
    const unknown = await post(url, rpc('tools/list'), { 'mcp-session-id': 'no-such-session' });
    expect([unknown.status, errorCode(unknown)]).toEqual([404, -32001]);
    const session = await openSession(url);
    expect((await post(url, rpc('tools/list'), session.headers)).status).toBe(200);
    const deleted = await send(url, 'DELETE', session.headers);
    expect([deleted.status, deleted.text]).toEqual([200, '']);
    expect((await post(url, rpc('tools/list'), session.headers)).status).toBe(404);
    expect((await post(url, rpc('server/discover'))).status).toBe(400);
  });

  it('checks MCP-Protocol-Version, Accept, Content-Type and JSON', async () => {
    const { url } = await fixture();
    const { headers } = await openSession(url);
    const bad = await post(url, rpc('ping'), { ...headers, 'mcp-protocol-version': '1999-01-01' });
    expect(bad.status).toBe(400);
    const absent = await post(url, rpc('ping'), { 'mcp-session-id': headers['mcp-session-id'] ?? '' });
    expect(absent.status).toBe(200);
    expect((await post(url, rpc('ping'), { ...headers, accept: 'application/json' })).status).toBe(406);
    expect((await post(url, rpc('ping'), { ...headers, 'content-type': 'text/plain' })).status).toBe(415);
    const garbage = await send(
      url,
      'POST',
      { ...headers, accept: BOTH, 'content-type': 'application/json' },
      '{',
    );
    expect([garbage.status, first(garbage)['id'], errorCode(garbage)]).toEqual([400, null, -32700]);
  });

  it('rejects foreign Origin and Host with 403, allows loopback origins', async () => {
    const { url } = await fixture();
    const evil = await post(url, initialize(), { origin: EVIL });
    expect(evil.status).toBe(403);
    expect(first(evil)).not.toHaveProperty('id');
    expect((await post(url, initialize(), { origin: 'null' })).status).toBe(403);
    expect((await post(url, initialize(), { origin: 'http://localhost.evil.example' })).status).toBe(403);
    expect((await post(url, initialize(), { origin: 'http://localhost:5173' })).status).toBe(200);
    expect((await post(url, initialize(), { origin: 'http://[::1]:8080' })).status).toBe(200);
    expect((await post(url, initialize(), { host: 'evil.example' })).status).toBe(403);
    expect((await post(url, initialize(), { host: 'localhost:1234' })).status).toBe(200);
    const preflight = await send(url, 'OPTIONS', { origin: EVIL, 'access-control-request-method': 'POST' });
    expect(preflight.status).toBe(204);
    expect(Object.keys(preflight.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });

  it('answers notifications with 202 and batches by negotiated version', async () => {
    const { url } = await fixture();
    const modern = await openSession(url);
    const note = await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, modern.headers);
    expect([note.status, note.text]).toEqual([202, '']);
    const batch = [rpc('ping', 1), rpc('tools/list', 2)];
    const rejected = await post(url, batch, modern.headers);
    expect([rejected.status, errorCode(rejected)]).toEqual([400, -32600]);
    const old = await openSession(url, '2025-03-26');
    const accepted = await post(url, batch, old.headers);
    expect(accepted.status).toBe(200);
    expect(messages(accepted).map((m) => m['id'])).toEqual([1, 2]);
  });

  it('serves methods with pagination and JSON-RPC errors', async () => {
    const { url } = await fixture({ tools: 3, pageSize: 2 });
    const { headers } = await openSession(url);
    const page1 = first(await post(url, rpc('tools/list'), headers))['result'] as Record<string, unknown>;
    expect((page1['tools'] as unknown[]).length).toBe(2);
    const cursor = page1['nextCursor'];
    const page2 = first(await post(url, rpc('tools/list', 2, { cursor }), headers))['result'];
    expect(page2).toMatchObject({ tools: [{ name: 'tool_003' }] });
    expect(page2).not.toHaveProperty('nextCursor');
    expect(errorCode(await post(url, rpc('tools/list', 3, { cursor: '!!bogus' }), headers))).toBe(-32602);
    expect(errorCode(await post(url, rpc('tools/call', 4, { name: 'nope' }), headers))).toBe(-32602);
    expect(errorCode(await post(url, rpc('server/discover', 5), headers))).toBe(-32601);
    for (const method of ['prompts/list', 'resources/list', 'resources/templates/list', 'ping']) {
      expect(first(await post(url, rpc(method), headers))).toHaveProperty('result');
    }
  });

  it('has two default tools', async () => {
    const { url } = await fixture();
    const { headers } = await openSession(url);
    const result = first(await post(url, rpc('tools/list'), headers))['result'];
    expect(result).toMatchObject({
      tools: [{ name: 'echo', annotations: { readOnlyHint: true } }, { name: 'get_time' }],
    });
    const echo = first(
      await post(url, rpc('tools/call', 2, { name: 'echo', arguments: { text: 'hi' } }), headers),
    );
    expect(echo['result']).toMatchObject({ content: [{ type: 'text', text: 'hi' }] });
  });

  it('replies over SSE with a priming event for 2025-11-25 sessions only', async () => {
    const { url } = await fixture({ responseMode: 'sse' });
    const reply = await post(url, initialize());
    expect(reply.headers['content-type']).toBe('text/event-stream');
    const [priming, message] = parseSse(reply.text);
    expect(priming).toEqual({ id: '1', data: '' });
    expect(message).toMatchObject({ id: '2', event: 'message' });
    const old = parseSse((await post(url, initialize('2025-06-18'))).text);
    expect(old.map((e) => e.event)).toEqual(['message']);
  });

  it('opens a GET stream (or 405) and routes other paths and methods', async () => {
    const server = await fixture();
    const { headers } = await openSession(server.url);
    const stream = await request(server.url, {
      method: 'GET',
      headers: { ...headers, accept: 'text/event-stream' },
    });
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream');
    expect(await readStream(stream.body, (t) => t.includes(': keep-alive'))).toContain(': keep-alive');
    expect((await send(server.url, 'GET', { accept: 'application/json', ...headers })).status).toBe(406);
    expect((await send(server.url, 'GET', { accept: 'text/event-stream' })).status).toBe(400);
    expect((await send(server.url, 'PUT', headers)).status).toBe(405);
    const other = await send(`${server.origin}/other`, 'GET');
    expect([other.status, other.text]).toEqual([404, 'Not found']);
    const no = await fixture({ getMode: '405' });
    const refused = await send(no.url, 'GET', { accept: 'text/event-stream' });
    expect([refused.status, refused.headers['allow']]).toEqual([405, 'POST, DELETE']);
  });

  it('close() ends open SSE streams promptly', async () => {
    const server = await startFixtureServer();
    const { headers } = await openSession(server.url);
    const stream = await request(server.url, {
      method: 'GET',
      headers: { ...headers, accept: 'text/event-stream' },
    });
    const started = Date.now();
    await server.close();
    // An open stream left alone would hold close() until the test's own timeout.
    expect(Date.now() - started).toBeLessThan(3000);
    await stream.body.text().catch(() => '');
    expect(server.stats().requests).toBe(2);
  });
});

describe('fixture server, HTTP+SSE transport', () => {
  it('announces the endpoint and answers on the stream', async () => {
    const server = await fixture({ transport: 'http+sse' });
    expect(server.url).toBe(`${server.origin}/sse`);
    const stream = await request(server.url, { method: 'GET', headers: { accept: 'text/event-stream' } });
    const chunks = stream.body[Symbol.asyncIterator]();
    let text = '';
    const until = async (needle: string) => {
      while (!text.includes(needle)) text += ((await chunks.next()).value as Buffer).toString('utf8');
    };
    await until('\n\n');
    const [endpoint] = parseSse(text);
    expect(endpoint?.event).toBe('endpoint');
    expect(endpoint?.data).toMatch(/^\/messages\?sessionId=[0-9a-f-]{36}$/);
    const accepted = await post(new URL(endpoint?.data ?? '', server.origin).href, initialize('2025-06-18'));
    expect([accepted.status, accepted.text]).toEqual([202, 'Accepted']);
    await until('event: message');
    await until('\n\n');
    const reply = parseSse(text).find((e) => e.event === 'message');
    expect(JSON.parse(reply?.data ?? '{}')).toMatchObject({
      id: 1,
      result: { protocolVersion: '2024-11-05' },
    });
    drop(stream.body);
    expect((await post(`${server.origin}/messages?sessionId=nope`, rpc('ping'))).status).toBe(404);
    expect((await post(server.url, rpc('ping'))).status).toBe(405);
    expect((await post(`${server.origin}/mcp`, initialize())).status).toBe(404);
  });
});

type FlawCheck = { extra?: Partial<FixtureOptions>; check(server: FixtureServer): Promise<void> };

async function sseEndpoint(server: FixtureServer): Promise<string> {
  const stream = await request(server.url, { method: 'GET', headers: { accept: 'text/event-stream' } });
  return parseSse(await readStream(stream.body, (t) => t.includes('\n\n')))[0]?.data ?? '';
}

// Each check asserts the one behaviour its flaw flips; the default tests above assert the opposite.
const FLAW_CHECKS: Record<FixtureFlawName, FlawCheck> = {
  originNotValidated: {
    check: async ({ url }) => expect((await post(url, initialize(), { origin: EVIL })).status).toBe(200),
  },
  hostNotValidated: {
    check: async ({ url }) =>
      expect((await post(url, initialize(), { host: 'evil.example' })).status).toBe(200),
  },
  terminatedSession400: {
    check: async ({ url }) =>
      expect((await post(url, rpc('ping'), { 'mcp-session-id': 'nope' })).status).toBe(400),
  },
  sessionAliveAfterDelete: {
    check: async ({ url }) => {
      const { headers } = await openSession(url);
      expect((await send(url, 'DELETE', headers)).status).toBe(200);
      expect((await post(url, rpc('ping'), headers)).status).toBe(200);
    },
  },
  acceptClientChosenSession: {
    check: async ({ url }) =>
      expect((await post(url, rpc('ping'), { 'mcp-session-id': 'mine' })).status).toBe(200),
  },
  acceptUnsupportedVersion: {
    check: async ({ url }) => {
      const { headers } = await openSession(url);
      expect(
        (await post(url, rpc('ping'), { ...headers, 'mcp-protocol-version': '1999-01-01' })).status,
      ).toBe(200);
    },
  },
  batchOnModernSessions: {
    check: async ({ url }) => {
      const { headers } = await openSession(url);
      expect(messages(await post(url, [rpc('ping', 1), rpc('ping', 2)], headers))).toHaveLength(2);
    },
  },
  rejectBatchOn0326: {
    check: async ({ url }) => {
      const { id } = await openSession(url, '2025-03-26');
      const reply = await post(url, [rpc('ping', 1), rpc('ping', 2)], { 'mcp-session-id': id });
      expect(reply.status).toBe(400);
    },
  },
  notificationStatus500: {
    check: async ({ url }) => {
      const { headers } = await openSession(url);
      const reply = await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers);
      expect([reply.status, reply.text]).toEqual([500, '']);
    },
  },
  notificationStatus200: {
    check: async ({ url }) => {
      const { headers } = await openSession(url);
      const reply = await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers);
      expect([reply.status, reply.text]).toEqual([200, '']);
    },
  },
  getReturns404: {
    check: async ({ url }) => {
      const { headers } = await openSession(url);
      expect(await statusOf(url, 'GET', { ...headers, accept: 'text/event-stream' })).toBe(404);
    },
  },
  corsReflectOrigin: {
    check: async ({ url }) => {
      const preflight = await send(url, 'OPTIONS', { origin: EVIL, 'access-control-request-method': 'POST' });
      expect(preflight.headers['access-control-allow-origin']).toBe(EVIL);
      expect(preflight.headers['access-control-allow-credentials']).toBe('true');
      expect((await post(url, initialize(), { origin: EVIL })).status).toBe(403);
    },
  },
  corsWildcard: {
    check: async ({ url }) =>
      expect((await post(url, initialize())).headers['access-control-allow-origin']).toBe('*'),
  },
  sequentialSessionIds: {
    check: async ({ url }) =>
      expect([(await openSession(url)).id, (await openSession(url)).id]).toEqual(['1', '2']),
  },
  nonAsciiSessionId: {
    check: async ({ url }) => expect((await openSession(url)).id).toMatch(/[^\x21-\x7e]/),
  },
  prefixedSessionIds: {
    check: async ({ url }) => expect((await openSession(url)).id).toMatch(/^mcp-session-[0-9a-f-]{36}$/),
  },
  missingSessionServed: {
    check: async ({ url }) => {
      await openSession(url);
      expect((await post(url, rpc('ping'))).status).toBe(200);
    },
  },
  wrongContentType: {
    check: async ({ url }) =>
      expect((await post(url, initialize())).headers['content-type']).toBe('text/plain'),
  },
  malformedJsonRpc: {
    check: async ({ url }) => expect(first(await post(url, initialize()))).not.toHaveProperty('jsonrpc'),
  },
  noPriming: {
    extra: { responseMode: 'sse' },
    check: async ({ url }) =>
      expect(parseSse((await post(url, initialize())).text)[0]?.event).toBe('message'),
  },
  duplicateEventIds: {
    extra: { responseMode: 'sse' },
    check: async ({ url }) => {
      const { headers } = await openSession(url);
      const ids = parseSse((await post(url, rpc('ping'), headers)).text).map((e) => e.id);
      expect(ids).toEqual(['1', '1']);
    },
  },
  statelessNoSessions: {
    check: async ({ url }) => {
      expect((await post(url, initialize())).headers['mcp-session-id']).toBeUndefined();
      expect((await post(url, rpc('ping'), { 'mcp-session-id': 'whatever' })).status).toBe(200);
    },
  },
  versionEchoAny: {
    check: async ({ url }) =>
      expect(first(await post(url, initialize('1900-01-01')))['result']).toMatchObject({
        protocolVersion: '1900-01-01',
      }),
  },
  requireAuth: {
    check: async ({ url, origin }) => {
      const denied = await post(url, initialize());
      expect([denied.status, denied.text]).toEqual([401, '']);
      const challenge = `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`;
      expect(denied.headers['www-authenticate']).toBe(challenge);
      expect((await post(url, initialize(), { authorization: `Bearer ${FIXTURE_AUTH_TOKEN}` })).status).toBe(
        200,
      );
    },
  },
  endpointCrossOrigin: {
    check: async (server) =>
      expect(await sseEndpoint(server)).toMatch(/^http:\/\/localhost:1\/messages\?sessionId=/),
  },
  endpointWithToken: {
    check: async (server) => expect(await sseEndpoint(server)).toMatch(/&access_token=secret123$/),
  },
  sseBadSessionAccepted: {
    check: async ({ origin }) =>
      expect((await post(`${origin}/messages?sessionId=nope`, rpc('ping'))).status).toBe(202),
  },
  unknownToolResult: {
    check: async ({ url }) => {
      const { headers } = await openSession(url);
      const reply = first(await post(url, rpc('tools/call', 2, { name: 'nope', arguments: {} }), headers));
      expect(reply['error']).toBeUndefined();
      expect(reply['result']).toMatchObject({ isError: true });
    },
  },
  cursorIgnored: {
    check: async ({ url }) => {
      const { headers } = await openSession(url);
      const reply = first(await post(url, rpc('tools/list', 2, { cursor: 'bogus' }), headers));
      expect(reply['result']).toMatchObject({ tools: [{ name: 'echo' }, { name: 'get_time' }] });
    },
  },
};

describe('fixture server, flaws', () => {
  it('lists every flaw once', () => {
    expect(FIXTURE_FLAWS.map((f) => f.name).sort()).toEqual(Object.keys(FLAW_CHECKS).sort());
  });

  it.each(FIXTURE_FLAWS.map((f) => [f.name, f] as const))('%s', async (name, flaw) => {
    const entry = FLAW_CHECKS[name];
    await entry.check(await fixture({ ...flaw.options, ...entry.extra }));
  });
});

describe('SDK 1.x target', () => {
  it.each([
    ['json', 'application/json'],
    ['sse', 'text/event-stream'],
  ] as const)('initializes in %s mode with a session', async (responseMode, contentType) => {
    const server = await startSdk1({ responseMode, hostValidation: true });
    servers.push(server);
    const reply = await post(server.url, initialize());
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toContain(contentType);
    expect(reply.headers['mcp-session-id']).toMatch(UUID);
    expect(first(reply)['result']).toMatchObject({ protocolVersion: '2025-11-25' });
    const { headers } = await openSession(server.url);
    expect(first(await post(server.url, rpc('tools/list', 2), headers))['result']).toMatchObject({
      tools: [{ name: 'echo' }, { name: 'get_time' }],
    });
  });

  it('validates Host only with createMcpExpressApp', async () => {
    const guarded = await startSdk1({ responseMode: 'json', hostValidation: true });
    const open = await startSdk1({ responseMode: 'json', hostValidation: false });
    servers.push(guarded, open);
    expect((await post(guarded.url, initialize(), { host: 'evil.example' })).status).toBe(403);
    expect((await post(open.url, initialize(), { host: 'evil.example' })).status).toBe(200);
    expect((await post(guarded.url, rpc('ping'), { 'mcp-session-id': 'nope' })).status).toBe(404);
  });
});

describe('SDK 2.x target', () => {
  const META = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  const MODERN = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover' };

  describe.each([
    ['express', 'stateless'],
    ['node', 'reject'],
  ] as const)('%s adapter, legacy %s', (variant, legacy) => {
    let server: { url: string; close(): Promise<void> };
    beforeAll(async () => {
      server = await startSdk2({ variant, legacy });
    });
    afterAll(() => server.close());

    it('answers server/discover and refuses GET', async () => {
      const reply = await post(server.url, rpc('server/discover', 1, { _meta: META }), MODERN);
      expect(reply.status).toBe(200);
      expect(first(reply)['result']).toMatchObject({ supportedVersions: ['2026-07-28'] });
      expect(await statusOf(server.url, 'GET', { accept: 'text/event-stream' })).toBe(405);
    });

    it('validates Origin and handles a legacy initialize', async () => {
      expect(
        (await post(server.url, rpc('server/discover', 1, { _meta: META }), { ...MODERN, origin: EVIL }))
          .status,
      ).toBe(403);
      const init = await post(server.url, initialize());
      if (legacy === 'reject') {
        expect([init.status, errorCode(init)]).toEqual([400, -32022]);
      } else {
        expect(init.status).toBe(200);
        expect(init.headers['mcp-session-id']).toBeUndefined();
      }
    });
  });
});
