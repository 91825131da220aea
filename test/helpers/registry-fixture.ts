/**
 * A loopback MCP registry serving `GET /v0.1/servers` as the registry's OpenAPI describes it:
 * `{ servers: [{ server, _meta }], metadata: { nextCursor, count } }`, pages of `limit` with an
 * opaque cursor, `version=latest`, and `updated_since` (which, as in the official registry,
 * also lists deleted entries). It records every query it was sent.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RegistryServer {
  readonly name: string;
  readonly version: string;
  readonly updatedAt: string;
  readonly status?: 'active' | 'deprecated' | 'deleted';
  readonly remotes?: readonly { readonly type: string; readonly url: string }[];
  readonly packages?: readonly unknown[];
}

export interface RegistryFixture {
  readonly url: string;
  readonly queries: URLSearchParams[];
  close(): Promise<void>;
}

export async function startRegistryFixture(
  entries: readonly RegistryServer[],
  pageSize = 2,
): Promise<RegistryFixture> {
  const queries: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://registry.local');
    if (u.pathname !== '/v0.1/servers') {
      res.writeHead(404).end();
      return;
    }
    queries.push(u.searchParams);
    const since = u.searchParams.get('updated_since');
    const visible = entries.filter((e) =>
      since ? Date.parse(e.updatedAt) > Date.parse(since) : e.status !== 'deleted',
    );
    const limit = Math.min(Number(u.searchParams.get('limit') ?? '30'), pageSize);
    const cursor = u.searchParams.get('cursor');
    const start = cursor ? Number(Buffer.from(cursor, 'base64url').toString('utf8').slice(4)) : 0;
    const page = visible.slice(start, start + limit);
    const next =
      start + limit < visible.length ? Buffer.from(`pos:${start + limit}`).toString('base64url') : undefined;
    const body = {
      servers: page.map((e) => ({
        server: {
          $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
          name: e.name,
          description: `The ${e.name} server`,
          version: e.version,
          ...(e.remotes ? { remotes: e.remotes } : {}),
          ...(e.packages ? { packages: e.packages } : {}),
        },
        _meta: {
          'io.modelcontextprotocol.registry/official': {
            status: e.status ?? 'active',
            publishedAt: e.updatedAt,
            updatedAt: e.updatedAt,
            isLatest: true,
          },
        },
      })),
      metadata: { count: page.length, ...(next ? { nextCursor: next } : {}) },
    };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    queries,
    close: async () => {
      const closed = new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections();
      await closed;
    },
  };
}
