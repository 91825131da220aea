/**
 * The resource-server fixture's token-tier behaviours, checked directly with
 * plain fetch against the real servers (oidc-provider as the AS, the SDK 1.x
 * resource server): the good configuration refuses every token trick, and each
 * flaw switches exactly its own behaviour to "served" (or to its flawed
 * step-up challenge), the other probes answering as in the good configuration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnsecuredJWT } from 'jose';

import { clientCredentialsToken, startOidcProvider } from '../fixtures/servers/oidc.js';
import type { OidcServer } from '../fixtures/servers/oidc.js';
import { startResourceServer } from '../fixtures/servers/resource-server.js';
import type { ResourceServer, ResourceServerFlaws } from '../fixtures/servers/resource-server.js';

const VERSION = '2025-11-25';
const FOREIGN_RESOURCE = 'http://127.0.0.1:1/other';
const GARBAGE = 'not-a-real-token';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: VERSION, capabilities: {}, clientInfo: { name: 't', version: '1' } },
};
const INITIALIZED = { jsonrpc: '2.0', method: 'notifications/initialized' };
const TOOLS_LIST = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };

interface Reply {
  readonly status: number;
  readonly challenge: string | null;
  readonly sessionId: string | null;
  readonly contentType: string | null;
  readonly body: unknown;
}

async function send(
  url: string,
  opts: { method?: string; body?: unknown; token?: string; sessionId?: string } = {},
): Promise<Reply> {
  const res = await fetch(url, {
    method: opts.method ?? 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(opts.token !== undefined ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.sessionId !== undefined
        ? { 'mcp-session-id': opts.sessionId, 'mcp-protocol-version': VERSION }
        : {}),
    },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  const text = await res.text();
  return {
    status: res.status,
    challenge: res.headers.get('www-authenticate'),
    sessionId: res.headers.get('mcp-session-id'),
    contentType: res.headers.get('content-type'),
    body: text === '' ? null : (JSON.parse(text) as unknown),
  };
}

/** Opens a session with `token` and completes the handshake; returns the session ID. */
async function openSession(url: string, token: string): Promise<string> {
  const init = await send(url, { body: INITIALIZE, token });
  expect(init.status).toBe(200);
  expect(init.sessionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(init.body).toMatchObject({ jsonrpc: '2.0', id: 1, result: { protocolVersion: VERSION } });
  const sessionId = init.sessionId as string;
  const ack = await send(url, { body: INITIALIZED, token, sessionId });
  expect(ack.status).toBe(202);
  expect(ack.body).toBeNull();
  return sessionId;
}

/** An unsigned JWT (`alg: none`, empty signature) claiming `iss` and `aud`. */
function unsignedJwt(iss: string, aud: string | string[], scope = 'mcp:tools'): string {
  return new UnsecuredJWT({ scope, client_id: 'forger' })
    .setIssuer(iss)
    .setAudience(aud)
    .setIssuedAt()
    .setExpirationTime('10m')
    .encode();
}

// --- Expected answers ----------------------------------------------------------------------

function expectServed(r: Reply): void {
  expect(r.status).toBe(200);
  expect(r.challenge).toBeNull();
  expect(r.body).toEqual({
    jsonrpc: '2.0',
    id: 2,
    result: {
      tools: [
        {
          name: 'echo',
          description: 'Returns the text it is given',
          inputSchema: expect.objectContaining({ type: 'object' }) as unknown,
          execution: { taskSupport: 'forbidden' },
        },
      ],
    },
  });
}

/** The fixture's own 401 for a request without credentials (no `error`). */
function expectNoCredentials(r: Reply, rs: ResourceServer): void {
  expect(r.status).toBe(401);
  expect(r.challenge).toBe(`Bearer resource_metadata="${rs.prmUrl}", scope="mcp:tools"`);
  expect(r.body).toEqual({ error: 'unauthorized', error_description: 'Authorization required' });
}

/** The SDK's 401 for a token the verifier refuses. */
function expectInvalidToken(r: Reply, rs: ResourceServer, reason: string): void {
  const description = `Invalid token: ${reason}`;
  expect(r.status).toBe(401);
  expect(r.challenge).toBe(
    `Bearer error="invalid_token", error_description="${description}", scope="mcp:tools", ` +
      `resource_metadata="${rs.prmUrl}"`,
  );
  expect(r.body).toEqual({ error: 'invalid_token', error_description: description });
}

const INSUFFICIENT = { error: 'insufficient_scope', error_description: 'Insufficient scope' };

/** SDK 1.x's step-up answer, kept as the good configuration (MCP 2025-11-25 runtime insufficient scope). */
function expectStepUp(r: Reply, rs: ResourceServer): void {
  expect(r.status).toBe(403);
  expect(r.challenge).toBe(
    `Bearer error="insufficient_scope", error_description="Insufficient scope", scope="mcp:tools", ` +
      `resource_metadata="${rs.prmUrl}"`,
  );
  expect(r.body).toEqual(INSUFFICIENT);
}

function expectStepUpAs401(r: Reply, rs: ResourceServer): void {
  expect(r.status).toBe(401);
  expect(r.challenge).toBe(
    `Bearer error="insufficient_scope", error_description="Insufficient scope", scope="mcp:tools", ` +
      `resource_metadata="${rs.prmUrl}"`,
  );
  expect(r.body).toEqual(INSUFFICIENT);
}

function expectStepUpNoScope(r: Reply, rs: ResourceServer): void {
  expect(r.status).toBe(403);
  expect(r.challenge).toBe(
    `Bearer error="insufficient_scope", error_description="Insufficient scope", ` +
      `resource_metadata="${rs.prmUrl}"`,
  );
  expect(r.body).toEqual(INSUFFICIENT);
}

// --- Servers -------------------------------------------------------------------------------

let oidc: OidcServer;
let foreignToken: string;

beforeAll(async () => {
  oidc = await startOidcProvider({ toggles: { cc: true } });
  foreignToken = await clientCredentialsToken(oidc.issuer, FOREIGN_RESOURCE);
});

afterAll(async () => {
  await oidc?.close();
});

interface Tokens {
  /** Right audience, `mcp:tools mcp:resources`. */
  readonly valid: string;
  /** Right audience, `mcp:resources` only. */
  readonly narrow: string;
  /** `alg: none`, right issuer and audience. */
  readonly unsigned: string;
}

/** One resource server (with its tokens) per describe block, closed in its afterAll. */
function useServer(opts: { stateful?: boolean; flaws?: ResourceServerFlaws }) {
  const ctx = {} as { rs: ResourceServer; tokens: Tokens };
  beforeAll(async () => {
    ctx.rs = await startResourceServer({ issuer: oidc.issuer, ...opts });
    ctx.tokens = {
      valid: await clientCredentialsToken(oidc.issuer, ctx.rs.url, 'mcp:tools mcp:resources'),
      narrow: await clientCredentialsToken(oidc.issuer, ctx.rs.url, 'mcp:resources'),
      unsigned: unsignedJwt(oidc.issuer, ctx.rs.url),
    };
  });
  afterAll(async () => {
    await ctx.rs?.close();
  });
  return ctx;
}

// --- Stateless: one probe per token trick, for the good configuration and each flaw ---------

type Probe = 'valid' | 'noToken' | 'garbage' | 'foreignAudience' | 'queryToken' | 'unsignedJwt' | 'narrow';
type Outcome = 'served' | 'noCredentials' | 'invalidToken' | 'stepUp' | 'stepUpAs401' | 'stepUpNoScope';

/** Why the verifier refuses each token (jose's message through the fixture's InvalidTokenError). */
const REASON: Partial<Record<Probe, string>> = {
  garbage: 'Invalid Compact JWS',
  foreignAudience: 'unexpected "aud" claim value',
  unsignedJwt: 'Unsupported "alg" value for a JSON Web Key Set',
};

const GOOD: Record<Probe, Outcome> = {
  valid: 'served',
  noToken: 'noCredentials',
  garbage: 'invalidToken',
  foreignAudience: 'invalidToken',
  queryToken: 'noCredentials',
  unsignedJwt: 'invalidToken',
  narrow: 'stepUp',
};

const CONFIGS: readonly {
  name: string;
  flaws: ResourceServerFlaws;
  changes: Partial<Record<Probe, Outcome>>;
}[] = [
  { name: 'good configuration', flaws: {}, changes: {} },
  { name: 'noAudienceCheck', flaws: { noAudienceCheck: true }, changes: { foreignAudience: 'served' } },
  { name: 'queryToken', flaws: { queryToken: true }, changes: { queryToken: 'served' } },
  { name: 'acceptsUnsignedJwt', flaws: { acceptsUnsignedJwt: true }, changes: { unsignedJwt: 'served' } },
  { name: 'stepUpAs401', flaws: { stepUpAs401: true }, changes: { narrow: 'stepUpAs401' } },
  { name: 'stepUpNoScope', flaws: { stepUpNoScope: true }, changes: { narrow: 'stepUpNoScope' } },
];

const PROBES = Object.keys(GOOD) as Probe[];

describe.each(CONFIGS)('stateless, $name', ({ flaws, changes }) => {
  const ctx = useServer({ flaws });

  const request = (probe: Probe): Promise<Reply> => {
    const { rs, tokens } = ctx;
    switch (probe) {
      case 'valid':
        return send(rs.url, { body: TOOLS_LIST, token: tokens.valid });
      case 'noToken':
        return send(rs.url, { body: TOOLS_LIST });
      case 'garbage':
        return send(rs.url, { body: TOOLS_LIST, token: GARBAGE });
      case 'foreignAudience':
        return send(rs.url, { body: TOOLS_LIST, token: foreignToken });
      case 'queryToken':
        return send(`${rs.url}?access_token=${encodeURIComponent(tokens.valid)}`, { body: TOOLS_LIST });
      case 'unsignedJwt':
        return send(rs.url, { body: TOOLS_LIST, token: tokens.unsigned });
      case 'narrow':
        return send(rs.url, { body: TOOLS_LIST, token: tokens.narrow });
    }
  };

  it.each(PROBES)('%s', async (probe) => {
    const outcome = changes[probe] ?? GOOD[probe];
    const r = await request(probe);
    switch (outcome) {
      case 'served':
        return expectServed(r);
      case 'noCredentials':
        return expectNoCredentials(r, ctx.rs);
      case 'invalidToken':
        return expectInvalidToken(r, ctx.rs, REASON[probe] as string);
      case 'stepUp':
        return expectStepUp(r, ctx.rs);
      case 'stepUpAs401':
        return expectStepUpAs401(r, ctx.rs);
      case 'stepUpNoScope':
        return expectStepUpNoScope(r, ctx.rs);
    }
  });
});

// --- Flaw details beyond the matrix ----------------------------------------------------------

describe('queryToken details', () => {
  const ctx = useServer({ flaws: { queryToken: true } });

  it('verifies the query token: garbage and foreign-audience tokens are refused', async () => {
    const { rs } = ctx;
    expectInvalidToken(
      await send(`${rs.url}?access_token=${GARBAGE}`, { body: TOOLS_LIST }),
      rs,
      'Invalid Compact JWS',
    );
    expectInvalidToken(
      await send(`${rs.url}?access_token=${encodeURIComponent(foreignToken)}`, { body: TOOLS_LIST }),
      rs,
      'unexpected "aud" claim value',
    );
  });

  it('lets the Authorization header win over the query parameter', async () => {
    const { rs, tokens } = ctx;
    const r = await send(`${rs.url}?access_token=${encodeURIComponent(tokens.valid)}`, {
      body: TOOLS_LIST,
      token: GARBAGE,
    });
    expectInvalidToken(r, rs, 'Invalid Compact JWS');
  });
});

describe('acceptsUnsignedJwt details', () => {
  const ctx = useServer({ flaws: { acceptsUnsignedJwt: true } });

  it('accepts an aud array containing the resource', async () => {
    const { rs } = ctx;
    const token = unsignedJwt(oidc.issuer, [FOREIGN_RESOURCE, rs.url]);
    expectServed(await send(rs.url, { body: TOOLS_LIST, token }));
  });

  it('still checks the issuer and the audience of an unsigned JWT', async () => {
    const { rs } = ctx;
    const wrongIss = unsignedJwt('http://127.0.0.1:1', rs.url);
    expectInvalidToken(
      await send(rs.url, { body: TOOLS_LIST, token: wrongIss }),
      rs,
      'unexpected "iss" claim value',
    );
    const wrongAud = unsignedJwt(oidc.issuer, FOREIGN_RESOURCE);
    expectInvalidToken(
      await send(rs.url, { body: TOOLS_LIST, token: wrongAud }),
      rs,
      'unexpected "aud" claim value',
    );
  });

  it('refuses a token with alg none but a signature', async () => {
    const { rs, tokens } = ctx;
    const token = `${tokens.unsigned}c2ln`;
    expectInvalidToken(await send(rs.url, { body: TOOLS_LIST, token }), rs, 'Invalid Unsecured JWT');
  });

  it('applies the scope check to an unsigned JWT too', async () => {
    const { rs } = ctx;
    const token = unsignedJwt(oidc.issuer, rs.url, 'mcp:resources');
    expectStepUp(await send(rs.url, { body: TOOLS_LIST, token }), rs);
  });
});

describe('stepUp flaws leave the rest of the step-up to the SDK', () => {
  const ctx = useServer({ flaws: { stepUpNoScope: true } });

  it('an unsigned narrow token is still an invalid token, not a step-up', async () => {
    const { rs } = ctx;
    const token = unsignedJwt(oidc.issuer, rs.url, 'mcp:resources');
    expectInvalidToken(
      await send(rs.url, { body: TOOLS_LIST, token }),
      rs,
      'Unsupported "alg" value for a JSON Web Key Set',
    );
  });
});

// --- Stateful ------------------------------------------------------------------------------

describe('stateful, good configuration', () => {
  const ctx = useServer({ stateful: true });

  it('serves a session opened and used with a valid token', async () => {
    const { rs, tokens } = ctx;
    const sessionId = await openSession(rs.url, tokens.valid);
    expectServed(await send(rs.url, { body: TOOLS_LIST, token: tokens.valid, sessionId }));
  });

  it('refuses a live session ID without a token, or with a garbage token', async () => {
    const { rs, tokens } = ctx;
    const sessionId = await openSession(rs.url, tokens.valid);
    expectNoCredentials(await send(rs.url, { body: TOOLS_LIST, sessionId }), rs);
    expectInvalidToken(
      await send(rs.url, { body: TOOLS_LIST, token: GARBAGE, sessionId }),
      rs,
      'Invalid Compact JWS',
    );
    expectNoCredentials(await send(rs.url, { method: 'DELETE', sessionId }), rs);
    expectNoCredentials(await send(rs.url, { method: 'GET', sessionId }), rs);
    // The session survived the refused DELETE.
    expectServed(await send(rs.url, { body: TOOLS_LIST, token: tokens.valid, sessionId }));
  });

  it('still refuses a narrow token on a live session with the step-up challenge', async () => {
    const { rs, tokens } = ctx;
    const sessionId = await openSession(rs.url, tokens.valid);
    expectStepUp(await send(rs.url, { body: TOOLS_LIST, token: tokens.narrow, sessionId }), rs);
  });

  it('answers an unknown session ID with the SDK 404, and a missing one with 400', async () => {
    const { rs, tokens } = ctx;
    const unknown = await send(rs.url, {
      body: TOOLS_LIST,
      token: tokens.valid,
      sessionId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      jsonrpc: '2.0',
      error: { code: -32001, message: 'Session not found' },
      id: null,
    });
    const missing = await send(rs.url, { body: TOOLS_LIST, token: tokens.valid });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Bad Request: No valid session ID provided' },
      id: null,
    });
  });

  it('hands GET to the session transport (SSE stream) and ends the session on DELETE', async () => {
    const { rs, tokens } = ctx;
    const sessionId = await openSession(rs.url, tokens.valid);
    const ac = new AbortController();
    const get = await fetch(rs.url, {
      headers: {
        accept: 'text/event-stream',
        authorization: `Bearer ${tokens.valid}`,
        'mcp-session-id': sessionId,
        'mcp-protocol-version': VERSION,
      },
      signal: ac.signal,
    });
    expect(get.status).toBe(200);
    expect(get.headers.get('content-type')).toBe('text/event-stream');
    ac.abort();

    const del = await send(rs.url, { method: 'DELETE', token: tokens.valid, sessionId });
    expect(del.status).toBe(200);
    expect(del.body).toBeNull();
    const after = await send(rs.url, { body: TOOLS_LIST, token: tokens.valid, sessionId });
    expect(after.status).toBe(404);
    expect(after.body).toEqual({
      jsonrpc: '2.0',
      error: { code: -32001, message: 'Session not found' },
      id: null,
    });
  });
});

