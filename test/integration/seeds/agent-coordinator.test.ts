/**
 * Issue 7, Agent Coordinator: every claim of shared/seeds/agent-coordinator-mcp-compliance.txt gets
 * the verdict a scan of a server built the way the document describes it deserves (claim table:
 * test/fixtures/seeds/claims/agent-coordinator.ts). The fixture is also checked directly for the
 * documented behaviour the scanner does not probe (the custom methods and the separate SSE path).
 */
import { expect, it } from 'vitest';

import { startAgentCoordinator, validateOrigin } from '../../fixtures/seeds/agent-coordinator.js';
import { AGENT_COORDINATOR_CLAIMS } from '../../fixtures/seeds/claims/agent-coordinator.js';
import { claimSuite } from '../../fixtures/seeds/claims/suite.js';
import { scanAgentCoordinator } from '../../fixtures/seeds/scans.js';

claimSuite(
  'Agent Coordinator enhancement summary',
  'agent-coordinator',
  AGENT_COORDINATOR_CLAIMS,
  scanAgentCoordinator,
  () => {
    it('fixture: validate_origin never rejects, it only picks the CORS value', () => {
      expect(validateOrigin(undefined)).toBe('*');
      expect(validateOrigin('http://localhost:3000')).toBe('http://localhost:3000');
      expect(validateOrigin('https://evil.example')).toBe('https://evil.example');
      expect(validateOrigin('http://localhost.evil.example')).toBe('http://localhost.evil.example');
      expect(validateOrigin('http://devtools.evil.example')).toBe('http://devtools.evil.example');
      expect(validateOrigin('http://evil.example')).toBe('*');
      expect(validateOrigin('null')).toBe('*');
    });

    it('fixture: the session token authenticates custom methods and the separate SSE stream', async () => {
      const s = await startAgentCoordinator();
      try {
        const rpc = (method: string, headers: Record<string, string> = {}) =>
          fetch(s.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body: JSON.stringify({ jsonrpc: '2.0', id: 'x', method, params: {} }),
          });
        const anonymous = await rpc('tasks/create');
        expect(anonymous.status).toBe(401);
        expect(anonymous.headers.get('www-authenticate')).toBeNull();
        expect(anonymous.headers.get('mcp-protocol-version')).toBe('2025-06-18');
        await anonymous.text();
        const token = await s.registerAgent('Green Platypus');
        expect(Buffer.from(token, 'base64')).toHaveLength(32);
        const legacy = await rpc('tasks/create', { 'x-session-id': token });
        expect(legacy.status).toBe(401);
        await legacy.text();
        const withToken = await rpc('tasks/create', { 'mcp-session-id': token });
        expect(withToken.status).toBe(200);
        await withToken.text();

        expect((await fetch(s.streamUrl)).status).toBe(401);
        const controller = new AbortController();
        const stream = await fetch(s.streamUrl, {
          headers: { 'mcp-session-id': token },
          signal: controller.signal,
        });
        expect(stream.headers.get('content-type')).toBe('text/event-stream');
        expect(stream.headers.get('access-control-allow-credentials')).toBe('true');
        const reader = stream.body!.getReader();
        const first = new TextDecoder().decode((await reader.read()).value);
        expect(first).toMatch(/^event: connected\ndata: \{"session_id":"Green Platypus"/);
        controller.abort();
        await reader.cancel().catch(() => undefined);
      } finally {
        await s.close();
      }
    });
  },
);
