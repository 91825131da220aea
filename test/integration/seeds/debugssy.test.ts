/**
 * Issue 7, Debugssy: every claim of shared/seeds/debugssy-mcp-compliance.txt gets the verdict a
 * scan of a server built the way the document describes it deserves (claim table:
 * test/fixtures/seeds/claims/debugssy.ts). The fixture is also checked directly for the behaviour
 * the document states and the scanner does not probe.
 */
import { expect, it } from 'vitest';

import { DEBUGSSY_CLAIMS } from '../../fixtures/seeds/claims/debugssy.js';
import { claimSuite } from '../../fixtures/seeds/claims/suite.js';
import { startDebugssy } from '../../fixtures/seeds/debugssy.js';
import { scanDebugssy } from '../../fixtures/seeds/scans.js';

claimSuite('Debugssy compliance document', 'debugssy', DEBUGSSY_CLAIMS, scanDebugssy, () => {
  it('fixture: /health answers as documented, and a 2025-06-18 session is served', async () => {
    const s = await startDebugssy();
    try {
      const health = (await (await fetch(`${s.origin}/health`)).json()) as Record<string, unknown>;
      expect(health).toMatchObject({
        status: 'ok',
        server: 'debugssy-mcp',
        transport: 'streamable-http',
        supportedProtocolVersions: ['2025-03-26', '2025-06-18'],
      });
      const post = (body: unknown, headers: Record<string, string> = {}) =>
        fetch(s.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            ...headers,
          },
          body: JSON.stringify(body),
        });
      const init = await post({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      });
      const sid = init.headers.get('mcp-session-id') ?? '';
      expect(sid).toMatch(/^mcp-session-[0-9a-f-]{36}$/);
      await init.text();
      const session = { 'mcp-session-id': sid };
      const list = await post(
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
        {
          ...session,
          'mcp-protocol-version': '2025-06-18',
        },
      );
      expect(list.status).toBe(200);
      await list.text();
      // The same request with the version the SDK negotiates for current clients is refused.
      const newer = await post(
        { jsonrpc: '2.0', id: 3, method: 'tools/list' },
        {
          ...session,
          'mcp-protocol-version': '2025-11-25',
        },
      );
      expect(newer.status).toBe(400);
      await newer.text();
    } finally {
      await s.close();
    }
  });
});