describe('stateful, sessionAsCredential', () => {
  const ctx = useServer({ stateful: true, flaws: { sessionAsCredential: true } });

  it('serves a live session without a token and with a garbage token', async () => {
    const { rs, tokens } = ctx;
    const sessionId = await openSession(rs.url, tokens.valid);
    expectServed(await send(rs.url, { body: TOOLS_LIST, sessionId }));
    expectServed(await send(rs.url, { body: TOOLS_LIST, token: GARBAGE, sessionId }));
  });

  it('lets a live session ID alone end the session', async () => {
    const { rs, tokens } = ctx;
    const sessionId = await openSession(rs.url, tokens.valid);
    const del = await send(rs.url, { method: 'DELETE', sessionId });
    expect(del.status).toBe(200);
    // Once ended, the ID is no longer live: authentication applies again.
    expectNoCredentials(await send(rs.url, { body: TOOLS_LIST, sessionId }), rs);
  });

  it('still authenticates requests without a live session', async () => {
    const { rs } = ctx;
    expectNoCredentials(await send(rs.url, { body: INITIALIZE }), rs);
    expectNoCredentials(
      await send(rs.url, { body: TOOLS_LIST, sessionId: '00000000-0000-4000-8000-000000000000' }),
      rs,
    );
    expectInvalidToken(await send(rs.url, { body: INITIALIZE, token: GARBAGE }), rs, 'Invalid Compact JWS');
  });
});
