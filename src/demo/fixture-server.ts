/**
 * A hand-written MCP server (node:http only, no SDK) that is spec-correct for the 2025-11-25
 * Streamable HTTP transport by default, with misconfigurations that can be switched on one at a
 * time. It also speaks the 2024-11-05 HTTP+SSE transport. The scanner's tests and demo run
 * against it on 127.0.0.1.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  applyCors,
  header,
  isLocalHost,
  isLocalOrigin,
  rpcError,
  sendEmpty,
  sendJson,
  sendText,
} from './fixture/http.js';
import { LegacySseTransport, MESSAGES_PATH, SSE_PATH } from './fixture/legacy-sse.js';
import { resolveFixtureOptions } from './fixture/options.js';
import type { FixtureOptions } from './fixture/options.js';
import { buildCatalog } from './fixture/rpc.js';
import { StreamableTransport } from './fixture/streamable.js';

export { FIXTURE_AUTH_TOKEN, FIXTURE_FLAWS } from './fixture/options.js';
export type { FixtureFlawName, FixtureOptions } from './fixture/options.js';

export interface FixtureServer {
  /** The endpoint a client starts from: `/mcp`, or `/sse` for HTTP+SSE. */
  url: string;
  origin: string;
  port: number;
  close(): Promise<void>;
  stats(): { requests: number };
}

const MCP_PATH = '/mcp';

export async function startFixtureServer(partial: Partial<FixtureOptions> = {}): Promise<FixtureServer> {
  const opts = resolveFixtureOptions(partial);
  const catalog = buildCatalog(opts);
  const streamable = new StreamableTransport(opts, catalog);
  const legacy = new LegacySseTransport(opts, catalog);
  const isLegacy = opts.transport === 'http+sse';
  const endpointPath = isLegacy ? SSE_PATH : MCP_PATH;
  const endpointPaths = isLegacy ? [SSE_PATH, MESSAGES_PATH] : [MCP_PATH];
  let origin = '';
  let requests = 0;

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    // Like a cors() middleware mounted first: its headers land on every response, rejections included.
    applyCors(req, res, opts);
    if (!opts.hostNotValidated && !isLocalHost(header(req, 'host'))) {
      return sendJson(res, 403, rpcError(-32000, 'Forbidden: invalid Host header', undefined));
    }
    if (
      opts.publishPrm !== undefined &&
      url.pathname === `/.well-known/oauth-protected-resource${endpointPath}`
    ) {
      return sendJson(res, 200, {
        resource: `${origin}${endpointPath}`,
        authorization_servers: [opts.publishPrm],
      });
    }
    if (!endpointPaths.includes(url.pathname)) return sendText(res, 404, 'Not found');
    // Preflights are answered before Origin validation and auth, which browsers never send on them.
    if (req.method === 'OPTIONS') return sendEmpty(res, 204);
    const requestOrigin = header(req, 'origin');
    if (!opts.originNotValidated && requestOrigin !== undefined && !isLocalOrigin(requestOrigin)) {
      return sendJson(res, 403, rpcError(-32000, 'Forbidden: invalid Origin header', undefined));
    }
    const token =
      opts.requireAuth ??
      (header(req, 'mcp-session-id') !== undefined ? opts.requireAuthAfterInit : undefined);
    if (token !== undefined && header(req, 'authorization') !== `Bearer ${token}`) {
      const metadata = `resource_metadata="${origin}/.well-known/oauth-protected-resource${endpointPath}"`;
      const presented = header(req, 'authorization') !== undefined;
      const challenge = presented ? `Bearer error="invalid_token", ${metadata}` : `Bearer ${metadata}`;
      return sendEmpty(res, 401, { 'WWW-Authenticate': challenge });
    }
    return isLegacy ? legacy.handle(req, res, url) : streamable.handle(req, res);
  }

  const server = createServer((req, res) => {
    requests++;
    route(req, res).catch(() => {
      if (!res.headersSent) sendText(res, 500, 'Internal error');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}${endpointPath}`,
    origin,
    port,
    stats: () => ({ requests }),
    close: async () => {
      streamable.closeAll();
      legacy.closeAll();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Idle keep-alive sockets would otherwise hold close() open.
      server.closeAllConnections();
      await closed;
    },
  };
}
