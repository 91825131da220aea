/**
 * See docs/model/authorization.md#signals: a 401 from any probe means authorization is in use. A server
 * whose initialize is open but whose requests on the session demand a bearer
 * token must have its authorization chain walked without the user asking.
 */
import { describe, expect, it } from 'vitest';

import { scan } from '../../src/index.js';
import { startFixtureServer } from '../../src/demo/fixture-server.js';

describe('authorization that the handshake does not show', () => {
  it('is detected, and the OAuth discovery chain is walked', async () => {
    const server = await startFixtureServer({ requireAuthAfterInit: 'late-token' });
    try {
      const out = await scan({ url: server.url });
      expect(out.evidence.auth.inUse).toBe(true);
      expect(out.evidence.auth.signals).toContain('401 from the MCP endpoint after initialization');
      expect(out.evidence.oauth).not.toBeNull();
      expect(out.evidence.oauth!.challenges.length).toBeGreaterThan(0);
      // The chain is judged: its advertised PRM is never served, so PRM01 fails instead of being n/a.
      const prm01 = out.report.results.find((r) => r.checkId === 'MCPP-PRM01');
      expect(prm01?.status).toBe('fail');
      expect(JSON.stringify(out.evidence)).not.toContain('late-token');
    } finally {
      await server.close();
    }
  });

  it('published protected-resource metadata on an anonymous server is "optional auth": the chain is walked', async () => {
    const server = await startFixtureServer({ publishPrm: 'http://127.0.0.1:9' });
    try {
      const out = await scan({ url: server.url });
      expect(out.evidence.auth.signals).toEqual(['published protected-resource metadata']);
      expect(out.evidence.oauth!.prm.some((c) => c.fetch.kind === 'ok' && c.fetch.value.status === 200)).toBe(
        true,
      );
      // Anonymous listing still fails AUTHN01; PRM01 now passes instead of being not applicable.
      expect(out.report.results.find((r) => r.checkId === 'MCPP-AUTHN01')?.status).toBe('fail');
      expect(out.report.results.find((r) => r.checkId === 'MCPP-PRM01')?.status).toBe('pass');
    } finally {
      await server.close();
    }
  });
});
