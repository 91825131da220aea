/**
 * Issue 7, VegaDūta: every claim of shared/seeds/vegaduta-mcp-spec-alignment.txt gets the verdict
 * scans of a server built the way the document describes it deserve (claim table:
 * test/fixtures/seeds/claims/vegaduta.ts): the three Origin modes, a real access token from
 * oidc-provider, and a grant key. The per-tool scope check, which the scanner cannot reach without
 * calling tools, is checked on the fixture directly.
 */
import { expect, it } from 'vitest';

import { VEGADUTA_CLAIMS } from '../../fixtures/seeds/claims/vegaduta.js';
import { claimSuite } from '../../fixtures/seeds/claims/suite.js';
import { scanVegaDuta } from '../../fixtures/seeds/scans.js';
import { scopeForTool, startVegaDuta, UNLISTED_TOOL_SCOPE } from '../../fixtures/seeds/vegaduta.js';
import { clientCredentialsToken, CONF_CLIENT, startOidcProvider } from '../../fixtures/servers/oidc.js';

claimSuite('VegaDūta specification alignment', 'vegaduta', VEGADUTA_CLAIMS, scanVegaDuta, () => {
  it('fixture: the scope table maps tools exactly, with prefixes and the unlisted fallback', () => {
    expect(scopeForTool('search_knowledge')).toBe('mcp:knowledge:search');
    expect(scopeForTool('agent_summarise')).toBe('mcp:agents:call');
    expect(scopeForTool('get_run')).toBe('mcp:workflows:call');
    expect(scopeForTool('something_else')).toBe(UNLISTED_TOOL_SCOPE);
  });

  it('fixture: a tool call without its scope gets 403 insufficient_scope; a wrong audience gets 401', async () => {
    const as = await startOidcProvider({ toggles: { cc: true } });
    const grantByClientId = { [CONF_CLIENT]: 'grant-fixture' };
    const [a, b] = await Promise.all([
      startVegaDuta({ issuer: as.issuer, grantByClientId }),
      startVegaDuta({ issuer: as.issuer, grantByClientId }),
    ]);
    try {
      const post = (token: string, body: unknown, session?: string) =>
        fetch(a.url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            ...(session ? { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' } : {}),
          },
          body: JSON.stringify(body),
        });
      const token = await clientCredentialsToken(as.issuer, a.url);
      const init = await post(token, {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      });
      expect(init.status).toBe(200);
      const session = init.headers.get('mcp-session-id')!;
      await init.text();
      const call = await post(
        token,
        { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'search_knowledge', arguments: {} } },
        session,
      );
      expect(call.status).toBe(403);
      expect(call.headers.get('www-authenticate')).toBe(
        `Bearer error="insufficient_scope", scope="mcp:knowledge:search", resource_metadata="${a.prmUrl}"`,
      );
      await call.text();
      const foreign = await post(await clientCredentialsToken(as.issuer, b.url), {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/list',
      });
      expect(foreign.status).toBe(401);
      expect(foreign.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
      await foreign.text();
    } finally {
      await Promise.allSettled([a.close(), b.close()]);
      await as.close();
    }
  });
});
