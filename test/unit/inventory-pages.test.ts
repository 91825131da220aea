/**
 * What a paginated listing keeps (src/probe/inventory.ts): each item once, in `items`; the page
 * replies without their list (every other result member stays), so a 20 000-tool inventory is
 * not held and serialized twice. Pages come from the fixture server over loopback.
 */
import { afterEach, describe, expect, it } from 'vitest';

import { startFixtureServer } from '../../src/demo/fixture-server.js';
import type { FixtureServer } from '../../src/demo/fixture-server.js';
import { resultOf } from '../../src/evidence/parse/http-reply.js';
import { streamableHttpChannel } from '../../src/probe/channel/streamable-http.js';
import { createHttpClient } from '../../src/probe/http/client.js';
import type { HttpClient } from '../../src/probe/http/types.js';
import { listAll } from '../../src/probe/inventory.js';
import { initializeParams, POST_HEADERS, rpcRequest } from '../../src/probe/mcp-messages.js';

let server: FixtureServer | null = null;
let client: HttpClient | null = null;
afterEach(async () => {
  await client?.close();
  await server?.close();
});

describe('paginated listing', () => {
  it('keeps every item once and the page replies without their list', async () => {
    const tools = Array.from({ length: 7 }, (_, i) => ({
      name: `t${i}`,
      description: `tool ${i}`,
      inputSchema: { type: 'object' },
    }));
    server = await startFixtureServer({ tools, pageSize: 3 });
    client = createHttpClient({ target: new URL(server.url), allowPrivate: false });
    const init = await client.send({
      method: 'POST',
      url: server.url,
      headers: POST_HEADERS,
      body: rpcRequest(1, 'initialize', initializeParams('2025-11-25')),
      probe: 'p.init',
      purpose: 'open a session',
      source: 'user',
    });
    const session = init.response?.headers['mcp-session-id']?.[0];
    const channel = streamableHttpChannel(client, server.url, {
      era: 'handshake',
      sessionId: session ?? null,
      version: '2025-11-25',
    });
    const listing = await listAll(channel, 0);
    expect(listing.kind).toBe('ok');
    if (listing.kind !== 'ok') return;
    const { items, pages, replies, truncated } = listing.value;
    expect(items.map((t) => (t as { name: string }).name)).toEqual(tools.map((t) => t.name));
    expect(pages).toBe(3);
    expect(truncated).toBe(false);
    for (const [i, reply] of replies.entries()) {
      const result = resultOf(reply);
      expect(result).not.toBeNull();
      expect(Object.hasOwn(result!, 'tools')).toBe(false);
      // The cursor of every page but the last is still there.
      expect(typeof result!['nextCursor']).toBe(i < replies.length - 1 ? 'string' : 'undefined');
      // The matched response is one of the messages, not a second copy.
      expect(reply.messages).toContain(reply.response);
    }
    expect(JSON.stringify(replies)).not.toContain('tool 3');
  });
});
