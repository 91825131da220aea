/**
 * A fixture for the pinning mutation matrix: the official SDK 1.x McpServer (stateless
 * Streamable HTTP, JSON responses) whose surface is rebuilt from a mutable `state` on every
 * request, so a test can record a lock, switch one thing, and scan again against the same
 * port. Optionally behind bearer authorization: a 401 with `resource_metadata`, a protected-
 * resource document naming `state.auth.issuer`, and hand-written authorization-server hosts
 * (`startAsHost`) whose metadata and key set are mutable too (the shapes oidc-provider cannot
 * be switched between at run time).
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import express from 'express';
import type { Request, Response } from 'express';
import { exportJWK, generateKeyPair } from 'jose';
import type { JWK } from 'jose';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import * as z from 'zod/v4';

export const GOOD_TOKEN = 'pin-fixture-token';

export interface ToolState {
  name: string;
  description: string;
  /** Parameter name → required? (all strings). */
  params: Record<string, boolean>;
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean };
}

export interface PinState {
  version: string;
  instructions: string;
  tools: ToolState[];
  /** null: no authorization at all. */
  auth: { issuer: string; required: boolean } | null;
  /** Tokens see one extra tool (the token context lists differ). */
  tokenOnlyTool: boolean;
}

export const reviewedState = (): PinState => ({
  version: '1.0.0',
  instructions: 'Use echo to repeat text back to the user.',
  tools: [
    {
      name: 'echo',
      description: 'Returns the text it is given.',
      params: { text: true },
      annotations: { readOnlyHint: true, destructiveHint: false },
    },
    { name: 'get_time', description: 'Returns the current server time.', params: {} },
  ],
  auth: null,
  tokenOnlyTool: false,
});

export interface PinFixture {
  readonly url: string;
  readonly origin: string;
  readonly state: PinState;
  close(): Promise<void>;
}

function buildServer(state: PinState, withToken: boolean): McpServer {
  const server = new McpServer(
    { name: 'pin-fixture', version: state.version },
    { instructions: state.instructions },
  );
  const tools =
    withToken && state.tokenOnlyTool
      ? [...state.tools, { name: 'admin', description: 'Administers the server.', params: {} }]
      : state.tools;
  for (const t of tools) {
    const shape = Object.fromEntries(
      Object.entries(t.params).map(([k, required]) => [k, required ? z.string() : z.string().optional()]),
    );
    server.registerTool(
      t.name,
      {
        description: t.description,
        inputSchema: shape,
        ...(t.annotations ? { annotations: t.annotations } : {}),
      },
      async () => ({ content: [{ type: 'text', text: 'ok' }] }),
    );
  }
  return server;
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function startPinFixture(state: PinState = reviewedState()): Promise<PinFixture> {
  const app = express();
  app.use(express.json());
  let origin = '';
  const prmPath = '/.well-known/oauth-protected-resource/mcp';

  app.get(prmPath, (_req: Request, res: Response) => {
    if (!state.auth?.required) return void res.status(404).json({ error: 'not_found' });
    res.json({
      resource: `${origin}/mcp`,
      authorization_servers: [state.auth.issuer],
      scopes_supported: ['mcp:tools'],
      bearer_methods_supported: ['header'],
    });
  });

  app.all('/mcp', async (req: Request, res: Response) => {
    const auth = req.header('authorization');
    const withToken = auth === `Bearer ${GOOD_TOKEN}`;
    if (state.auth?.required && !withToken) {
      res.setHeader(
        'www-authenticate',
        `Bearer resource_metadata="${origin}${prmPath}", scope="mcp:tools"${auth ? ', error="invalid_token"' : ''}`,
      );
      return void res.status(401).json({ error: 'invalid_token' });
    }
    if (req.method !== 'POST') return void res.status(405).set('allow', 'POST').end();
    const server = buildServer(state, withToken);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });

  const host = await listen(app);
  origin = host.origin;
  return { url: `${origin}/mcp`, origin, state, close: host.close };
}

export interface AsHost {
  readonly issuer: string;
  /** Members merged over the default metadata; `undefined` removes a member. */
  metadata: Record<string, unknown>;
  /** Replace the key set by a fresh key. */
  rotateKey(): Promise<void>;
  close(): Promise<void>;
}

async function freshKey(kid: string): Promise<JWK> {
  const { publicKey } = await generateKeyPair('ES256', { extractable: true });
  return { ...(await exportJWK(publicKey)), kid, use: 'sig', alg: 'ES256' };
}

/** An authorization server's metadata host: RFC 8414 metadata at the root well-known URL and a JWKS. */
export async function startAsHost(): Promise<AsHost> {
  let keys: JWK[] = [await freshKey('k1')];
  let issuer = '';
  const self: { metadata: Record<string, unknown> } = { metadata: {} };
  const document = () => {
    const doc: Record<string, unknown> = {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      registration_endpoint: `${issuer}/register`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true,
    };
    for (const [k, v] of Object.entries(self.metadata)) {
      if (v === undefined) delete doc[k];
      else doc[k] = v;
    }
    return doc;
  };
  const host = await listen((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const json = (status: number, body: unknown): void =>
      void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method === 'GET' && path === '/.well-known/oauth-authorization-server')
      return json(200, document());
    if (req.method === 'GET' && path === '/jwks') return json(200, { keys });
    if (req.method === 'POST' && path === '/register') {
      req.resume();
      return json(400, { error: 'invalid_client_metadata' });
    }
    return json(404, { error: 'not_found' });
  });
  issuer = host.origin;
  return {
    issuer,
    get metadata() {
      return self.metadata;
    },
    set metadata(m) {
      self.metadata = m;
    },
    rotateKey: async () => {
      keys = [await freshKey(`k${Date.now()}`)];
    },
    close: host.close,
  };
}
