/**
 * A hand-written MCP server (node:http only, no SDK) that is spec-correct for 2026-07-28:
 * stateless, POST only, `server/discover`, per-request `_meta`, validated standard headers,
 * `resultType` and caching hints on results, `Mcp-Param-*` headers validated
 * and client capabilities gated for its region tools. With `dualEra` it also serves legacy
 * (initialize-era) traffic on the same endpoint, statelessly, through the 2025-era fixture's
 * transport. One defect can be switched on at a time (MODERN_DEFECTS).
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import {
  header,
  isLocalHost,
  isLocalOrigin,
  readBody,
  rpcError,
  sendJson,
  sendText,
} from './fixture/http.js';
import { DEFAULT_TOOLS, resolveFixtureOptions } from './fixture/options.js';
import { buildCatalog } from './fixture/rpc.js';
import { StreamableTransport } from './fixture/streamable.js';
import { ModernDispatcher } from './modern-fixture/dispatch.js';
import { ModernTransport } from './modern-fixture/handler.js';
import { resolveModernOptions } from './modern-fixture/options.js';
import { REGION_TOOLS } from './modern-fixture/tools.js';
import type { Caller, ModernFixtureOptions } from './modern-fixture/options.js';
import { isObject } from './modern-fixture/validate.js';

export { MODERN_DEFECTS } from './modern-fixture/options.js';
export { REGION_DESIGNATION } from './modern-fixture/region.js';
export type { ModernDefect, ModernDefectSpec, ModernFixtureOptions } from './modern-fixture/options.js';

export interface ModernFixtureServer {
  url: string;
  close(): Promise<void>;
}

const MCP_PATH = '/mcp';

/**
 * Body first, header as a cross-check (as the SDK classifies eras): `_meta` in the body, a
 * 2026-07-28 version header or an `Mcp-Method` header make a request modern.
 */
function isModern(req: IncomingMessage, body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  const hasMeta = messages.some(
    (m) => isObject(m) && isObject(m['params']) && isObject(m['params']['_meta']),
  );
  return (
    hasMeta || header(req, 'mcp-protocol-version') === '2026-07-28' || header(req, 'mcp-method') !== undefined
  );
}

/** The 2025-era transport reads the body itself: hand it a request whose body is the one already read. */
function replay(req: IncomingMessage, raw: string): IncomingMessage {
  const stream = Readable.from([Buffer.from(raw, 'utf8')]);
  return Object.assign(stream, {
    headers: req.headers,
    method: req.method,
    url: req.url,
  }) as unknown as IncomingMessage;
}

/** The caller a request's bearer token names; `full` without authorization; null when refused. */
function callerOf(req: IncomingMessage, opts: ModernFixtureOptions): Caller | null {
  if (opts.callers === null) return 'full';
  const token = /^Bearer\s+(\S+)$/i.exec(header(req, 'authorization') ?? '')?.[1];
  return token !== undefined && Object.hasOwn(opts.callers, token) ? (opts.callers[token] ?? null) : null;
}

function unauthorized(req: IncomingMessage, res: ServerResponse): void {
  // RFC 6750 §3.1: an error code only when the request carried a token.
  const challenge = header(req, 'authorization') === undefined ? 'Bearer' : 'Bearer error="invalid_token"';
  res.setHeader('www-authenticate', challenge);
  sendJson(res, 401, rpcError(-32000, 'Unauthorized', null));
}

export async function startModernFixture(
  partial: Partial<ModernFixtureOptions> = {},
): Promise<ModernFixtureServer> {
  const opts = resolveModernOptions(partial);
  // The legacy side is the 2025-era fixture without sessions (both eras stateless) and with GET 405.
  const legacyOpts = resolveFixtureOptions({
    statelessNoSessions: true,
    getMode: '405',
    tools: [...DEFAULT_TOOLS, ...REGION_TOOLS],
  });
  const catalog = buildCatalog(legacyOpts);
  const modern = new ModernTransport(opts, new ModernDispatcher(opts, catalog, legacyOpts));
  const legacy = new StreamableTransport(legacyOpts, catalog);

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!isLocalHost(header(req, 'host')))
      return sendJson(res, 403, rpcError(-32000, 'Forbidden: invalid Host header', undefined));
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== MCP_PATH)
      return sendText(res, 404, 'Not found');
    const origin = header(req, 'origin');
    if (origin !== undefined && !isLocalOrigin(origin))
      return sendJson(res, 403, rpcError(-32000, 'Forbidden: invalid Origin header', undefined));
    const caller = callerOf(req, opts);
    if (caller === null) return unauthorized(req, res);
    if (req.method !== 'POST') return opts.dualEra ? legacy.handle(req, res) : modern.other(req, res);
    const raw = await readBody(req, res);
    if (raw === undefined) return;
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return sendJson(res, 400, rpcError(-32700, 'Parse error', null));
    }
    if (opts.dualEra && !isModern(req, body)) return legacy.handle(replay(req, raw), res);
    modern.post(req, res, body, caller);
  }

  const server = createServer((req, res) => {
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
  return {
    url: `http://127.0.0.1:${port}${MCP_PATH}`,
    close: async () => {
      modern.closeAll();
      legacy.closeAll();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
